import { z } from 'zod';
import * as account from '@vendo/contract/api/account';
import * as adverts from '@vendo/contract/api/adverts';
import * as analytics from '@vendo/contract/api/analytics';
import * as apiKeys from '@vendo/contract/api/api-keys';
import { API_KEY_HEADER, API_KEY_RATE, apiKeyMayCall, isReadingCall } from '@vendo/contract/api/api-keys';
import * as audit from '@vendo/contract/api/audit';
import * as bankCards from '@vendo/contract/api/bank-cards';
import * as bankDirectory from '@vendo/contract/api/bank-directory';
import type { Call } from '@vendo/contract/api/call';
import * as catalog from '@vendo/contract/api/catalog';
import * as coupons from '@vendo/contract/api/coupons';
import * as devices from '@vendo/contract/api/devices';
import * as funds from '@vendo/contract/api/funds';
import * as gifts from '@vendo/contract/api/gifts';
import * as marketing from '@vendo/contract/api/marketing';
import * as members from '@vendo/contract/api/members';
import * as notify from '@vendo/contract/api/notify';
import * as orders from '@vendo/contract/api/orders';
import * as passport from '@vendo/contract/api/passport';
import * as purchase from '@vendo/contract/api/purchase';
import * as referrers from '@vendo/contract/api/referrers';
import * as splits from '@vendo/contract/api/splits';
import * as staff from '@vendo/contract/api/staff';
import * as stock from '@vendo/contract/api/stock';
import * as webhooks from '@vendo/contract/api/webhooks';
import { PERMISSIONS } from '@vendo/contract/permissions';
import { LOCALES } from '@vendo/contract/locales';
import { RCODE, rcodeCatalogue } from '@vendo/contract/rcodes';

/*
 * The public API's OpenAPI 3.1 document (issue 20, decision 047), made from the calls the server registered, so it
 * cannot drift from the code: each call's body and result schemas are the contract's zod schemas turned into JSON
 * Schema (zod 4's toJSONSchema: the body as accepted, the result as answered), the result wrapped in the envelope
 * {rcode, msg, result}; who may call it (public, a session, a member cert, an API key), its permission code, whether
 * it is main-account only, the app it needs, and the rcodes every such call can answer. The whole rcode catalogue is
 * in `x-rcodes`. Served at GET /p/v1/openapi.json, readable at /p/v1/api-docs (openapi-page.ts).
 */

/** A registered call as CallRegistrar lists it. */
export type RegisteredCall = Pick<
  Call<z.ZodType, z.ZodType>,
  | 'path'
  | 'auth'
  | 'perm'
  | 'anyPerm'
  | 'mainOnly'
  | 'staffRefusal'
  | 'staffOnly'
  | 'app'
  | 'request'
  | 'response'
>;

type JsonSchema = Record<string, unknown>;

export interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  parameters: JsonSchema[];
  requestBody: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<
    string,
    { description: string; content?: { 'application/json': { schema: JsonSchema } } }
  >;
  'x-auth': Call<z.ZodType, z.ZodType>['auth'];
  'x-permission'?: { code: number; name: string };
  /** Staff also need at least one of these (which one depends on the body). */
  'x-any-permission'?: Array<{ code: number; name: string }>;
  'x-main-only'?: true;
  'x-staff-only'?: true;
  'x-app'?: string;
  'x-api-key': boolean;
  'x-audited-with-api-key'?: true;
  'x-rcodes': number[];
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, { post: Operation }>;
  components: {
    securitySchemes: Record<string, { type: 'apiKey'; in: 'header'; name: string; description: string }>;
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
  };
  'x-rcodes': Record<string, { name: string; text: Record<string, string> }>;
}

/** The contract's files, for the group (tag) each call is listed under. */
const CONTRACT: Record<string, Record<string, unknown>> = {
  account,
  adverts,
  analytics,
  'api-keys': apiKeys,
  audit,
  'bank-cards': bankCards,
  'bank-directory': bankDirectory,
  catalog,
  coupons,
  devices,
  funds,
  gifts,
  marketing,
  members,
  notify,
  orders,
  passport,
  purchase,
  referrers,
  splits,
  staff,
  stock,
  webhooks,
};

function isCall(value: unknown): value is Call<z.ZodType, z.ZodType> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { path?: unknown }).path === 'string' &&
    (value as { request?: unknown }).request instanceof z.ZodType
  );
}

/** Path → [contract file, exported name]. */
const NAMED = new Map<string, [string, string]>(
  Object.entries(CONTRACT).flatMap(([file, exports]) =>
    Object.entries(exports).flatMap(([name, value]) =>
      isCall(value) ? [[value.path, [file, name] as [string, string]] as const] : [],
    ),
  ),
);

const PERMISSION_NAMES = new Map<number, string>(
  Object.entries(PERMISSIONS).map(([name, code]) => [code, name]),
);

/** A zod schema as JSON Schema: `input` for a body (what may be sent), `output` for a result (what is answered). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json['$schema'];
  return json;
}

/** The rcodes any call of this kind can answer besides its own business ones. */
function commonRcodes(call: RegisteredCall): number[] {
  const codes: number[] = [RCODE.OK, RCODE.INVALID_PARAM];
  if (call.auth === 'session') codes.push(RCODE.SESSION_EXPIRED);
  if (call.auth === 'member') codes.push(RCODE.INVALID_CERT);
  if (call.auth === 'passport') codes.push(RCODE.USER_INFO_FAILED, RCODE.NOT_PASSPORT_LOGIN);
  if (call.perm !== undefined || call.anyPerm !== undefined || call.mainOnly || call.staffOnly)
    codes.push(RCODE.FORBIDDEN);
  if (call.staffRefusal !== undefined) codes.push(call.staffRefusal);
  if (call.app !== undefined) codes.push(RCODE.APP_EXPIRED);
  if (call.auth === 'session') {
    codes.push(RCODE.API_KEY_INVALID, RCODE.TOO_MANY_ATTEMPTS);
    if (!apiKeyMayCall(call)) codes.push(RCODE.API_KEY_CALL_REFUSED);
  }
  return codes;
}

const SESSION = [{ sessionToken: [], sessionSecret: [] }];

function securityOf(call: RegisteredCall): Operation['security'] {
  if (call.auth === 'public') return [];
  if (call.auth === 'member') return [{ memberToken: [], memberSecret: [] }];
  if (call.auth === 'passport') return SESSION;
  return apiKeyMayCall(call) ? [...SESSION, { apiKey: [] }] : SESSION;
}

function operationOf(call: RegisteredCall): Operation {
  const [file, name] = NAMED.get(call.path) ?? ['other', call.path.slice(call.path.lastIndexOf('/') + 1)];
  const result = jsonSchema(call.response, 'output');
  const keyAllowed = call.auth === 'session' && apiKeyMayCall(call);
  const operation: Operation = {
    operationId: `${file}.${name}`,
    summary: name,
    tags: [file],
    security: securityOf(call),
    parameters: [{ $ref: '#/components/parameters/lang' }],
    requestBody: {
      required: false,
      content: { 'application/json': { schema: jsonSchema(call.request, 'input') } },
    },
    responses: {
      '200': {
        description: 'The envelope: rcode 0 and the result, or another rcode, its message and a null result.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['rcode', 'msg', 'result'],
              properties: {
                rcode: { type: 'integer', description: 'See x-rcodes.' },
                msg: { type: 'string', description: 'In the language of the lang header.' },
                result: { anyOf: [result, { type: 'null' }] },
              },
            },
          },
        },
      },
    },
    'x-auth': call.auth,
    'x-api-key': keyAllowed,
    'x-rcodes': commonRcodes(call),
  };
  if (call.perm !== undefined) {
    operation['x-permission'] = {
      code: call.perm,
      name: PERMISSION_NAMES.get(call.perm) ?? String(call.perm),
    };
  }
  if (call.anyPerm !== undefined) {
    operation['x-any-permission'] = call.anyPerm.map((code) => ({
      code,
      name: PERMISSION_NAMES.get(code) ?? String(code),
    }));
  }
  if (call.mainOnly) operation['x-main-only'] = true;
  if (call.staffOnly) operation['x-staff-only'] = true;
  if (call.app !== undefined) operation['x-app'] = call.app;
  if (keyAllowed && !isReadingCall(call.path)) operation['x-audited-with-api-key'] = true;
  return operation;
}

const DESCRIPTION = `Every call is a POST with a JSON body and answers HTTP 200 with the envelope {rcode, msg, result}: rcode 0 is success, any other rcode names what went wrong (x-rcodes lists them all) and msg says it in the caller's language (the lang header: ${LOCALES.join(', ')}).

Callers: public calls need nothing; session calls need the token and secret headers of a login, or an API key in the ${API_KEY_HEADER} header (made by the merchant's main account, scoped to permission codes and stores, checked like a staff member's role; ${API_KEY_RATE.perMinute} calls a minute per key). Main-account-only calls and the account's own calls refuse keys (x-api-key false). See docs/api.md.`;

/** The document of these calls. */
export function openApiDocument(calls: readonly RegisteredCall[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const call of [...calls].sort((a, b) => a.path.localeCompare(b.path))) {
    paths[call.path] = { post: operationOf(call) };
  }
  const tags = [...new Set(Object.values(paths).flatMap((p) => p.post.tags))]
    .sort()
    .map((name) => ({ name }));
  const header = (name: string, description: string) =>
    ({ type: 'apiKey', in: 'header', name, description }) as const;
  return {
    openapi: '3.1.0',
    info: { title: 'Vendo API', version, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        sessionToken: header('token', 'The token of a login (/p/v1/login answers it).'),
        sessionSecret: header('secret', 'The secret of the same login.'),
        memberToken: header('token', "A member cert's token."),
        memberSecret: header('secret', "A member cert's secret."),
        apiKey: header(API_KEY_HEADER, 'An API key of the merchant, shown once when made.'),
      },
      schemas: {},
      parameters: {
        lang: {
          name: 'lang',
          in: 'header',
          required: false,
          description: 'The language of msg.',
          schema: { type: 'string', enum: [...LOCALES] },
        },
      },
    },
    'x-rcodes': Object.fromEntries(
      Object.entries(rcodeCatalogue).map(([code, entry]) => [
        code,
        { name: entry.name, text: { ...entry.text } },
      ]),
    ),
  };
}
