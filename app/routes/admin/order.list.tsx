/**
 * Admin: orders (/admin/order/list), filterable by status; bank payments to match from an
 * ISO 20022 camt.054 upload; unmatched credits and over-payments listed for follow-up.
 */
import { data, Form, Link, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/order.list';
import { requireAdmin } from '../../lib/auth.server.ts';
import { inArray } from 'drizzle-orm';
import { users } from '../../../core/accounts/schema.ts';
import { ORDER_STATUSES, orders as ordersTable, type OrderStatus } from '../../../core/orders/schema.ts';
import { listOrders } from '../../../core/orders/service.ts';
import { Camt054Error, importCamt054, type ImportSummary } from '../../../core/payments/camt054.ts';
import { paymentsNeedingAttention } from '../../../core/payments/service.ts';
import { rappenToDecimalString } from '../../../core/pricing/money.ts';
import { useFormat } from '../../lib/format.ts';
import { adminMeta } from '../../lib/admin-meta.ts';

const MAX_FILE_BYTES = 5 * 1024 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const s = new URL(request.url).searchParams.get('status');
  const status = ORDER_STATUSES.find((x) => x === s);
  const { db } = context.shop;
  const rows = await listOrders(context.shop, { status, limit: 200 });
  const emails = rows.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, [...new Set(rows.map((o) => o.userId))])) : [];
  const attention = await paymentsNeedingAttention(db);
  const attOrders = attention.filter((p) => p.orderId).map((p) => p.orderId!);
  const codes = attOrders.length ? await db.select({ id: ordersTable.id, code: ordersTable.code }).from(ordersTable).where(inArray(ordersTable.id, attOrders)) : [];
  return {
    status: status ?? null,
    orders: rows.map((o) => ({
      id: o.id,
      code: o.code,
      createdAt: o.createdAt.toISOString(),
      email: emails.find((e) => e.id === o.userId)?.email ?? o.userId,
      status: o.status,
      paymentMethod: o.paymentMethod,
      paymentStatus: o.paymentStatus,
      total: o.total,
      paidAmount: o.paidAmount,
    })),
    attention: attention.map((p) => ({
      id: p.id,
      createdAt: p.createdAt.toISOString(),
      provider: p.provider,
      providerRef: p.providerRef,
      reference: p.reference,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      orderCode: codes.find((c) => c.id === p.orderId)?.code ?? null,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.orders');

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context, request);
  const form = await request.formData();
  const file = form.get('camt');
  if (!(file instanceof File) || file.size === 0) return data({ error: 'camtMissing' as const, summary: null }, { status: 400 });
  if (file.size > MAX_FILE_BYTES) return data({ error: 'camtTooBig' as const, summary: null }, { status: 400 });
  try {
    const summary: ImportSummary = await importCamt054(context.shop, await file.text());
    return { error: null, summary };
  } catch (e) {
    if (e instanceof Camt054Error) return data({ error: 'camtInvalid' as const, summary: null }, { status: 400 });
    throw e;
  }
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { price, dateTime } = useFormat();
  const nav = useNavigation();
  const d = loaderData;
  return (
    <div>
      <h1>{t('admin.orders')}</h1>
      <nav aria-label={t('history.status')} className="admin-filter">
        <Link to="/admin/order/list" aria-current={d.status === null ? 'page' : undefined}>
          {t('admin.all')}
        </Link>
        {ORDER_STATUSES.map((s: OrderStatus) => (
          <Link key={s} to={`/admin/order/list?status=${s}`} aria-current={d.status === s ? 'page' : undefined}>
            {t(`status.${s}`)}
          </Link>
        ))}
      </nav>
      {d.orders.length === 0 ? (
        <p className="empty">{t('admin.noOrders')}</p>
      ) : (
        <div className="table-scroll">
          <table className="history-table" data-testid="admin-orders">
            <thead>
              <tr>
                <th scope="col">{t('history.code')}</th>
                <th scope="col">{t('history.date')}</th>
                <th scope="col">{t('admin.customer')}</th>
                <th scope="col">{t('history.status')}</th>
                <th scope="col">{t('details.paymentStatus')}</th>
                <th scope="col" className="num">
                  {t('history.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`/admin/order/details?id=${o.id}`}>
                      <strong>{o.code}</strong>
                    </Link>
                  </td>
                  <td>{dateTime(o.createdAt)}</td>
                  <td>{o.email}</td>
                  <td>
                    <span className={`status-badge status-${o.status}`}>{t(`status.${o.status}`)}</span>
                  </td>
                  <td>
                    {t(`method.${o.paymentMethod}`)} · {t(`paymentStatus.${o.paymentStatus}`)}
                  </td>
                  <td className="num">{price(o.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

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
        {actionData?.error && (
          <p className="form-error" role="alert">
            {t(`admin.${actionData.error}`)}
          </p>
        )}
        {actionData?.summary && (
          <p className="form-success" role="status" data-testid="camt-summary">
            {t('admin.importSummary', {
              credits: actionData.summary.credits,
              recorded: actionData.summary.recorded,
              duplicates: actionData.summary.duplicates,
              paid: actionData.summary.paidOrders.length,
              partial: actionData.summary.partial,
              unmatched: actionData.summary.unmatched,
              overpaid: actionData.summary.overpaid,
            })}
          </p>
        )}
      </section>

      <section className="section" aria-labelledby="att-h">
        <h2 id="att-h">{t('admin.attention')}</h2>
        {d.attention.length === 0 ? (
          <p className="card-meta">{t('admin.noAttention')}</p>
        ) : (
          <div className="table-scroll">
            <table className="history-table" data-testid="admin-attention">
              <thead>
                <tr>
                  <th scope="col">{t('history.date')}</th>
                  <th scope="col">{t('admin.kind')}</th>
                  <th scope="col">{t('admin.reference')}</th>
                  <th scope="col">{t('admin.order')}</th>
                  <th scope="col" className="num">
                    {t('admin.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.attention.map((p) => (
                  <tr key={p.id}>
                    <td>{dateTime(p.createdAt)}</td>
                    <td>{t(`admin.payment_${p.status === 'overpaid' ? 'overpaid' : 'unmatched'}`)}</td>
                    <td>
                      <code>{p.reference ?? '—'}</code>
                      <span className="card-meta" style={{ display: 'block' }}>
                        {p.provider} {p.providerRef}
                      </span>
                    </td>
                    <td>{p.orderCode ?? '—'}</td>
                    <td className="num">
                      {p.currency === 'CHF' ? price(p.amount) : `${p.currency} ${rappenToDecimalString(p.amount)}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

