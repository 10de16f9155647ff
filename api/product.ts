/**
 * Products: `POST /api/product/searchProducts` (docs/product.md §7) and the shop's own
 * `GET /api/product/list` and `GET /api/product/get`.
 */
import { z } from 'zod';
import { CATEGORIES, getProduct, listProducts, nameInLanguage, searchProducts, SORTS, STRENGTHS } from '../core/catalogue/index.ts';
import { DomainError } from '../core/errors.ts';
import { consumeRateLimit } from '../core/rate-limit/index.ts';
import { clientIp } from './client-ip.ts';
import { ApiRouter } from './openapi.ts';
import { productJson } from './serializers.ts';
import { jsonBodyLimit } from './validation.ts';

const SearchBody = z.object({
  searchOptions: z.object({ searchName: z.string().trim().min(1).max(100) }),
});
/** `lang`: the page's language, as on every call; read through the request's `locale` (api/i18n.ts). */
const SearchQuery = z.object({ lang: z.string().max(10).optional() });

const SearchHitSchema = z.object({ _id: z.string(), name: z.string(), packaging: z.string() });

const ListQuery = z.object({
  sort: z.enum(SORTS).optional(),
  category: z.enum(CATEGORIES).optional(),
  strength: z.enum(STRENGTHS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  lang: z.string().max(10).optional(),
});
const GetQuery = z.object({ id: z.string().trim().min(1).max(64), lang: z.string().max(10).optional() });

export const productApi = new ApiRouter(['product'], jsonBodyLimit())
  .operation({
    method: 'post',
    path: '/searchProducts',
    summary: 'Live search (case-, accent- and typo-tolerant) over name, brand, line, vitola and wrapper; best match first',
    body: SearchBody,
    query: SearchQuery,
    responses: {
      200: { description: 'Hits; `name` in `lang` where the owner gave one (else English)', schema: z.object({ products: z.array(SearchHitSchema) }) },
      429: 'Too many searches from this address (300 a minute by default)',
    },
    handler: async (c) => {
      const body = c.req.valid('json');
      await consumeRateLimit(c.get('shop'), 'search', clientIp(c));
      const hits = await searchProducts(c.get('shop').db, body.searchOptions.searchName, 10);
      // `?lang=` is matched to a known locale at the edge (api/i18n.ts): an unknown value never reaches the texts
      const lang = c.get('locale');
      return c.json({ products: hits.map((h) => ({ _id: h.id, name: nameInLanguage(h, lang), packaging: h.packaging })) });
    },
  })
  .operation({
    method: 'get',
    path: '/list',
    summary: 'Products, sorted, filtered and paged (out-of-stock products included with in_stock=false)',
    query: ListQuery,
    responses: { 200: 'A page of products' },
    handler: async (c) => {
      const q = c.req.valid('query');
      const page = await listProducts(c.get('shop').db, q);
      const lang = c.get('locale'); // `q.lang` as matched at the edge (api/i18n.ts)
      return c.json({
        products: page.items.map((p) => productJson(p, lang)),
        total: page.total,
        page: page.page,
        pageSize: page.pageSize,
        pageCount: page.pageCount,
      });
    },
  })
  .operation({
    method: 'get',
    path: '/get',
    summary: 'One product',
    query: GetQuery,
    responses: { 200: 'The product', 404: 'Not found' },
    handler: async (c) => {
      const q = c.req.valid('query');
      const p = await getProduct(c.get('shop').db, q.id);
      if (!p || !p.active) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
      return c.json({ product: productJson(p, c.get('locale')) });
    },
  });
