/**
 * Refunds to pay (/admin/refunds): the bank-transfer refunds whose money the owner has not sent
 * yet, oldest first, with the customer's IBAN from the return request. The owner exports the
 * chosen ones (or all with an IBAN) as a pain.001 file for the e-banking
 * (app/resources/admin-refunds-pain001.server.ts) and marks them paid once sent (core/payments
 * `markRefundsPaid`: one transaction, audited, a second submit marks nothing twice). A plain
 * form, so it works before scripts load and the file downloads as a document. Admin only.
 */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/refunds';
import { getSettings, isQrIban, normalizeIban } from '../../../core/config/index.ts';
import { markRefundsPaid, refundsToPay } from '../../../core/payments/index.ts';
import { FormError, FormSuccess } from '../../components/forms.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { requireAdmin } from '../../lib/auth.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { useFormat } from '../../lib/format.ts';
import { formList, readForm } from '../../lib/page-action.server.ts';
import { adminPageAction } from '../../lib/admin-action.server.ts';
import '../../styles/returns.css';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.refunds');

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const [list, settings] = await Promise.all([refundsToPay(context.shop.db), getSettings(context.shop.db)]);
  return {
    refunds: list.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), iban: r.iban ? normalizeIban(r.iban) : null })),
    shopIban: normalizeIban(settings.iban),
    shopQrIban: isQrIban(settings.iban),
    error: new URL(request.url).searchParams.get('error'),
  };
}

/** The refunds ticked to mark paid. */
const RefundIdsForm = z.object({ ids: formList() });

export async function action(args: Route.ActionArgs) {
  const { context } = args;
  return adminPageAction(
    args,
    async (admin, form) => {
      // core refuses an empty or too long list with its own message
      const { ids } = readForm(RefundIdsForm, form);
      const { marked } = await markRefundsPaid(context.shop.db, ids, admin.userId);
      return { ok: true as const, marked };
    },
    { namespace: 'adminshop' },
  );
}

export default function RefundsToPay({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('adminshop');
  const fmt = useFormat();
  const { refunds, shopIban, shopQrIban, error } = loaderData;
  const total = refunds.reduce((s, r) => s + r.amount, 0);
  const exportable = refunds.filter((r) => r.iban).length;
  return (
    <div className="admin-page refunds-to-pay">
      <h1>{t('refundsToPay.title')}</h1>
      <p>{t('refundsToPay.intro')}</p>
      {actionData && 'marked' in actionData && <FormSuccess message={t('refundsToPay.marked', { count: actionData.marked })} />}
      {actionData && 'error' in actionData && <FormError error={actionData.error} />}
      {error && <FormError error={t(`errors.refundsToPay.${error === 'nothingToExport' ? 'nothingToExport' : 'shopIbanInvalid'}`)} />}
      {refunds.length === 0 ? (
        <p className="empty" data-testid="refunds-empty">
          {t('refundsToPay.none')}
        </p>
      ) : (
        <form method="post" className="admin-form">
          <p className="card-meta" data-testid="refunds-total">
            {t('refundsToPay.summary', { count: refunds.length, total: fmt.price(total) })}
          </p>
          <DataTable
            rows={refunds}
            rowKey={(r) => r.id}
            rowTestId="refund-to-pay"
            className="history-table refunds-table"
            testId="refunds-to-pay"
            columns={[
              {
                key: 'choose',
                header: <span className="visually-hidden">{t('refundsToPay.choose')}</span>,
                cell: (r) => (
                  <input type="checkbox" name="ids" value={r.id} defaultChecked aria-label={t('refundsToPay.chooseOne', { number: r.creditNoteNumber })} />
                ),
              },
              {
                key: 'creditNote',
                header: t('refundsToPay.creditNote'),
                cell: (r) => (
                  <>
                    {/* codes isolated in their own direction: "2026-XT8C6SFF-C1" stays as written on a right-to-left page */}
                    <strong>
                      <bdi>{r.creditNoteNumber}</bdi>
                    </strong>
                    <span className="card-meta admin-block">
                      <bdi>
                        <a href={`/admin/order/details?id=${encodeURIComponent(r.orderId)}`}>{r.orderCode}</a>
                      </bdi>{' '}
                      · <bdi>{fmt.date(r.createdAt)}</bdi>
                    </span>
                    <span className="admin-block show-sm-block">{r.name}</span>
                    <span className="card-meta admin-block show-sm-block iban">{r.iban ?? t('refundsToPay.noIban')}</span>
                  </>
                ),
              },
              { key: 'customer', header: t('refundsToPay.customer'), className: 'hide-sm', cellClassName: 'admin-wrap hide-sm', cell: (r) => r.name },
              {
                key: 'iban',
                header: t('refundsToPay.iban'),
                className: 'hide-sm',
                cellClassName: 'iban hide-sm',
                cell: (r) => r.iban ?? <span className="card-meta">{t('refundsToPay.noIban')}</span>,
              },
              { key: 'amount', header: t('refundsToPay.amount'), className: 'num', cell: (r) => fmt.price(r.amount) },
            ]}
          />
          <p className="card-meta">
            {t('refundsToPay.debtor', { iban: shopIban })}
            {shopQrIban ? ` ${t('refundsToPay.qrIbanWarning')}` : ''}
          </p>
          <div className="refunds-actions">
            <button type="submit" className="btn" formAction="/admin/refunds/pain001" disabled={exportable === 0} data-testid="refunds-export">
              {t('refundsToPay.export')}
            </button>
            <button type="submit" className="btn btn-primary" data-testid="refunds-mark-paid">
              {t('refundsToPay.markPaid')}
            </button>
          </div>
          <p className="card-meta">{t('refundsToPay.markHint')}</p>
        </form>
      )}
    </div>
  );
}
