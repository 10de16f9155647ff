/**
 * The JSON API under `/api` (docs/api.md). One Hono sub-app per resource;
 * errors become `{ message, fields? }` with the contract's status codes; never a 500 for bad input.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { DomainError, STATUS_FOR } from '../core/errors.ts';
import { TWO_FACTOR_REQUIRED_KEY } from '../core/accounts/index.ts';
import type { Shop } from '../core/shop.ts';
import { cartApi } from './cart.ts';
import { configurationApi } from './configuration.ts';
import { customboxApi } from './custombox.ts';
import { requestLanguage, translateError, translateFields } from './i18n.ts';
import type { ApiRouter } from './openapi.ts';
import { orderApi } from './order.ts';
import { paymentApi } from './payment.ts';
import { productApi } from './product.ts';
import { emailApi } from './email.ts';
import { tokenApi } from './token.ts';
import { userApi } from './user.ts';
import { influencerApi } from './influencer.ts';
import type { ApiEnv } from './types.ts';
import { publicOrigin } from '../core/config/browser.ts';

/**
 * A resource router and where it is mounted (`/api/<prefix>`). Other modules add theirs here; a
 * router's calls are declared with `ApiRouter.operation` (api/openapi.ts), which documents them.
 */
export type ApiModule = { prefix: string; app: ApiRouter };

/** The resource routers of the shop. */
const apiModules: ApiModule[] = [
  { prefix: '/configuration', app: configurationApi },
  { prefix: '/product', app: productApi },
  { prefix: '/cart', app: cartApi },
  { prefix: '/user', app: userApi },
  { prefix: '/user', app: influencerApi },
  { prefix: '/token', app: tokenApi },
  { prefix: '/email', app: emailApi },
  { prefix: '/order', app: orderApi },
  { prefix: '/payment', app: paymentApi },
  { prefix: '/custombox', app: customboxApi },
];

/** Maps any thrown value to the contract's error answer. */
function errorResponse(c: Context<ApiEnv>, err: unknown): Response {
  if (err instanceof DomainError) {
    const message = translateError(c.get('locale'), err);
    const body: Record<string, unknown> = { message };
    if (err.opts.fields) body.fields = translateFields(c.get('locale'), err.opts.fields);
    if (err.opts.key === TWO_FACTOR_REQUIRED_KEY) body.twoFactorRequired = true; // user/login: send `otp` too
    return c.json(body, STATUS_FOR[err.code]);
  }
  if (err instanceof HTTPException) {
    return c.json({ message: err.message || 'Request refused' }, err.status);
  }
  c.get('shop')?.log.error({ err, path: c.req.path }, 'unhandled API error');
  return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
}

/**
 * The OpenAPI 3.1 document of the API (docs/api.md: served at `/api/openapi.json`), generated
 * from the declarations of the routers mounted on `api`: every path, method, request schema and
 * answer.
 * @param serverUrl the API's base URL, e.g. `https://shop.example/api`.
 */
function documentOf(api: OpenAPIHono<ApiEnv>, serverUrl: string) {
  api.openAPIRegistry.registerComponent('securitySchemes', 'accestoken', { type: 'apiKey', in: 'header', name: 'accestoken' });
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  return api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Cigar shop JSON API',
      version: '1.0.0',
      description: "The calls of docs/product.md §7 and the shop's own calls. Money in CHF with at most 2 decimals.",
    },
    servers: [{ url: serverUrl }],
  });
}

/**
 * Builds the API app for a shop.
 * @param modules resource routers (default {@link apiModules}).
 */
export function createApi(shop: Shop, modules: ApiModule[] = apiModules): OpenAPIHono<ApiEnv> {
  const api = new OpenAPIHono<ApiEnv>();
  api.use('*', async (c, next) => {
    c.set('shop', shop);
    c.set('auth', undefined);
    // set by the edge (server/api-chain.ts edgeLocale); decided here, the same way, only when the
    // API is mounted without that chain (tests/helpers/api.ts)
    if (!c.get('locale')) c.set('locale', requestLanguage(c));
    await next();
    // on the finished answer's own headers: `c.header()` after the handler would copy the whole
    // response
    c.res.headers.set('Cache-Control', 'no-store');
  });
  let document: ReturnType<typeof documentOf> | undefined;
  api.get('/openapi.json', (c) => c.json((document ??= documentOf(api, `${publicOrigin(shop.env)}/api`))));
  for (const m of modules) api.route(m.prefix, m.app);
  // an explicit catch-all: when mounted under /api by server/app.ts, a sub-app's notFound is not
  // consulted and unknown calls would fall through to the HTML pages
  api.all('*', (c) => c.json({ message: 'Not found' }, 404));
  api.notFound((c) => c.json({ message: 'Not found' }, 404));
  api.onError((err, c) => errorResponse(c, err));
  return api;
}
