/**
 * Admin dashboard (/admin/home): revenue per day (30 days) and per week (12 weeks) as a chart,
 * headline figures, orders by status, top products of the last 30 days, stock running low, bank
 * payments to match, mails that failed and the customers' open returns. Every figure comes from
 * an SQL aggregate (core/dashboard, core/returns). Admin only.
 */
import { rappenToDecimalString } from '../../../core/pricing/browser.ts';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/home';
import { dashboard, userCounts } from '../../../core/dashboard/index.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { translate } from '../../i18n/resources.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { useFormat } from '../../lib/format.ts';
import { RevenueChart } from '../../components/admin/RevenueChart.tsx';
import { intlLocale } from '../../i18n/locales.ts';
import { openReturns } from '../../../core/returns/index.ts';
import { getCachedSettings as getSettings } from '../../../core/config/index.ts';
import { exampleSellerFields, qrBillBlockedByExampleIban } from '../../../core/config/browser.ts';
import { NotReadyNotice } from '../../components/admin/NotReadyNotice.tsx';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.home');

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const db = context.shop.db;
  const [d, users, returns, settings] = await Promise.all([dashboard(db), userCounts(db), openReturns(db), getSettings(db)]);
  return {
    readiness: { exampleFields: exampleSellerFields(settings), bankTransferOff: qrBillBlockedByExampleIban(context.shop.env, settings) },
    title: translate(context.lang, 'adminshop:dash.title'),
    d: {
      ...d,
      attention: { n: d.attention.n, latest: d.attention.latest.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })) },
      failedMails: { n: d.failedMails.n, latest: d.failedMails.latest.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) },
    },
    users,
    returns: { n: returns.n, latest: returns.latest.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) },
  };
}

export default function AdminHome() {
  const { t, i18n } = useTranslation('adminshop');
  const { t: tc } = useTranslation('checkout');
  const { price, dateTime, number } = useFormat();
  const { d, users, returns, readiness } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const weekly = params.get('chart') === 'week';
  const loc = intlLocale(i18n.language);
  const dayFmt = new Intl.DateTimeFormat(loc, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const fmtPeriod = (p: string) => (weekly ? t('dash.weekOf', { date: dayFmt.format(new Date(`${p}T00:00:00Z`)) }) : dayFmt.format(new Date(`${p}T00:00:00Z`)));
  const tiles: [string, string, string][] = [
    [t('dash.today'), price(d.totals.today), '/admin/order/list?status=paid'],
    [t('dash.last7'), price(d.totals.last7), '/admin/order/list'],
    [t('dash.last30'), price(d.totals.last30), '/admin/order/list'],
    [t('dash.toShip'), number(d.totals.toShip), '/admin/order/list?status=paid'],
    [t('dash.awaitingPayment'), number(d.totals.awaitingPayment), '/admin/order/list?status=pending_payment'],
    [t('dash.customers'), `${number(users.n)}`, '/admin/user/list'],
  ];
  return (
    <div className="admin-page dashboard">
      <h1>{t('dash.title')}</h1>
      <NotReadyNotice exampleFields={readiness.exampleFields} bankTransferOff={readiness.bankTransferOff} />
      <ul className="stat-grid" data-testid="dash-tiles">
        {tiles.map(([label, n, to]) => (
          <li key={label} className="stat">
            <Link to={to}>
              <span className="stat-n">{n}</span>
              <span className="stat-label">{label}</span>
            </Link>
          </li>
        ))}
      </ul>

      <section className="section admin-panel" aria-labelledby="rev-h">
        <div className="section-head">
          <h2 id="rev-h">{weekly ? t('dash.revenueWeekly') : t('dash.revenueDaily')}</h2>
          <nav className="admin-filter" aria-label={t('dash.chartPeriod')}>
            <Link to="/admin/home" aria-current={!weekly ? 'page' : undefined} preventScrollReset>
              {t('dash.perDay')}
            </Link>
            <Link to="/admin/home?chart=week" aria-current={weekly ? 'page' : undefined} preventScrollReset>
              {t('dash.perWeek')}
            </Link>
          </nav>
        </div>
        <RevenueChart
          points={weekly ? d.weekly : d.daily}
          label={t('dash.chartTable')}
          formatMoney={price}
          formatPeriod={fmtPeriod}
          periodHeading={weekly ? t('dash.week') : t('dash.day')}
          revenueHeading={t('dash.revenue')}
          ordersHeading={t('dash.orders')}
        />
      </section>

      <div className="dash-grid">
        <section className="admin-panel dash-returns" aria-labelledby="returns-h">
          <h2 id="returns-h">{t('returns.dashTitle', { n: returns.n })}</h2>
          {returns.n === 0 ? (
            <p className="card-meta">{t('returns.dashNone')}</p>
          ) : (
            <ul className="dash-list" data-testid="dash-returns">
              {returns.latest.map((r) => (
                <li key={r.id}>
                  <span className="admin-wrap">
                    <Link to={`/admin/order/details?id=${r.code}#returns`}>
                      <code>{r.code}</code> · {r.customer}
                    </Link>
                    <span className="card-meta admin-block">
                      {tc(`returns.reason_${r.reason}`)} · {dateTime(r.createdAt)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="admin-panel" aria-labelledby="status-h">
          <h2 id="status-h">{t('dash.byStatus')}</h2>
          {d.byStatus.length === 0 ? (
            <p className="card-meta">{t('dash.noOrders')}</p>
          ) : (
            <ul className="dash-list" data-testid="dash-status">
              {d.byStatus.map((s) => (
                <li key={s.status}>
                  <Link to={`/admin/order/list?status=${s.status}`}>
                    <span className={`status-badge status-${s.status}`}>{tc(`status.${s.status}`)}</span>
                  </Link>
                  <strong>{number(s.n)}</strong>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="admin-panel" aria-labelledby="top-h">
          <h2 id="top-h">{t('dash.topProducts')}</h2>
          {d.topProducts.length === 0 ? (
            <p className="card-meta">{t('dash.noSales')}</p>
          ) : (
            <ol className="dash-list" data-testid="dash-top">
              {d.topProducts.map((p) => (
                <li key={p.productId}>
                  <Link to={`/admin/product/add?id=${encodeURIComponent(p.productId)}`} className="admin-wrap">
                    {p.name}
                  </Link>
                  <span className="num">
                    {t('dash.units', { n: p.units })} · {price(p.revenue)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section className="admin-panel" aria-labelledby="low-h">
          <h2 id="low-h">{t('dash.lowStock')}</h2>
          {d.lowStock.length === 0 ? (
            <p className="card-meta">{t('dash.noLowStock')}</p>
          ) : (
            <ul className="dash-list" data-testid="dash-low">
              {d.lowStock.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/product/add?id=${encodeURIComponent(p.id)}#stock`} className="admin-wrap">
                    {p.name}
                  </Link>
                  <strong className={p.stock === 0 ? 'stock-low' : undefined}>{p.stock}</strong>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="admin-panel" aria-labelledby="att-h">
          <h2 id="att-h">{t('dash.unmatched', { n: d.attention.n })}</h2>
          {d.attention.n === 0 ? (
            <p className="card-meta">{t('dash.noUnmatched')}</p>
          ) : (
            <ul className="dash-list" data-testid="dash-unmatched">
              {d.attention.latest.map((p) => (
                <li key={p.id}>
                  <span className="admin-wrap">
                    {dateTime(p.createdAt)} · <code>{p.reference ?? '—'}</code>
                  </span>
                  <strong>{p.currency === 'CHF' ? price(p.amount) : `${p.currency} ${rappenToDecimalString(p.amount)}`}</strong>
                </li>
              ))}
            </ul>
          )}
          {d.attention.n > 0 && <Link to="/admin/order/list#att-h">{t('dash.toPayments')}</Link>}
        </section>

        <section className="admin-panel" aria-labelledby="mail-h">
          <h2 id="mail-h">{t('dash.failedMails', { n: d.failedMails.n })}</h2>
          {d.failedMails.n === 0 ? (
            <p className="card-meta">{t('dash.noFailedMails')}</p>
          ) : (
            <ul className="dash-list" data-testid="dash-mails">
              {d.failedMails.latest.map((m) => (
                <li key={m.id}>
                  <span className="admin-wrap">
                    {m.to} · {m.subject}
                    {m.lastError && <span className="card-meta admin-block">{m.lastError}</span>}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {d.failedMails.n > 0 && <Link to="/admin/outbox">{t('dash.toOutbox')}</Link>}
          <p className="card-meta">{t('dash.unverified', { n: users.unverified })}</p>
        </section>
      </div>
    </div>
  );
}
