/**
 * Admin: orders (/admin/order/list). Search by order code, customer name or e-mail; filter by
 * status, payment method and date range; pages of 25; CSV export of exactly the filtered list.
 * Below: bank payments to match from an ISO 20022 camt.054 upload, and payments to follow up.
 * An upload's answer (what the file held, which orders it paid or part-paid, which credits matched
 * nothing or were already recorded, or why the file was refused) is shown at the top of the page,
 * where the page lands after the form is sent, with or without scripts.
 */
import { data, Form, Link, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/order.list';
import { z } from 'zod';
import { requireAdmin } from '../../lib/auth.server.ts';
import { formFile, pageAction, readForm } from '../../lib/page-action.server.ts';
import { ORDER_STATUSES } from '../../../core/orders/browser.ts';
import { orderFilterFromParams, searchOrders, PAYMENT_METHODS } from '../../../core/orders/index.ts';
import { Camt054Error, importCamt054, type ImportedCredit, type ImportSummary, paymentsNeedingAttentionWithCodes } from '../../../core/payments/index.ts';
import { rappenToDecimalString } from '../../../core/pricing/browser.ts';
import { useFormat } from '../../lib/format.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { Field } from '../../components/forms.tsx';
import { ListFilterForm } from '../../components/ListFilters.tsx';
import { translate } from '../../../core/i18n/index.ts';
import { adminTitleMeta } from '../../lib/admin-meta.ts';

const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** The upload form: the bank's camt.054 statement. */
const CamtForm = z.object({ camt: formFile });
const PAGE_SIZE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filter = orderFilterFromParams(params);
  const page = Number(params.get('page') ?? '1') || 1;
  const result = await searchOrders(context.shop, filter, page, PAGE_SIZE);
  const attention = await paymentsNeedingAttentionWithCodes(context.shop.db);
  return {
    title: translate(context.lang, 'adminshop:orders.title'),
    methods: [...PAYMENT_METHODS],
    filter: { q: filter.q ?? '', status: filter.status ?? '', method: filter.paymentMethod ?? '', from: filter.from ?? '', to: filter.to ?? '' },
    total: result.total,
    page: result.page,
    pageCount: Math.max(1, Math.ceil(result.total / result.pageSize)),
    orders: result.rows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    attention: attention.map(({ raw: _raw, ...p }) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminTitleMeta(matches, data?.title ?? 'Orders');

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await request.formData();
  return pageAction(
    context,
    async () => {
      const { camt: file } = readForm(CamtForm, form);
      if (!file) return data({ error: 'camtMissing' as const, summary: null }, { status: 400 });
      if (file.size > MAX_FILE_BYTES) return data({ error: 'camtTooBig' as const, summary: null }, { status: 400 });
      try {
        const summary: ImportSummary = await importCamt054(context.shop, await file.text());
        return { error: null, summary };
      } catch (e) {
        if (e instanceof Camt054Error) return data({ error: 'camtInvalid' as const, summary: null }, { status: 400 });
        throw e;
      }
    },
    // a refused read (text with a NUL character) carries no statement: the answer's key says so
    { message: () => 'camtMissing', extra: () => ({ summary: null }) },
  );
}

/** The list's query string without the page (for pager links and the CSV export). */
function query(f: Record<string, string>, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { t: ta } = useTranslation('adminshop');
  const { price, dateTime, number } = useFormat();
  const nav = useNavigation();
  const d = loaderData;
  const f = d.filter;
  const filtered = Boolean(f.q || f.status || f.method || f.from || f.to);
  const loading = nav.state === 'loading' && nav.location?.pathname === '/admin/order/list';
  return (
    <div>
      <CamtAnswer answer={actionData} />
      <div className="section-head">
        <h1>{ta('orders.title')}</h1>
        <a className="btn btn-ghost btn-small" href={`/admin/order/export${query(f)}`} download data-testid="orders-export">
          {ta('orders.exportCsv')}
        </a>
      </div>
      <ListFilterForm
        label={ta('orders.filters')}
        className="toolbar admin-order-filter"
        search={{ label: ta('orders.search'), placeholder: ta('orders.searchHint'), maxLength: 100, grow: true }}
        filters={[
          { name: 'status', label: ta('orders.status'), any: ta('orders.any'), choices: ORDER_STATUSES, text: (s) => t(`status.${s}`) },
          { name: 'method', label: ta('orders.method'), any: ta('orders.any'), choices: d.methods, text: (m) => t(`method.${m}`) },
        ]}
        current={f}
        apply={ta('orders.apply')}
        reset={filtered && { to: '/admin/order/list', label: ta('orders.reset') }}
      >
        <Field name="from" id="from" type="date" label={ta('orders.from')} defaultValue={f.from} />
        <Field name="to" id="to" type="date" label={ta('orders.to')} defaultValue={f.to} />
      </ListFilterForm>
      <p className="card-meta" role="status" aria-live="polite" data-testid="orders-count">
        {loading ? ta('orders.loading') : ta('orders.count', { n: number(d.total) })}
      </p>
      <DataTable
        rows={d.orders}
        rowKey={(o) => o.id}
        className="history-table admin-orders-table"
        testId="admin-orders"
        busy={loading}
        empty={<p className="empty">{filtered ? ta('orders.noMatch') : ta('orders.none')}</p>}
        pager={{
          page: d.page,
          pageCount: d.pageCount,
          href: (n) => `/admin/order/list${query(f, { page: String(n) })}`,
          label: ta('orders.pages'),
          pageLabel: (n) => ta('orders.pageN', { n }),
        }}
        columns={[
          {
            key: 'code',
            header: t('history.code'),
            cell: (o) => (
              <>
                <Link to={`/admin/order/details?id=${o.id}`}>
                  <strong>{o.code}</strong>
                </Link>
                <span className="card-meta admin-block show-sm-block">{dateTime(o.createdAt)}</span>
              </>
            ),
          },
          { key: 'date', header: t('history.date'), cell: (o) => dateTime(o.createdAt), className: 'hide-sm' },
          {
            key: 'customer',
            header: ta('orders.customer'),
            cell: (o) => (
              <>
                {o.customerName}
                <span className="card-meta admin-block admin-wrap hide-sm">{o.email ?? '—'}</span>
              </>
            ),
          },
          { key: 'status', header: t('history.status'), cell: (o) => <span className={`status-badge status-${o.status}`}>{t(`status.${o.status}`)}</span> },
          {
            key: 'payment',
            header: ta('orders.payment'),
            cell: (o) => (
              <>
                {t(`method.${o.paymentMethod}`)}
                <span className="card-meta admin-block">{t(`paymentStatus.${o.paymentStatus}`)}</span>
              </>
            ),
            className: 'hide-sm',
          },
          {
            key: 'total',
            header: t('history.total'),
            cell: (o) => (
              <>
                {price(o.total)}
                {o.refundedAmount > 0 && <span className="card-meta admin-block">−{price(o.refundedAmount)}</span>}
              </>
            ),
            className: 'num',
          },
        ]}
      />

      <section className="section" aria-labelledby="camt-h">
        <h2 id="camt-h">{t('admin.bankImport')}</h2>
        <p className="card-meta">{t('admin.bankImportHint')}</p>
        <Form method="post" encType="multipart/form-data" className="checkout-promo-row">
          <label htmlFor="camt" className="visually-hidden">
            {t('admin.camtFile')}
          </label>
          <input id="camt" type="file" name="camt" accept=".xml,application/xml,text/xml" required />
          <button type="submit" className="btn btn-small" disabled={nav.state === 'submitting'}>
            {t('admin.import')}
          </button>
        </Form>
      </section>

      <section className="section" aria-labelledby="att-h">
        <h2 id="att-h">{t('admin.attention')}</h2>
        <DataTable
          rows={d.attention}
          rowKey={(p) => p.id}
          className="history-table"
          testId="admin-attention"
          empty={<p className="card-meta">{t('admin.noAttention')}</p>}
          columns={[
            { key: 'date', header: t('history.date'), cell: (p) => dateTime(p.createdAt) },
            { key: 'kind', header: t('admin.kind'), cell: (p) => t(`admin.payment_${p.status === 'overpaid' ? 'overpaid' : 'unmatched'}`) },
            {
              key: 'reference',
              header: t('admin.reference'),
              cell: (p) => (
                <>
                  <code>{p.reference ?? '—'}</code>
                  <span className="card-meta admin-block">
                    {p.provider} {p.providerRef}
                  </span>
                </>
              ),
            },
            { key: 'order', header: t('admin.order'), cell: (p) => p.orderCode ?? '—' },
            {
              key: 'amount',
              header: t('admin.amount'),
              cell: (p) => (p.currency === 'CHF' ? price(p.amount) : `${p.currency} ${rappenToDecimalString(p.amount)}`),
              className: 'num',
            },
          ]}
        />
      </section>
    </div>
  );
}

/** The answer to a camt.054 upload: the refusal, or what the file held and what was done with each credit. */
function CamtAnswer({ answer }: { answer: { error: string | null; summary: ImportSummary | null } | undefined }) {
  const { t } = useTranslation('checkout');
  const { price } = useFormat();
  if (!answer) return null;
  if (answer.error)
    return (
      <p className="form-error" role="alert" data-testid="camt-error">
        {t(`admin.${answer.error}`)}
      </p>
    );
  const s = answer.summary;
  if (!s) return null;
  const amount = (c: ImportedCredit) => (c.currency === 'CHF' ? price(c.amount) : `${c.currency} ${rappenToDecimalString(c.amount)}`);
  const groups: { id: string; title: string; rows: ImportedCredit[]; line: (c: ImportedCredit) => string }[] = [
    { id: 'paid', title: t('admin.camtPaid'), rows: s.paid, line: (c) => `${c.code} · ${amount(c)}` },
    {
      id: 'part',
      title: t('admin.camtPartPaid'),
      rows: s.partPaid,
      line: (c) => `${c.code} · ${amount(c)} · ${t('admin.camtLineOpen', { open: price(c.open ?? 0) })}`,
    },
    { id: 'unmatched', title: t('admin.camtUnmatched'), rows: s.unmatchedCredits, line: (c) => `${c.reference ?? t('admin.camtNoReference')} · ${amount(c)}` },
    {
      id: 'overpaid',
      title: t('admin.camtOverpaid'),
      rows: s.overpaidCredits,
      line: (c) => `${c.code ?? c.reference ?? t('admin.camtNoReference')} · ${amount(c)}`,
    },
    {
      id: 'duplicates',
      title: t('admin.camtDuplicates'),
      rows: s.duplicateCredits,
      line: (c) => `${c.reference ?? t('admin.camtNoReference')} · ${amount(c)}`,
    },
  ];
  return (
    <section className={s.credits === 0 ? 'form-error' : 'form-success'} role="status" aria-labelledby="camt-answer-h" data-testid="camt-summary">
      <h2 id="camt-answer-h" className="checkout-h2">
        {t('admin.camtResultTitle')}
      </h2>
      <p data-testid="camt-read">{s.credits === 0 ? t('admin.camtNoCredits') : t('admin.camtRead', { n: s.credits, recorded: s.recorded })}</p>
      {groups
        .filter((g) => g.rows.length > 0)
        .map((g) => (
          <div key={g.id} data-testid={`camt-${g.id}`}>
            <h3 className="card-meta">
              {g.title} ({g.rows.length})
            </h3>
            <ul>
              {g.rows.map((c, i) => (
                <li key={`${g.id}-${i}`}>
                  <bdi>{g.line(c)}</bdi>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}
