/**
 * Admin product list (/admin/product/list): every product with photo, stock and price; search by
 * SKU, name or brand; filter listed / archived / low stock; CSV export of the catalogue and CSV
 * import with a dry run that lists every bad row before anything is written.
 */
import { data, Link, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/product.list';
import { adminCountProducts, adminListProducts, CSV_COLUMN_SPECS, csvTemplate } from '../../../core/catalogue/index.ts';
import { decodeCsvFile, importProductsCsv, type CsvEncoding, type CsvImportResult } from '../../../core/catalogue/index.ts';
import { readImportDraft, removeImportDrafts, saveImportDraft } from '../../../core/catalogue/index.ts';
import { MAX_CSV_BYTES } from '../../../core/catalogue/browser.ts';
import { DomainError } from '../../../core/errors.ts';
import { CsvImportSection } from '../../components/admin/product/CsvImportSection.tsx';
import { ProductTable } from '../../components/admin/product/ProductTable.tsx';
import { ListFilterForm } from '../../components/ListFilters.tsx';
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
    csvColumns: CSV_COLUMN_SPECS,
    csvTemplateHref: `data:text/csv;charset=utf-8,${encodeURIComponent(csvTemplate())}`,
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
  let encoding: CsvEncoding = 'utf-8';
  const draftId = String(form.get('draft') ?? '');
  // the file's name for the import's audit entry: the upload's at the check, carried in the import form
  let fileName = String(form.get('fileName') ?? '').slice(0, 200);
  if (file instanceof File && file.size > 0) {
    fileName = file.name.slice(0, 200);
    if (file.size > MAX_CSV_BYTES) return fail(translate(context.lang, 'adminshop:inputs.csvTooLarge', { mb: MAX_CSV_BYTES / MB }));
    // Excel in Switzerland writes Windows-1252 unless "CSV UTF-8" is chosen; the draft keeps the decoded text
    ({ text, encoding } = decodeCsvFile(new Uint8Array(await file.arrayBuffer())));
  } else if (draftId) {
    const kept = await readImportDraft(context.shop.env, admin.userId, draftId);
    if (kept === null) return fail(translate(context.lang, 'adminshop:inputs.draftGone'));
    text = kept;
  }
  if (!text.trim()) return fail(translate(context.lang, 'adminshop:import.missing'));
  const dryRun = form.get('apply') !== 'yes';
  const work = async () => {
    const result: CsvImportResult = await importProductsCsv(context.shop.db, text, { dryRun, adminId: admin.userId, fileName });
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
        // each problem in the admin's language, naming the column and what it takes
        problems: result.problems.slice(0, 200).map((p) => ({
          line: p.line,
          sku: p.sku,
          field: p.field,
          message: translate(context.lang, `adminshop:csvProblem.${p.key}`, { ...p.params, defaultValue: p.message }),
        })),
        problemCount: result.problems.length,
        encoding,
        delimiter: result.delimiter === '\t' ? 'Tab' : result.delimiter,
        fileName,
      },
      draft,
    };
  };
  return pageAction(context, work, { namespace: 'adminshop', extra: () => ({ result: null, draft: null }) });
}

export default function ProductList({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('adminshop');
  const busy = useNavigation().state === 'submitting';
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
      <ListFilterForm
        label={t('products.search')}
        search={{ label: t('products.search'), placeholder: t('products.searchHint'), grow: true }}
        filters={[{ name: 'state', label: t('products.show'), choices: STATES, text: (s) => t(`products.state.${s}`) }]}
        current={loaderData}
        apply={t('products.apply')}
      />
      <p className="card-meta" role="status">
        {t('products.count', { n: loaderData.total })}
      </p>
      <ProductTable
        products={loaderData.products}
        pager={{ page: loaderData.page, pageCount: loaderData.pageCount, href: pageHref, label: t('orders.pages') }}
      />

      <CsvImportSection
        columns={loaderData.csvColumns}
        templateHref={loaderData.csvTemplateHref}
        result={actionData?.result}
        draft={actionData?.draft}
        error={actionData?.error}
        tooLarge={actionData ? null : loaderData.tooLarge}
        busy={busy}
      />
    </div>
  );
}
