/**
 * The OpenAPI 3.1 document served at `/api/openapi.json` (api-contract). Every handler registers
 * its path with the same zod schemas it validates with, so the document cannot drift.
 */
import { z, type ZodType } from 'zod';

/** One documented operation. */
export type OperationDoc = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path under `/api`, e.g. `/cart/addProduct`. */
  path: string;
  summary: string;
  tags: string[];
  body?: ZodType;
  query?: ZodType;
  /** Status -> description (and optional schema). */
  responses: Record<number, { description: string; schema?: ZodType }>;
  /** Needs `accestoken` / Bearer. */
  auth?: 'none' | 'optional' | 'user' | 'admin';
};

const operations: OperationDoc[] = [];

/** Registers an operation for the document (idempotent per method+path). */
export function documented(op: OperationDoc): void {
  const i = operations.findIndex((o) => o.method === op.method && o.path === op.path);
  if (i >= 0) operations[i] = op;
  else operations.push(op);
}

function schemaOf(s: ZodType): unknown {
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}

const ErrorSchema = z.object({ message: z.string(), fields: z.record(z.string(), z.string()).optional() });

/** Builds the OpenAPI document. */
export function buildOpenApi(serverUrl = '/api'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const parameters = op.query
      ? Object.entries((schemaOf(op.query) as { properties?: Record<string, unknown>; required?: string[] }).properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: ((schemaOf(op.query!) as { required?: string[] }).required ?? []).includes(name),
          schema,
        }))
      : undefined;
    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(op.responses))
      responses[status] = {
        description: r.description,
        content: { 'application/json': { schema: schemaOf(r.schema ?? (Number(status) >= 400 ? ErrorSchema : z.object({}))) } },
      };
    responses['400'] ??= { description: 'Invalid input', content: { 'application/json': { schema: schemaOf(ErrorSchema) } } };
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      tags: op.tags,
      ...(parameters ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.body) } } } } : {}),
      ...(op.auth && op.auth !== 'none'
        ? { security: op.auth === 'optional' ? [{}, { accestoken: [] }, { bearer: [] }] : [{ accestoken: [] }, { bearer: [] }] }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cigar shop JSON API',
      version: '1.0.0',
      description: "The calls of the specification (section 7) and the shop's own calls. Money in CHF with at most 2 decimals.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        accestoken: { type: 'apiKey', in: 'header', name: 'accestoken' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
    paths,
  };
}
