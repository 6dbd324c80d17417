import type { OpenApiDocument, Operation } from './openapi';

/*
 * The API reference as one server-rendered HTML page (/p/v1/api-docs), read from the OpenAPI document: no script,
 * its stylesheet a file of this server, so it passes the content security policy every HTML answer carries
 * (platform/security-headers.ts) and needs no CDN or viewer bundle. English only, like the document: it is for
 * the developers of integrations.
 */

type Schema = Record<string, unknown>;

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A schema's type in a few words: "string ≤ 50", "integer[]", "'goods' | 'game'", "object". */
export function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if ('const' in schema) return JSON.stringify(schema['const']);
  if (Array.isArray(schema['enum']))
    return (schema['enum'] as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  const anyOf = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(anyOf)) {
    return [...new Set((anyOf as Schema[]).map(typeOf))].join(' | ');
  }
  const type = schema['type'];
  if (type === 'array') return `${typeOf(schema['items'] as Schema | undefined)}[]`;
  if (type === 'string' && typeof schema['maxLength'] === 'number') return `string ≤ ${schema['maxLength']}`;
  if (typeof type === 'string') return type;
  return 'any';
}

/** The first level of an object schema as rows: name, type, required. */
function fieldRows(schema: Schema | undefined): string {
  const object = (schema?.['anyOf'] as Schema[] | undefined)?.find((s) => s['type'] === 'object') ?? schema;
  const properties = (object?.['properties'] ?? {}) as Record<string, Schema>;
  const required = new Set((object?.['required'] ?? []) as string[]);
  const names = Object.keys(properties);
  if (names.length === 0) return '<p class="none">No fields.</p>';
  const rows = names
    .map(
      (name) =>
        `<tr><td><code>${escape(name)}</code></td><td>${escape(typeOf(properties[name]))}</td><td>${
          required.has(name) ? 'required' : ''
        }</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Field</th><th>Type</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
}

function badges(op: Operation): string {
  const list: string[] = [op['x-auth']];
  if (op['x-main-only']) list.push('main account only');
  if (op['x-permission']) list.push(`permission ${op['x-permission'].code} ${op['x-permission'].name}`);
  if (op['x-any-permission'])
    list.push(`one of ${op['x-any-permission'].map((p) => `${p.code} ${p.name}`).join(', ')}`);
  if (op['x-app']) list.push(`app ${op['x-app']}`);
  if (op['x-api-key']) list.push('API key');
  if (op['x-audited-with-api-key']) list.push('audited with a key');
  return list.map((b) => `<span class="badge">${escape(b)}</span>`).join(' ');
}

function section(path: string, op: Operation): string {
  const result = (
    (op.responses['200']?.content?.['application/json'].schema['properties'] as Record<string, Schema>)?.[
      'result'
    ]?.['anyOf'] as Schema[] | undefined
  )?.[0];
  const rcodes = op['x-rcodes'].join(', ');
  return `<section id="${escape(op.operationId)}">
<h3><span class="method">POST</span> <code>${escape(path)}</code></h3>
<p>${badges(op)}</p>
<h4>Body</h4>${fieldRows(op.requestBody.content['application/json'].schema)}
<h4>Result</h4>${fieldRows(result)}
<p class="rcodes">rcodes besides its own: ${escape(rcodes)}</p>
</section>`;
}

/** The whole page. */
export function apiReferencePage(doc: OpenApiDocument): string {
  const byTag = new Map<string, Array<[string, Operation]>>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const tag = item.post.tags[0] ?? 'other';
    byTag.set(tag, [...(byTag.get(tag) ?? []), [path, item.post]]);
  }
  const tags = [...byTag.keys()].sort();
  const toc = tags
    .map((tag) => `<li><a href="#tag-${escape(tag)}">${escape(tag)}</a> (${byTag.get(tag)!.length})</li>`)
    .join('');
  const body = tags
    .map(
      (tag) =>
        `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>` +
        byTag
          .get(tag)!
          .map(([path, op]) => section(path, op))
          .join('\n'),
    )
    .join('\n');
  const rcodes = Object.entries(doc['x-rcodes'])
    .map(
      ([code, entry]) =>
        `<tr><td>${escape(code)}</td><td><code>${escape(entry.name)}</code></td><td>${escape(
          entry.text['en-US'] ?? '',
        )}</td></tr>`,
    )
    .join('');
  const intro = doc.info.description
    .split('\n\n')
    .map((p) => `<p>${escape(p)}</p>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} reference</title>
<link rel="stylesheet" href="/p/v1/api-docs.css">
</head>
<body>
<header><h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1>
<p><a href="/p/v1/openapi.json">OpenAPI 3.1 document (JSON)</a></p></header>
<main>
${intro}
<nav><h2>Groups</h2><ul>${toc}<li><a href="#rcodes">rcodes</a></li></ul></nav>
${body}
<h2 id="rcodes">rcodes</h2>
<table><thead><tr><th>rcode</th><th>Name</th><th>Message (en-US)</th></tr></thead><tbody>${rcodes}</tbody></table>
</main>
</body>
</html>
`;
}

/** The page's stylesheet, served as a file (the policy allows no inline style). */
export const API_REFERENCE_CSS = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1f2329; background: #f7f8fa; }
header { background: #1677ff; color: #fff; padding: 12px 16px; }
header a { color: #fff; }
h1 small { font-size: 14px; font-weight: normal; opacity: 0.8; }
main { max-width: 960px; margin: 0 auto; padding: 8px 16px 48px; }
section { background: #fff; border-radius: 8px; padding: 8px 16px; margin: 12px 0; }
h2 { margin-top: 32px; border-bottom: 1px solid #dcdfe6; }
h3 { margin: 8px 0; font-size: 16px; word-break: break-all; }
h4 { margin: 8px 0 4px; font-size: 13px; color: #646a73; }
.method { background: #e8f3ff; color: #1677ff; border-radius: 4px; padding: 0 6px; font-size: 13px; }
.badge { display: inline-block; background: #f2f3f5; border-radius: 10px; padding: 0 8px; font-size: 12px; margin: 2px 0; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; border-bottom: 1px solid #eef0f3; padding: 3px 6px; vertical-align: top; }
td:nth-child(2) { word-break: break-word; }
.none, .rcodes { color: #646a73; font-size: 13px; }
`;
