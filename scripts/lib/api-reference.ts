/**
 * The JSON API reference as Markdown (`docs/api-reference.md`), rendered from the OpenAPI document
 * the API builds from its own declarations (api/openapi.ts): the same zod schemas that validate
 * every call, so the reference cannot drift from the code. `npm run docs:api` writes the file;
 * tests/integration/api-reference.test.ts fails when it is out of date.
 */
import * as prettier from 'prettier';
import { createApi } from '../../api/index.ts';
import type { Shop } from '../../core/shop.ts';

/** The part of a JSON Schema (OpenAPI 3.1) the reference reads. */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  description?: string;
  $ref?: string;
  nullable?: boolean;
};
type Operation = {
  summary?: string;
  tags?: string[];
  'x-auth'?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** The API's OpenAPI document, built without a database: declarations need no shop. */
export async function apiDocument(): Promise<Document> {
  // the document reads only the public origin (for `servers`); the calls are never run here
  const api = createApi({ env: { PUBLIC_URL: 'https://shop.example' } } as unknown as Shop);
  const res = await api.request('/openapi.json');
  return (await res.json()) as Document;
}

const WHO: Record<string, string> = {
  none: 'anyone',
  optional: 'anyone; a token changes the answer',
  user: 'a signed-in user (token); the call checks whose data it is',
  admin: 'an Admin',
};

/** A schema's type in one line: `string (1–64)`, `"damaged" | "wrong_item"`, `{ cart: { products: [...] } }`. */
function typeOf(s: Schema | undefined, doc: Document, depth = 0): string {
  if (!s) return 'any';
  if (s.$ref) {
    const name = s.$ref.split('/').pop() ?? '';
    const target = doc.components?.schemas?.[name];
    return depth > 2 || !target ? name : typeOf(target, doc, depth);
  }
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map((u) => typeOf(u, doc, depth)).join(' \\| ');
  if (s.allOf) return s.allOf.map((u) => typeOf(u, doc, depth)).join(' & ');
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const main = types.filter((t) => t !== 'null');
  const nullable = types.includes('null') || s.nullable ? ' or null' : '';
  const t = main[0];
  if (t === 'object' || s.properties) {
    const props = Object.entries(s.properties ?? {});
    if (!props.length) return `object${nullable}`;
    if (depth >= 3) return `{ ${props.map(([k]) => k).join(', ')} }${nullable}`;
    const req = new Set(s.required ?? []);
    return `{ ${props.map(([k, v]) => `${k}${req.has(k) ? '' : '?'}: ${typeOf(v, doc, depth + 1)}`).join(', ')} }${nullable}`;
  }
  if (t === 'array') return `[ ${typeOf(s.items, doc, depth + 1)} ]${nullable}`;
  return `${t ?? 'any'}${constraints(s)}${nullable}`;
}

/** The limits of a scalar: `(1–64 characters)`, `(1 to 999)`, `(email)`. */
function constraints(s: Schema): string {
  const out: string[] = [];
  if (s.format) out.push(s.format);
  if (s.minLength !== undefined || s.maxLength !== undefined) out.push(`${s.minLength ?? 0}–${s.maxLength ?? '…'} characters`);
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? `> ${s.exclusiveMinimum}` : undefined);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? `< ${s.exclusiveMaximum}` : undefined);
  if (min !== undefined || max !== undefined) out.push(`${min ?? '…'} to ${max ?? '…'}`);
  if (s.pattern) out.push(`pattern \`${s.pattern.replace(/\|/g, '\\|')}\``);
  return out.length ? ` (${out.join(', ')})` : '';
}

/** The fields of a body or query as table rows: name, type, required. */
function fieldRows(s: Schema | undefined, doc: Document): string[] {
  const target = s?.$ref ? doc.components?.schemas?.[s.$ref.split('/').pop() ?? ''] : s;
  const req = new Set(target?.required ?? []);
  return Object.entries(target?.properties ?? {}).map(([k, v]) => `| \`${k}\` | ${typeOf(v, doc, 1)} | ${req.has(k) ? 'yes' : 'no'} |`);
}

/** The whole reference, Markdown, one section per tag in the document's order. */
function renderApiReference(doc: Document): string {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  const lines = [
    '# JSON API reference',
    '',
    "<!-- Generated by `npm run docs:api` from the API's own declarations (api/openapi.ts). Do not edit by hand. -->",
    '',
    'Every call under `/api`, grouped by resource: who may call it, what it takes and what it answers.',
    'The conventions (errors, status codes, money in CHF, tokens) are in [api.md](api.md). Every error',
    'answer is `{ message, fields? }`. The same document is served as OpenAPI 3.1 at `/api/openapi.json`.',
    '',
  ];
  for (const [tag, ops] of byTag) {
    lines.push(`## ${tag}`, '');
    for (const { method, path, op } of ops) {
      lines.push(`### \`${method.toUpperCase()} /api${path}\``, '');
      if (op.summary) lines.push(op.summary, '');
      lines.push(`Who may call: ${WHO[op['x-auth'] ?? 'none'] ?? op['x-auth']}.`, '');
      const query = (op.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path');
      if (query.length) {
        lines.push('| parameter | type | required |', '|---|---|---|');
        for (const p of query) lines.push(`| \`${p.name}\` (${p.in}) | ${typeOf(p.schema, doc, 1)} | ${p.required ? 'yes' : 'no'} |`);
        lines.push('');
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      const rows = fieldRows(body, doc);
      if (rows.length) lines.push('| body field | type | required |', '|---|---|---|', ...rows, '');
      const answers = Object.entries(op.responses ?? {});
      if (answers.length) {
        lines.push('| status | answer |', '|---|---|');
        for (const [status, a] of answers) {
          const schema = a.content?.['application/json']?.schema;
          const shape = schema && Number(status) < 400 ? `: \`${typeOf(schema, doc).replace(/`/g, '')}\`` : '';
          lines.push(`| ${status} | ${(a.description ?? '').replace(/\|/g, '\\|')}${shape} |`);
        }
        lines.push('');
      }
    }
  }
  return (
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}

/** {@link renderApiReference}, formatted as `npm run lint`'s Prettier check wants the file. */
export async function formattedApiReference(doc: Document, file = 'docs/api-reference.md'): Promise<string> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(renderApiReference(doc), { ...options, filepath: file });
}
