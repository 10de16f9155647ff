/**
 * Products list (/client/products): sort (price up/down, name, strength, newest), filter by
 * category and strength, paging, free-text `q` (the search form without JavaScript), and
 * "no products in stock" when nothing matches.
 */
import { data, Form, useSubmit } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/products';
import { Pager } from '../../components/Pager.tsx';
import { getProduct, listProducts, searchProducts } from '../../../core/catalogue/index.ts';
import { CATEGORIES, SORTS, STRENGTHS } from '../../../core/catalogue/browser.ts';
import { ChoiceFilters } from '../../components/ListFilters.tsx';
import { ProductCard } from '../../components/ProductCard.tsx';
import { toCardProduct } from '../../lib/card-product.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { translate } from '../../../core/i18n/index.ts';
import { consumeRateLimit } from '../../../core/rate-limit/index.ts';
import { DomainError } from '../../../core/errors.ts';
import { errorMessage } from '../../lib/page-action.server.ts';

/** Translation namespaces this route's components use in the browser (app/i18n/page-namespaces.ts). */
export const handle = { i18n: ['catalogue'] };

const Query = z.object({
  sort: z.enum(SORTS).catch('newest'),
  category: z.enum(CATEGORIES).optional().catch(undefined),
  strength: z.enum(STRENGTHS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(100).optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const q = Query.parse(params);
  const db = context.shop.db;
  let items;
  let page = 1;
  let pageCount = 1;
  let total = 0;
  const head = {
    title: translate(context.lang, 'catalogue:list.title'),
    description: translate(context.lang, 'catalogue:list.metaDescription'),
    canonical: `${context.origin}/client/products`,
  };
  if (q.q) {
    // a search renders afresh for every new text (a page-cache miss): throttled per address
    // like the live search (bucket `search`); past the limit the page says so, with 429
    try {
      await consumeRateLimit(context.shop, 'search', context.clientIp ?? 'unknown');
    } catch (e) {
      if (!(e instanceof DomainError) || e.code !== 'rate_limited') throw e;
      const limited = { items: [], page: 1, pageCount: 1, total: 0, query: q, limited: errorMessage(context.lang, e), ...head };
      return data(limited, { status: 429 });
    }
    const hits = await searchProducts(db, q.q, 48);
    const rows = await Promise.all(hits.map((h) => getProduct(db, h.id)));
    items = rows.filter((r) => r !== null).map((p) => toCardProduct(p, context.lang));
    total = items.length;
  } else {
    const res = await listProducts(db, { sort: q.sort, category: q.category, strength: q.strength, page: q.page, pageSize: 24 });
    items = res.items.map((p) => toCardProduct(p, context.lang));
    page = res.page;
    pageCount = res.pageCount;
    total = res.total;
  }
  return {
    items,
    page,
    pageCount,
    total,
    query: q,
    limited: null as string | null,
    ...head,
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta({ title: data.title, description: data.description, canonical: data.canonical }) : []);

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  const submit = useSubmit();
  const { items, page, pageCount, total, query, limited } = loaderData;
  // from the parsed query, not the address bar: a shared cached page carries no parameter the
  // list does not read (server/page-cache.ts `pageCacheSearch`), and server and browser agree
  const pageHref = (n: number) => {
    const p = new URLSearchParams();
    if (query.sort !== 'newest') p.set('sort', query.sort);
    if (query.category) p.set('category', query.category);
    if (query.strength) p.set('strength', query.strength);
    if (query.q) p.set('q', query.q);
    p.set('page', String(n));
    return `?${p}`;
  };
  return (
    <div className="container">
      <h1>{query.q ? t('list.resultsFor', { q: query.q }) : t('list.title')}</h1>
      {/* a choice applies at once; before the page's scripts ran, the early script submits the form (app/lib/early-controls.ts) */}
      <Form method="get" className="toolbar" data-early-autosubmit="" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
        <ChoiceFilters
          filters={[
            { name: 'sort', label: t('list.sortBy'), choices: SORTS, text: (s) => t(`sort.${s}`) },
            { name: 'category', label: t('list.category'), any: t('list.all'), choices: CATEGORIES, text: (c) => t(`category.${c}`) },
            { name: 'strength', label: t('list.strength'), any: t('list.all'), choices: STRENGTHS, text: (s) => t(`strength.${s}`) },
          ]}
          current={query}
        />
        <noscript>
          <button type="submit" className="btn btn-small">
            {t('list.apply')}
          </button>
        </noscript>
        <p className="card-meta" style={{ marginInlineStart: 'auto' }}>
          {t('list.count', { count: total })}
        </p>
      </Form>
      {limited ? (
        <p className="empty" role="alert" data-testid="search-limited">
          {limited}
        </p>
      ) : items.length === 0 ? (
        <p className="empty" data-testid="empty-list">
          {t('list.empty')}
        </p>
      ) : (
        <div className="grid" data-testid="product-grid">
          {items.map((p, i) => (
            <ProductCard key={p.id} product={p} headingLevel={2} priority={i < 2} />
          ))}
        </div>
      )}
      <Pager page={page} pageCount={pageCount} href={pageHref} label={t('list.pages')} pageLabel={(n) => t('list.page', { n })} />
    </div>
  );
}
