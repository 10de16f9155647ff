/**
 * Products: `POST /api/product/searchProducts` (specification section 7) and the shop's own
 * `GET /api/product/list` and `GET /api/product/get`.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { CATEGORIES, getProduct, listProducts, searchProducts, SORTS, STRENGTHS } from '../core/catalogue/index.ts';
import { DomainError } from '../core/errors.ts';
import { consumeRateLimit } from '../core/rate-limit/index.ts';
import { clientIp } from './client-ip.ts';
import { documented } from './openapi.ts';
import { productJson } from './serializers.ts';
import type { ApiEnv } from './types.ts';
import { jsonBody, jsonBodyLimit, queryOf } from './validation.ts';

export const SearchBody = z.object({
  searchOptions: z.object({ searchName: z.string().trim().min(1).max(100) }),
});
const SearchHitSchema = z.object({ _id: z.string(), name: z.string(), packaging: z.string() });

export const ListQuery = z.object({
  sort: z.enum(SORTS).optional(),
  category: z.enum(CATEGORIES).optional(),
  strength: z.enum(STRENGTHS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  lang: z.string().max(10).optional(),
});
const GetQuery = z.object({ id: z.string().trim().min(1).max(64), lang: z.string().max(10).optional() });

export const productApi = new Hono<ApiEnv>()
  .use('*', jsonBodyLimit())
  .post('/searchProducts', async (c) => {
    const body = await jsonBody(c, SearchBody);
    await consumeRateLimit(c.get('shop'), 'search', clientIp(c));
    const hits = await searchProducts(c.get('shop').db, body.searchOptions.searchName, 10);
    return c.json({ products: hits.map((h) => ({ _id: h.id, name: h.name, packaging: h.packaging })) });
  })
  .get('/list', async (c) => {
    const q = queryOf(c, ListQuery);
    const page = await listProducts(c.get('shop').db, q);
    const lang = q.lang ?? c.get('lang');
    return c.json({
      products: page.items.map((p) => productJson(p, lang)),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
      pageCount: page.pageCount,
    });
  })
  .get('/get', async (c) => {
    const q = queryOf(c, GetQuery);
    const p = await getProduct(c.get('shop').db, q.id);
    if (!p || !p.active) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
    return c.json({ product: productJson(p, q.lang ?? c.get('lang')) });
  });

documented({
  method: 'post',
  path: '/product/searchProducts',
  summary: 'Live search (case-, accent- and typo-tolerant) over name, brand, line, vitola and wrapper; best match first',
  tags: ['product'],
  body: SearchBody,
  responses: {
    200: { description: 'Hits', schema: z.object({ products: z.array(SearchHitSchema) }) },
    429: { description: 'Too many searches from this address (300 a minute by default)' },
  },
});
documented({
  method: 'get',
  path: '/product/list',
  summary: 'Products, sorted, filtered and paged (out-of-stock products included with in_stock=false)',
  tags: ['product'],
  query: ListQuery,
  responses: { 200: { description: 'A page of products' } },
});
documented({
  method: 'get',
  path: '/product/get',
  summary: 'One product',
  tags: ['product'],
  query: GetQuery,
  responses: { 200: { description: 'The product' }, 404: { description: 'Not found' } },
});
