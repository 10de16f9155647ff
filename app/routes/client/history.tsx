/**
 * Order history (/client/history): the signed-in customer's orders, newest first, with order
 * code, date, status and total; "buy something first" when there are none. Own orders only.
 */
import { Link, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/history';
import { listOrdersOfUser } from '../../../core/orders/index.ts';
import { translate } from '../../i18n/resources.server.ts';
import { useFormat } from '../../lib/format.ts';
import { pageMeta } from '../../lib/meta.ts';

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
        <div className="empty" data-testid="history-empty">
          <p>{t('history.empty')}</p>
          <Link to="/client/products" className="btn">
            {t('history.shop')}
          </Link>
        </div>
      ) : (
        <table className="history-table" data-testid="history-table">
          <thead>
            <tr>
              <th scope="col">{t('history.code')}</th>
              <th scope="col" className="hide-sm">
                {t('history.date')}
              </th>
              <th scope="col">{t('history.status')}</th>
              <th scope="col" className="num">
                {t('history.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.orders.map((o) => (
              <tr key={o.code} data-testid="history-row">
                <td>
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
                </td>
                <td className="hide-sm">{date(o.createdAt)}</td>
                <td>
                  <span className={`status-badge status-${o.status}`} data-testid="history-status">
                    {t(`status.${o.status}`)}
                  </span>
                </td>
                <td className="num">{price(o.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
