/**
 * Admin product list (/admin/product/list): every product with photo, stock and price, 50 a page
 * (server-side, `?page=`); search by SKU, name or brand; filter by state, category, stock and
 * source (starting catalogue or own), sorted as chosen; bulk actions on the ticked products, the
 * page or every product the filter finds (archive after a confirmation, list, set or clear the
 * discount), "archive the starting catalogue"; CSV export of the catalogue and CSV import with a
 * dry run that lists every bad row before anything is written. The bulk forms post normally:
 * they work without JavaScript, and end with a redirect to the list naming the count.
 */
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/product.list';
import {
  CSV_COLUMN_SPECS,
  csvTemplate,
  BULK_ACTIONS,
  bulkUpdateProducts,
  countBulkChange,
  listAdminProducts,
  startingCatalogueCounts,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  PRODUCT_SOURCES,
  PRODUCT_STATES,
  PRODUCT_STOCK_FILTERS,
  decodeCsvFile,
  importProductsCsv,
  type CsvEncoding,
  type CsvImportResult,
  readImportDraft,
  removeImportDrafts,
  saveImportDraft,
} from '../../../core/catalogue/index.ts';
import type { BulkTarget, ProductListQuery } from '../../../core/catalogue/index.ts';
import { MAX_CSV_BYTES } from '../../../core/catalogue/browser.ts';
import { CsvImportSection } from '../../components/admin/product/CsvImportSection.tsx';
import { ProductTable } from '../../components/admin/product/ProductTable.tsx';
import { BulkBar, BulkConfirm, StartingCatalogue, type BulkConfirmation } from '../../components/admin/product/BulkActions.tsx';
import { ListFilterForm } from '../../components/ListFilters.tsx';
import { requireAdmin } from '../../lib/auth.server.ts';
import { loaderGuard } from '../../lib/loader-guard.server.ts';
import { formFailure, formFile, formList, pageAction, readForm } from '../../lib/page-action.server.ts';
import { translate } from '../../../core/i18n/index.ts';
import { consumeRateLimit } from '../../../core/rate-limit/index.ts';
import { adminTitleMeta } from '../../lib/admin-meta.ts';

const MB = 1024 * 1024;
/** Products per page of the list (a page of checkboxes stays short on a phone). */
const PAGE_SIZE = 50;

/** The import section shows the message of a refused, too large file itself (server/body-limit.ts). */
export const handle = { bodyLimitNotice: true };

/** One of `choices` named by the parameter, else undefined. */
const pick = <V extends string>(choices: readonly V[], value: string | null): V | undefined => choices.find((c) => c === value);

/** The list's query from the address (unknown values are ignored). */
function listQuery(params: URLSearchParams): Required<Pick<ProductListQuery, 'q'>> & ProductListQuery {
  return {
    q: params.get('q')?.slice(0, 100) ?? '',
    state: pick(PRODUCT_STATES, params.get('state')),
    category: pick(PRODUCT_CATEGORIES, params.get('category')),
    stock: pick(PRODUCT_STOCK_FILTERS, params.get('stock')),
    source: pick(PRODUCT_SOURCES, params.get('source')),
    sort: pick(PRODUCT_SORTS, params.get('sort')),
  };
}

/** The query as address parameters (only those set; the page not included). */
function queryParams(query: ProductListQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '' && e[1] !== 'all'));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const query = listQuery(params);
  // a text search scans SKUs, names and brands (ILIKE): the live search's throttle, per IP and
  // admin, as on the user list
  if (query.q) await loaderGuard(context, () => consumeRateLimit(context.shop, 'search', context.clientIp ?? 'unknown', admin.userId));
  // "low": each product at or below its own low-stock threshold (admin product page)
  const { rows, total, page, pageCount } = await listAdminProducts(context.shop.db, query, { page: Number(params.get('page')) || 1, pageSize: PAGE_SIZE });
  const done = params.get('done');
  const bulkDone = pick(BULK_ACTIONS, params.get('bulk'));
  return {
    title: translate(context.lang, 'adminshop:products.title'),
    ...query,
    params: queryParams(query),
    choices: {
      states: PRODUCT_STATES,
      categories: PRODUCT_CATEGORIES,
      stocks: PRODUCT_STOCK_FILTERS,
      sources: PRODUCT_SOURCES,
      sorts: PRODUCT_SORTS,
      actions: BULK_ACTIONS,
    },
    done: done === 'archived' || done === 'deleted' ? done : null,
    bulkDone: bulkDone ? { action: bulkDone, n: Math.max(0, Number(params.get('n')) || 0), percent: Math.max(0, Number(params.get('percent')) || 0) } : null,
    starting: await startingCatalogueCounts(context.shop.db),
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

/** A text field of the forms below, '' when absent. */
const text = z.string().default('');
/** A bulk form's fields (see {@link bulkAction}); core checks the change and the percent. */
const BulkForm = z.object({ intent: text, scope: text, id: formList(), pageId: formList(), bulk: text, discountPercent: z.string().optional(), confirm: text });
/** The CSV import's fields: the file (or its text in a field, or the draft kept at the check), and the step. */
const ImportForm = z.object({ intent: text, csv: formFile, csvText: text, draft: text, fileName: text, apply: text });

/**
 * A bulk form's post (`intent` `bulk` or `starting`): what it applies to (the ticked `id`s, the
 * page's `pageId`s, every product of the address's filter, or the starting catalogue), then, for
 * an archive not yet confirmed, the confirmation (with the count); else the change and a
 * redirect to the list with `bulk`, `n` (and `percent`) for the result message.
 */
async function bulkAction(form: FormData, url: URL, context: Route.ActionArgs['context'], adminId: string) {
  const failed = (err: unknown) =>
    formFailure(err, context.lang, { namespace: 'adminshop', form, extra: () => ({ bulk: true as const, confirm: null, result: null, draft: null }) });
  try {
    const f = readForm(BulkForm, form);
    const scope = f.intent === 'starting' ? 'starting' : f.scope === 'filter' ? 'filter' : f.scope === 'page' ? 'page' : 'selected';
    const query = listQuery(url.searchParams);
    const ids = scope === 'page' ? f.pageId : f.id;
    const target: BulkTarget = scope === 'starting' ? { seeded: true } : scope === 'filter' ? { filter: query } : { ids };
    const action = f.intent === 'starting' ? 'archive' : f.bulk;
    const discountPercent = f.discountPercent;
    if (action === 'archive' && f.confirm !== 'yes') {
      const n = await countBulkChange(context.shop.db, { action, target });
      const confirm: BulkConfirmation = { scope, n, ids: scope === 'filter' || scope === 'starting' ? [] : [...new Set(ids)] };
      return data({ ok: true as const, bulk: true as const, confirm, result: null, draft: null, error: null });
    }
    const result = await bulkUpdateProducts(context.shop.db, { action, target, discountPercent }, adminId);
    const back = new URLSearchParams({ ...queryParams(query), bulk: result.action, n: String(result.count) });
    if (result.discountPercent !== undefined) back.set('percent', String(result.discountPercent));
    const page = url.searchParams.get('page');
    if (page) back.set('page', page);
    return redirect(`/admin/product/list?${back}`);
  } catch (err) {
    return failed(err);
  }
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
  const fail = (error: string) => data({ error, result: null, draft: null }, { status: 400 });
  const work = async () => {
    const f = readForm(ImportForm, form);
    if (f.intent === 'bulk' || f.intent === 'starting') return bulkAction(form, new URL(request.url), context, admin.userId);
    const file = f.csv;
    let text = f.csvText;
    let encoding: CsvEncoding = 'utf-8';
    const draftId = f.draft;
    // the file's name for the import's audit entry (core keeps its first 200 characters): the
    // upload's at the check, carried in the import form
    let fileName = f.fileName;
    if (file) {
      fileName = file.name;
      if (file.size > MAX_CSV_BYTES) return fail(translate(context.lang, 'adminshop:inputs.csvTooLarge', { mb: MAX_CSV_BYTES / MB }));
      // Excel in Switzerland writes Windows-1252 unless "CSV UTF-8" is chosen; the draft keeps the decoded text
      ({ text, encoding } = decodeCsvFile(new Uint8Array(await file.arrayBuffer())));
    } else if (draftId) {
      const kept = await readImportDraft(context.shop.env, admin.userId, draftId);
      if (kept === null) return fail(translate(context.lang, 'adminshop:inputs.draftGone'));
      text = kept;
    }
    if (!text.trim()) return fail(translate(context.lang, 'adminshop:import.missing'));
    const dryRun = f.apply !== 'yes';
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
  const { choices, params } = loaderData;
  const pageHref = (n: number) => `?${new URLSearchParams({ ...params, page: String(n) })}`;
  const bulkAnswer = actionData && 'bulk' in actionData ? actionData : null;
  const confirm = bulkAnswer?.confirm ?? null;
  const bulkFields = (bulkAnswer && 'fields' in bulkAnswer ? bulkAnswer.fields : {}) as Record<string, string>;
  const bulkValues = (bulkAnswer && 'values' in bulkAnswer ? bulkAnswer.values : {}) as Record<string, string>;
  const filtered = Object.keys(params).some((k) => k !== 'sort');
  return (
    <div>
      <div className="section-head">
        <h1>{t('products.title')}</h1>
        <div className="admin-actions">
          <a href="/admin/product/export" className="btn btn-ghost btn-small" download data-testid="products-export">
            {t('products.exportCsv')}
          </a>
          <Link to="/admin/product/photos" className="btn btn-ghost btn-small">
            {t('bulkPhotos.listLink')}
          </Link>
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
      {loaderData.bulkDone && (
        <p className="form-success" role="status" data-testid="bulk-done">
          {loaderData.bulkDone.n === 0
            ? t('products.bulk.nothing')
            : t(`products.bulk.done.${loaderData.bulkDone.action}`, { n: loaderData.bulkDone.n, percent: loaderData.bulkDone.percent })}
        </p>
      )}
      {confirm && <BulkConfirm confirm={confirm} values={bulkValues} busy={busy} />}
      <StartingCatalogue counts={loaderData.starting} />
      <ListFilterForm
        label={t('products.search')}
        search={{ label: t('products.search'), placeholder: t('products.searchHint'), grow: true, maxLength: 100 }}
        filters={[
          { name: 'state', label: t('products.show'), choices: choices.states, text: (s) => t(`products.state.${s}`) },
          {
            name: 'category',
            label: t('product.category'),
            any: t('products.filter.anyCategory'),
            choices: choices.categories,
            text: (c) => t(`category.${c}`),
          },
          {
            name: 'stock',
            label: t('products.stock'),
            any: t('products.filter.anyStock'),
            choices: choices.stocks,
            text: (c) => t(`products.filter.stocks.${c}`),
          },
          {
            name: 'source',
            label: t('products.filter.source'),
            any: t('products.filter.anySource'),
            choices: choices.sources,
            text: (c) => t(`products.filter.sources.${c}`),
          },
          { name: 'sort', label: t('products.filter.sort'), choices: choices.sorts, text: (c) => t(`products.filter.sorts.${c}`) },
        ]}
        current={{ ...loaderData, state: loaderData.state ?? 'all', sort: loaderData.sort ?? 'name' }}
        apply={t('products.apply')}
        reset={filtered && { to: '/admin/product/list', label: t('products.filter.reset') }}
        className="toolbar admin-product-filter"
      />
      <p className="card-meta" role="status">
        {t('products.count', { n: loaderData.total })}
      </p>
      <Form method="post" className="bulk-form" data-testid="bulk-form" onChange={countTicked} noValidate>
        <input type="hidden" name="intent" value="bulk" />
        {loaderData.products.map((p) => (
          <input key={p.id} type="hidden" name="pageId" value={p.id} />
        ))}
        <BulkBar
          actions={choices.actions}
          pageCount={loaderData.products.length}
          total={loaderData.total}
          fields={bulkFields}
          busy={busy}
          error={bulkAnswer && 'fields' in bulkAnswer ? bulkAnswer.error : null}
        />
        <ProductTable
          products={loaderData.products}
          selectable
          pager={{ page: loaderData.page, pageCount: loaderData.pageCount, href: pageHref, label: t('orders.pages') }}
        />
      </Form>

      <CsvImportSection
        columns={loaderData.csvColumns}
        templateHref={loaderData.csvTemplateHref}
        result={actionData?.result}
        draft={actionData?.draft}
        error={bulkAnswer ? null : actionData?.error}
        tooLarge={actionData ? null : loaderData.tooLarge}
        busy={busy}
      />
    </div>
  );
}

/** Shows how many boxes are ticked (the bar's `[data-ticked]`) after each change in the bulk form. */
function countTicked(event: React.FormEvent<HTMLFormElement>) {
  const form = event.currentTarget;
  const out = form.querySelector<HTMLElement>('[data-ticked]');
  if (out) out.textContent = String(form.querySelectorAll('input[name="id"]:checked').length);
}
