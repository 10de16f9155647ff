/**
 * Order history (/client/history): the signed-in customer's orders, newest first, with order
 * code, date, status and total; "buy something first" when there are none. Own orders only.
 */
import { Link, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/history';
import { listOrdersOfUser } from '../../../core/orders/index.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { translate } from '../../../core/i18n/index.ts';
import { useFormat } from '../../lib/format.ts';
import { pageMeta } from '../../lib/meta.ts';
import { mayPayNow } from '../../../core/payments/index.ts';
import { PayNowForm } from '../../components/client/order/PayNowForm.tsx';

export async function loader({ context, url }: Route.LoaderArgs) {
  if (!context.auth) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  const orders = await listOrdersOfUser(context.shop, context.auth.userId);
  return {
    title: translate(context.lang, 'checkout:history.title'),
    orders: orders.map((o) => ({
      code: o.code,
      createdAt: o.createdAt.toISOString(),
      status: o.status,
      total: o.total,
      items: o.lines.reduce((n, l) => n + l.count, 0),
      payNow: mayPayNow(o),
      boxes: o.lines.flatMap((l) => (l.box ? [l.box.items.reduce((n, i) => n + i.count, 0)] : [])),
    })),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Order history' }), { name: 'robots', content: 'noindex' }];

export default function History({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { price, date } = useFormat();
  return (
    <div className="container">
      <h1>{t('history.title')}</h1>
      {loaderData.orders.length === 0 ? (
        <EmptyState testId="history-empty" text={t('history.empty')} linkText={t('history.shop')} />
      ) : (
        <DataTable
          className="history-table"
          testId="history-table"
          wrapClassName={null}
          rows={loaderData.orders}
          rowKey={(o) => o.code}
          rowTestId="history-row"
          columns={[
            {
              key: 'code',
              header: t('history.code'),
              cell: (o) => (
                <>
                  <Link to={`/client/historydetails?id=${o.code}`} className="order-link">
                    <strong>{o.code}</strong>
                  </Link>
                  <span className="card-meta" style={{ display: 'block' }}>
                    {t('summary.items', { count: o.items })}
                    {o.boxes.map((n, i) => (
                      <span key={i} data-testid="history-box">
                        {' '}
                        · {t('custombox:lineName', { count: n })}
                      </span>
                    ))}
                    <span className="show-sm"> · {date(o.createdAt)}</span>
                  </span>
                </>
              ),
            },
            { key: 'date', header: t('history.date'), className: 'hide-sm', cell: (o) => date(o.createdAt) },
            {
              key: 'status',
              header: t('history.status'),
              cell: (o) => (
                <>
                  <span className={`status-badge status-${o.status}`} data-testid="history-status">
                    {t(`status.${o.status}`)}
                  </span>
                  {o.payNow && <PayNowForm code={o.code} compact />}
                </>
              ),
            },
            { key: 'total', header: t('history.total'), className: 'num', cell: (o) => price(o.total) },
          ]}
        />
      )}
    </div>
  );
}
