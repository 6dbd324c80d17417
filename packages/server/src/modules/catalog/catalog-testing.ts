import zlib from 'node:zlib';
import { expect } from 'vitest';
import type { UserInfo } from '@vendo/contract/api/account';
import type { SubUser } from '@vendo/contract/api/staff';
import { sessionHeaders, signUpMerchant } from '../../testing/accounts';
import type { TestAnswer, TestApp } from '../../testing/test-app';

/** Test helpers of the catalog and stock suites. */

export interface Caller {
  user: UserInfo;
  headers: Record<string, string>;
  merchantId: number;
  userId: number;
  /** Staff made by staffAccount: their role (null without one). */
  roleId?: number | null;
}

export async function mainAccount(t: TestApp, phone: string): Promise<Caller> {
  const user = await signUpMerchant(t, phone);
  const row = await t.db.kysely
    .selectFrom('users')
    .select(['id', 'merchant_id'])
    .where('username', '=', phone)
    .where('is_main', '=', 1)
    .executeTakeFirstOrThrow();
  return { user, headers: sessionHeaders(user), merchantId: row.merchant_id, userId: row.id };
}

/**
 * A staff member of the merchant, made the way the main account makes one (a role holding `perms` through
 * /a/addRole, the staff member through /u/addSubUser), and logged in as account@<main phone> like a person would.
 * Without perms the staff member has no role, so no permission.
 */
export async function staffAccount(
  t: TestApp,
  main: Caller,
  options: { account: string; goodsOwnOnly?: boolean; storeIds?: number[] | null; perms?: number[] },
): Promise<Caller> {
  const storeIds = options.storeIds ?? null;
  const roleId = options.perms?.length
    ? ok<{ roleid: number }>(
        await t.call(
          '/api/v1/a/addRole',
          { name: `Role ${options.account}`, note: 'test role', permissions: options.perms },
          main.headers,
        ),
      ).roleid
    : null;
  const added = ok<{ sub_userid: number; login_name: string }>(
    await t.call(
      '/api/v1/u/addSubUser',
      {
        sub_username: options.account,
        nickname: options.account,
        password: 'staff-pass-1',
        confirm_password: 'staff-pass-1',
        roleid: roleId,
        all_device: storeIds === null ? 1 : 0,
        store: storeIds ?? [],
        goods_own_only: options.goodsOwnOnly ? 1 : 0,
      },
      main.headers,
    ),
  );
  const login = await t.call('/p/v1/login', { username: added.login_name, password: 'staff-pass-1' });
  if (login.rcode !== 0) throw new Error(`staff login: ${login.msg}`);
  const user = login.result as UserInfo;
  return {
    user,
    headers: sessionHeaders(user),
    merchantId: main.merchantId,
    userId: added.sub_userid,
    roleId,
  };
}

/** Gives a staff member made by staffAccount other permissions, through their role (made now if they had none). */
export async function setStaffPermissions(
  t: TestApp,
  main: Caller,
  staff: Caller,
  perms: number[],
): Promise<void> {
  const role = { name: `Role ${staff.userId}`, note: 'test role', permissions: perms };
  if (staff.roleId) {
    ok(await t.call('/api/v1/a/editRole', { roleid: staff.roleId, ...role }, main.headers));
    return;
  }
  const roleid = ok<{ roleid: number }>(await t.call('/api/v1/a/addRole', role, main.headers)).roleid;
  const list = ok<{ data: SubUser[] }>(await t.call('/api/v1/u/getSubUser', { pageSize: 999 }, main.headers));
  const current = list.data.find((u) => u.sub_userid === staff.userId);
  if (!current) throw new Error(`no staff ${staff.userId}`);
  ok(
    await t.call(
      '/api/v1/u/editSubUser',
      {
        sub_userid: current.sub_userid,
        sub_username: current.sub_username,
        nickname: current.nickname,
        phone: current.phone,
        roleid,
        all_device: current.all_device,
        store: current.store.map((s) => s._id),
        goods_own_only: current.goods_own_only,
        bank_own_only: current.bank_own_only,
      },
      main.headers,
    ),
  );
  staff.roleId = roleid;
}

/** Asserts success and returns the result, showing the msg when it failed. */
export function ok<T = Record<string, unknown>>(answer: TestAnswer): T {
  expect(answer.rcode, answer.msg).toBe(0);
  return answer.result as T;
}

/** Sets an extend value of one of the merchant's app modules (quotas), or its expiry. */
export async function setApp(
  t: TestApp,
  merchantId: number,
  name: string,
  change: { extend?: Record<string, string>; expireAt?: number },
): Promise<void> {
  const row = await t.db.kysely
    .selectFrom('app_modules')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('app_module_name', '=', name)
    .executeTakeFirstOrThrow();
  const extend = JSON.parse(row.extend) as { name: string; value: string }[];
  for (const [key, value] of Object.entries(change.extend ?? {})) {
    const found = extend.find((e) => e.name === key);
    if (found) found.value = value;
    else extend.push({ name: key, value });
  }
  await t.db.kysely
    .updateTable('app_modules')
    .set({ extend: JSON.stringify(extend), expire_at: change.expireAt ?? row.expire_at })
    .where('id', '=', row.id)
    .execute();
}

type FormPart = string | { filename: string; type: string; data: Uint8Array };

/** A multipart/form-data body as a browser sends it, for app.inject; a list of parts may repeat a name. */
export async function multipartBody(
  parts: Record<string, FormPart> | [name: string, value: FormPart][],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Array.isArray(parts) ? parts : Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([Buffer.from(value.data)], { type: value.type }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** POSTs a multipart body and parses the envelope. */
export async function postMultipart(
  t: TestApp,
  path: string,
  parts: Parameters<typeof multipartBody>[0],
  headers: Record<string, string>,
): Promise<TestAnswer> {
  const body = await multipartBody(parts);
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    payload: body.payload,
    headers: { lang: 'en-US', ...headers, ...body.headers },
  });
  return { status: response.statusCode, ...response.json<{ rcode: number; msg: string; result: unknown }>() };
}

/** Small whole images of each kind (each decodes in a browser: PNG 1×1, GIF 1×1, JPEG 2×1, WebP lossless 1×1). */
export const SAMPLE_IMAGES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpeg: Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhg' +
      'VGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAIDASIAAhEBAxEB/8QAFQ' +
      'ABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAA' +
      'AAAAA/9oADAMBAAIRAxEAPwC8BOnX/9k=',
    'base64',
  ),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
};

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(zlib.crc32(chunk.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return chunk;
}

/** A whole PNG of `size` bytes at least: the sample padded by an ancillary chunk that decoders skip. */
export function paddedPng(size: number): Buffer {
  const image = SAMPLE_IMAGES.png;
  const iend = image.length - 12;
  const filler = pngChunk('vnDo', Buffer.alloc(Math.max(0, size - image.length - 12)));
  return Buffer.concat([image.subarray(0, iend), filler, image.subarray(iend)]);
}

/** A whole black PNG of any size, one bit a pixel, so that even 8000×8000 stays small. */
export function pngOfSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale
  const pixels = zlib.deflateSync(Buffer.alloc(height * (1 + Math.ceil(width / 8))));
  return Buffer.concat([
    SAMPLE_IMAGES.png.subarray(0, 8),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A bound machine standing in a store with its shelves, written straight into the machines tables. */
export async function addMachine(
  t: TestApp,
  input: {
    merchantId: number;
    sn: string;
    areaId: number | null;
    storeId: number | null;
    threshold?: number;
    shelves?: {
      channel_sn: number;
      goods_id: number | null;
      quantity: number;
      capacity: number;
      enabled?: number;
    }[];
  },
): Promise<{ deviceId: number; channelIds: number[] }> {
  const now = t.clock.now;
  const device = await t.db.kysely
    .insertInto('devices')
    .values({
      sn: input.sn,
      clientid: `client-${input.sn}`,
      secret_hash: '0'.repeat(64),
      type: 'vm',
      merchant_id: input.merchantId,
      title: `Machine ${input.sn}`,
      area_id: input.areaId,
      store_id: input.storeId,
      payout_merchant_id: null,
      is_bank_split: 0,
      bank_split_id: null,
      alive: 1,
      conn_id: null,
      online_at: now,
      offline_at: null,
      seen_at: now,
      rssi: 20,
      version: '',
      mversion: '',
      imei: '',
      android_version: '',
      settings: '{}',
      stock_notify_threshold: input.threshold ?? 0,
      settings_rev: 1,
      settings_acked_rev: 1,
      shelves_rev: 1,
      shelves_acked_rev: 1,
      last_dispense_at: null,
      bound_at: now,
      batch: 'test',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const channelIds: number[] = [];
  for (const [i, shelf] of (input.shelves ?? []).entries()) {
    const row = await t.db.kysely
      .insertInto('channels')
      .values({
        device_id: device.id,
        position: i + 1,
        channel_sn: shelf.channel_sn,
        name: `Shelf ${shelf.channel_sn}`,
        price: 300,
        game_price: 0,
        quantity: shelf.quantity,
        capacity: shelf.capacity,
        probability: 0,
        difficulty: 'normal',
        enabled: shelf.enabled ?? 1,
        goods_id: shelf.goods_id,
        status: 0,
        fault: '',
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    channelIds.push(row.id);
  }
  return { deviceId: device.id, channelIds };
}
