/**
 * One declaration per API call (docs/api.md): method, path, summary, request schema, who may
 * call it and its answers. {@link ApiRouter.operation} mounts the handler behind validation with
 * the declaration's own schemas and registers the same declaration, as a `@hono/zod-openapi`
 * route (`createRoute`), in the router's OpenAPI registry; `/api/openapi.json` is generated from
 * that registry (api/index.ts), so the document and the validation cannot drift apart.
 *
 * Validation is ours, not zod-openapi's `zValidator`: that one answers 415 to a body without
 * `Content-Type: application/json` and reads zod's English messages, where the API reads any body
 * as JSON (400 "The request body must be JSON" when it is not), refuses NUL characters first and
 * answers keyed field messages in the request's language (api/validation.ts).
 */
import { OpenAPIHono, createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z, type ZodType } from 'zod';
import { requireAdmin } from './auth.ts';
import type { ApiEnv } from './types.ts';
import { jsonBody, queryOf } from './validation.ts';

/**
 * Who may call: `none` (no token read), `optional` (a token changes what is answered), `user`
 * (a token; the handler also decides whose data it is), `admin`. `admin` is checked before the
 * input is read, so a refused caller learns nothing about what the call takes; the others are
 * checked by the handler after validation (bad input is a 400 whoever calls), since the handler
 * decides whose cart, order or profile the caller may touch.
 */
type Auth = 'none' | 'optional' | 'user' | 'admin';

/** An answer of a call: its description, and the JSON schema of its body when it has one. */
type Answer = string | { description: string; schema: ZodType };

/** The declaration of one call. */
export type Operation<P extends string, B extends ZodType | undefined, Q extends ZodType | undefined> = {
  method: 'get' | 'post';
  /** Path under the router's mount point, OpenAPI style (`/webhook/{provider}`). */
  path: P;
  summary: string;
  /** Default: the router's tags. */
  tags?: string[];
  /** The JSON body's schema (read whatever the `Content-Type`). */
  body?: B;
  /** The query string's schema. */
  query?: Q;
  auth?: Auth;
  /** Status -> answer. Statuses of 400 and above answer `{ message, fields? }`; 400 is always listed. */
  responses: Record<number, Answer>;
  /** Runs before the input is read (e.g. a body limit of its own). */
  middleware?: MiddlewareHandler[];
  /** Answers the call; reads the validated input with `c.req.valid('json' | 'query')`. */
  handler: OperationHandler<P, B, Q>;
};

/** The validated input a handler reads with `c.req.valid('json')` / `c.req.valid('query')`. */
type ValidInput<B, Q> = {
  out: (B extends ZodType ? { json: z.output<B> } : object) & (Q extends ZodType ? { query: z.output<Q> } : object);
};

/** Hono's path of an OpenAPI path (`/webhook/{provider}` -> `/webhook/:provider`), for `c.req.param`. */
type RoutingPath<P extends string> = P extends `${infer A}{${infer K}}${infer R}` ? `${A}:${K}${RoutingPath<R>}` : P;

/** A handler of a declared call. */
type OperationHandler<P extends string, B, Q> = (c: Context<ApiEnv, RoutingPath<P>, ValidInput<B, Q>>) => Response | Promise<Response>;

/** The error answer of every call (api/index.ts `errorResponse`). */
const ErrorAnswer = z
  .object({
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    twoFactorRequired: z.boolean().optional(),
  })
  .openapi('Error');

const json = (schema: ZodType) => ({ 'application/json': { schema } });

const SECURITY: Record<Auth, RouteConfig['security']> = {
  none: undefined,
  optional: [{}, { accestoken: [] }, { bearer: [] }],
  user: [{ accestoken: [] }, { bearer: [] }],
  admin: [{ accestoken: [] }, { bearer: [] }],
};

/** The `@hono/zod-openapi` route of a declaration. */
function routeOf(op: Operation<string, ZodType | undefined, ZodType | undefined>, tags: string[]) {
  const responses: RouteConfig['responses'] = {};
  for (const [status, a] of Object.entries({ 400: 'Invalid input', ...op.responses })) {
    const { description, schema } = typeof a === 'string' ? { description: a, schema: undefined } : a;
    const body = schema ?? (Number(status) >= 400 ? ErrorAnswer : undefined);
    responses[status] = body ? { description, content: json(body) } : { description };
  }
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return createRoute({
    method: op.method,
    path: op.path,
    summary: op.summary,
    tags: op.tags ?? tags,
    security: SECURITY[op.auth ?? 'none'],
    // who may call, for readers of the document (docs/api-reference.md): `security` cannot tell a
    // user's call from an admin's
    'x-auth': op.auth ?? 'none',
    request: {
      ...(op.query ? { query: op.query as never } : {}),
      ...(params.length ? { params: z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) } : {}),
      ...(op.body ? { body: { required: true, content: json(op.body) } } : {}),
    },
    responses,
  });
}

/**
 * The router of one resource (`/api/<prefix>`): an `OpenAPIHono` whose calls are declared with
 * {@link ApiRouter.operation}.
 */
export class ApiRouter extends OpenAPIHono<ApiEnv> {
  readonly #tags: string[];

  /**
   * @param tags the document's tags of the router's calls.
   * @param middleware runs before every call of the router (e.g. a body limit).
   */
  constructor(tags: string[], ...middleware: MiddlewareHandler[]) {
    super();
    this.#tags = tags;
    if (middleware.length) this.use('*', ...middleware);
  }

  /**
   * Declares a call and mounts its handler: the declaration's middleware, the admin check for
   * `auth: 'admin'`, then the query and body, validated with the declared schemas.
   * @throws {DomainError} (answered by api/index.ts) 400 for invalid input, 401/403 for `admin`.
   */
  operation<P extends string, B extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined>(op: Operation<P, B, Q>): this {
    const route = routeOf(op, this.#tags);
    this.openAPIRegistry.registerPath(route);
    const admin: MiddlewareHandler<ApiEnv> = async (c, next) => {
      await requireAdmin(c);
      await next();
    };
    const validate: MiddlewareHandler<ApiEnv> = async (c, next) => {
      if (op.query) c.req.addValidatedData('query', queryOf(c, op.query) as object);
      if (op.body) c.req.addValidatedData('json', (await jsonBody(c, op.body)) as object);
      await next();
    };
    const before = [...(op.middleware ?? []), ...(op.auth === 'admin' ? [admin] : [])];
    this.on([op.method.toUpperCase()], [route.getRoutingPath()], ...before, validate, op.handler as never);
    return this;
  }
}
