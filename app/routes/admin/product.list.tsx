/**
 * Admin product list (/admin/product/list): every product with photo, stock and price; search by
 * SKU, name or brand; filter listed / archived / low stock; CSV export of the catalogue and CSV
 * import with a dry run that lists every bad row before anything is written.
 */
import { data, Form, Link, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/product.list';
import { adminCountProducts, adminListProducts } from '../../../core/catalogue/index.ts';
import { importProductsCsv, type CsvImportResult } from '../../../core/catalogue/index.ts';
import { readImportDraft, removeImportDrafts, saveImportDraft } from '../../../core/catalogue/index.ts';
import { CSV_COLUMNS, CSV_MAX_ROWS, MAX_CSV_BYTES } from '../../../core/catalogue/browser.ts';
import { DomainError } from '../../../core/errors.ts';
import { unitPrice } from '../../../core/pricing/browser.ts';
import { Pager } from '../../components/Pager.tsx';
import { ProductPicture } from '../../components/ProductPicture.tsx';
import { useFormat } from '../../lib/format.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { pageAction } from '../../lib/page-action.server.ts';
import { translate, translateError } from '../../i18n/resources.server.ts';
import { consumeRateLimit } from '../../../core/rate-limit/index.ts';
import { adminTitleMeta } from '../../lib/admin-meta.ts';

const STATES = ['all', 'active', 'archived', 'low'] as const;
const MB = 1024 * 1024;
/** Products per page of the list. */
const PAGE_SIZE = 100;

/** The import section shows the message of a refused, too large file itself (server/body-limit.ts). */
export const handle = { bodyLimitNotice: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const q = params.get('q')?.slice(0, 100) ?? '';
  // a text search scans SKUs, names and brands (ILIKE): the live search's throttle, per IP and
  // admin, as on the user list
  if (q)
    await consumeRateLimit(context.shop, 'search', context.clientIp ?? 'unknown', admin.userId).catch((err: unknown) => {
      if (err instanceof DomainError) throw data(translateError(context.lang, err), { status: 429 });
      throw err;
    });
  const state = STATES.find((s) => s === params.get('state')) ?? 'all';
  // "low": each product at or below its own low-stock threshold (admin product page)
  const total = await adminCountProducts(context.shop.db, q, state);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(pageCount, Math.max(1, Number(params.get('page')) || 1));
  const rows = await adminListProducts(context.shop.db, q, state, undefined, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const done = params.get('done');
  return {
    title: translate(context.lang, 'adminshop:products.title'),
    q,
    state,
    done: done === 'archived' || done === 'deleted' ? done : null,
    tooLarge: Number(params.get('toolarge')) || null,
    total,
    page,
    pageCount,
    products: rows.map((p) => ({
      id: p.id,
      sku: p.sku,
      name: p.name,
      brand: p.brand,
      category: p.category,
      basePrice: p.basePrice,
      discountPercent: p.discountPercent,
      stock: p.stock,
      lowStockThreshold: p.lowStockThreshold,
      active: p.active,
      popular: p.popular,
      promotional: p.promotional,
      images: p.images.slice(0, 1),
    })),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminTitleMeta(matches, data?.title ?? 'Products');

/**
 * The CSV import in two steps: "check" reads the file, lists what it would do and every bad row
 * (row number, SKU, column), and keeps a clean file as a draft; "import" (`apply=yes` with the
 * draft's id) writes it in one transaction. `csvText` (the file's text in a field) is read too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  const file = form.get('csv');
  const fail = (error: string) => data({ error, result: null, draft: null }, { status: 400 });
  let text = typeof form.get('csvText') === 'string' ? String(form.get('csvText')) : '';
  const draftId = String(form.get('draft') ?? '');
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_CSV_BYTES) return fail(translate(context.lang, 'adminshop:inputs.csvTooLarge', { mb: MAX_CSV_BYTES / MB }));
    text = await file.text();
  } else if (draftId) {
    const kept = await readImportDraft(context.shop.env, admin.userId, draftId);
    if (kept === null) return fail(translate(context.lang, 'adminshop:inputs.draftGone'));
    text = kept;
  }
  if (!text.trim()) return fail(translate(context.lang, 'adminshop:import.missing'));
  const dryRun = form.get('apply') !== 'yes';
  const work = async () => {
    const result: CsvImportResult = await importProductsCsv(context.shop.db, text, { dryRun, adminId: admin.userId });
    if (result.applied) await removeImportDrafts(context.shop.env, admin.userId);
    const draft = !result.applied && result.problems.length === 0 ? await saveImportDraft(context.shop.env, admin.userId, text) : null;
    // the page lists the first problems; the counts say how many there are
    return {
      error: null,
      result: {
        ...result,
        creates: [],
        updates: [],
        created: result.creates.length,
        updated: result.updates.length,
        problems: result.problems.slice(0, 200),
        problemCount: result.problems.length,
      },
      draft,
    };
  };
  return pageAction(context, work, { namespace: 'adminshop', extra: () => ({ result: null, draft: null }) });
}

export default function ProductList({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('adminshop');
  const { price } = useFormat();
  const busy = useNavigation().state === 'submitting';
  const r = actionData?.result;
  const pageHref = (n: number) =>
    `?${new URLSearchParams({ ...(loaderData.q ? { q: loaderData.q } : {}), ...(loaderData.state !== 'all' ? { state: loaderData.state } : {}), page: String(n) })}`;
  return (
    <div>
      <div className="section-head">
        <h1>{t('products.title')}</h1>
        <div className="admin-actions">
          <a href="/admin/product/export" className="btn btn-ghost btn-small" download data-testid="products-export">
            {t('products.exportCsv')}
          </a>
          <Link to="/admin/product/add" className="btn btn-small">
            {t('products.add')}
          </Link>
        </div>
      </div>
      {loaderData.done && (
        <p className="form-success" role="status">
          {t(`products.done.${loaderData.done}`)}
        </p>
      )}
      <Form method="get" className="toolbar" role="search" aria-label={t('products.search')}>
        <div className="field field-grow">
          <label htmlFor="q">{t('products.search')}</label>
          <input id="q" name="q" type="search" defaultValue={loaderData.q} placeholder={t('products.searchHint')} />
        </div>
        <div className="field">
          <label htmlFor="state">{t('products.show')}</label>
          <select id="state" name="state" defaultValue={loaderData.state}>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`products.state.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-small">
          {t('products.apply')}
        </button>
      </Form>
      <p className="card-meta" role="status">
        {t('products.count', { n: loaderData.total })}
      </p>
      {loaderData.products.length === 0 ? (
        <p className="empty">{t('products.none')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-products" data-testid="admin-products">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('products.photo')}</span>
                </th>
                <th scope="col">{t('product.sku')}</th>
                <th scope="col">{t('product.name')}</th>
                <th scope="col" className="hide-sm">
                  {t('product.category')}
                </th>
                <th scope="col" className="num">
                  {t('products.price')}
                </th>
                <th scope="col" className="num">
                  {t('products.stock')}
                </th>
                <th scope="col" className="hide-sm">
                  {t('products.status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.products.map((p) => (
                <tr key={p.id}>
                  <td className="admin-thumb">
                    <ProductPicture product={p} sizes="64px" width={64} height={48} loading="lazy" />
                  </td>
                  <td className="nowrap">
                    <Link to={`/admin/product/add?id=${encodeURIComponent(p.id)}`}>{p.sku}</Link>
                  </td>
                  <td className="admin-wrap">
                    {p.name}
                    <span className="card-meta admin-block">{p.brand}</span>
                  </td>
                  <td className="hide-sm">{t(`category.${p.category}`)}</td>
                  <td className="num">
                    {price(unitPrice(p.basePrice, p.discountPercent))}
                    {p.discountPercent > 0 && <span className="card-meta admin-block">−{p.discountPercent} %</span>}
                  </td>
                  <td className={`num${p.stock <= p.lowStockThreshold ? ' stock-low' : ''}`}>{p.stock}</td>
                  <td className="hide-sm">
                    {[
                      p.active ? t('products.listed') : t('products.archived'),
                      p.popular ? t('product.popular') : null,
                      p.promotional ? t('product.promotional') : null,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={loaderData.page} pageCount={loaderData.pageCount} href={pageHref} label={t('orders.pages')} />

      <section className="section admin-panel" aria-labelledby="import-h" id="import">
        <h2 id="import-h">{t('import.title')}</h2>
        <p className="card-meta">{t('import.hint')}</p>
        <details>
          <summary>{t('import.columns')}</summary>
          <p>
            <code className="admin-wrap">{CSV_COLUMNS.join(', ')}</code>
          </p>
        </details>
        <Form method="post" encType="multipart/form-data" className="toolbar">
          <div className="field field-grow">
            <label htmlFor="csv">{t('import.file')}</label>
            <input id="csv" name="csv" type="file" accept=".csv,text/csv" required aria-describedby="csv-hint" />
            <small id="csv-hint" className="card-meta">
              {t('inputs.csvHint', { mb: MAX_CSV_BYTES / MB, rows: CSV_MAX_ROWS.toLocaleString(i18n.language) })}
            </small>
          </div>
          <button type="submit" className="btn btn-small" disabled={busy}>
            {t('import.check')}
          </button>
        </Form>
        {actionData?.error && (
          <p className="form-error" role="alert" data-testid="import-error">
            {actionData.error}
          </p>
        )}
        {loaderData.tooLarge && !actionData && (
          <p className="form-error" role="alert" data-testid="import-error">
            {t('inputs.csvTooLarge', { mb: loaderData.tooLarge })}
          </p>
        )}
        {busy && (
          <p className="card-meta" role="status">
            {t('inputs.csvWorking')}
          </p>
        )}
        {r && (
          <div role="status" data-testid="import-result">
            {r.applied ? (
              <p className="form-success">{t('import.applied', { created: r.created, updated: r.updated })}</p>
            ) : (
              <p>{t('import.preview', { rows: r.rows, created: r.created, updated: r.updated, bad: r.problemCount })}</p>
            )}
            {r.problemCount > r.problems.length && <p className="card-meta">{t('inputs.moreProblems', { shown: r.problems.length, n: r.problemCount })}</p>}
            {r.problems.length > 0 && (
              <div className="table-scroll">
                <table className="history-table" data-testid="import-problems">
                  <caption className="form-error">{t('import.problems')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('import.line')}</th>
                      <th scope="col">{t('product.sku')}</th>
                      <th scope="col">{t('import.column')}</th>
                      <th scope="col">{t('import.problem')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.problems.map((p, i) => (
                      <tr key={i}>
                        <td>{p.line}</td>
                        <td>{p.sku ?? '—'}</td>
                        <td>
                          <code>{p.field}</code>
                        </td>
                        <td>{p.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {!r.applied && r.problemCount === 0 && r.created + r.updated > 0 && actionData?.draft && (
              <Form method="post">
                <input type="hidden" name="draft" value={actionData.draft} />
                <input type="hidden" name="apply" value="yes" />
                <button type="submit" className="btn" disabled={busy}>
                  {t('import.apply', { n: r.created + r.updated })}
                </button>
              </Form>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
