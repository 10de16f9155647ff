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
import { translate } from '../../../core/i18n/index.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { useFormat } from '../../lib/format.ts';
import { RevenueChart } from '../../components/admin/RevenueChart.tsx';
import { intlLocale } from '../../../core/i18n/browser.ts';
import { openReturns } from '../../../core/returns/index.ts';
import { getCachedSettings as getSettings } from '../../../core/config/index.ts';
import { exampleSellerFields, invalidSellerFields, qrBillBlockedByExampleIban } from '../../../core/config/browser.ts';
import { pendingOrderMails } from '../../../core/orders/index.ts';
import { DashPanel } from '../../components/admin/DashPanel.tsx';
import { NotReadyNotice } from '../../components/admin/NotReadyNotice.tsx';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.home');

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const db = context.shop.db;
  const [d, users, returns, settings, mailRetries] = await Promise.all([
    dashboard(db),
    userCounts(db),
    openReturns(db),
    getSettings(db),
    pendingOrderMails(db),
  ]);
  const exampleFields = exampleSellerFields(settings);
  return {
    readiness: {
      exampleFields,
      // an example value is named as an example, not again as invalid
      invalidFields: Object.entries(invalidSellerFields(settings)).filter(([f]) => !(exampleFields as string[]).includes(f)),
      bankTransferOff: qrBillBlockedByExampleIban(context.shop.env, settings),
    },
    mailRetries: { n: mailRetries.n, latest: mailRetries.latest.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) },
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
  const { d, users, returns, readiness, mailRetries } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const weekly = params.get('chart') === 'week';
  const loc = intlLocale(i18n.language);
  // the periods are already the shop's calendar days (core/dashboard): written as the day they name
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
      <NotReadyNotice exampleFields={readiness.exampleFields} invalidFields={readiness.invalidFields} bankTransferOff={readiness.bankTransferOff} />
      {mailRetries.n > 0 && (
        <DashPanel
          className="admin-panel not-ready"
          id="mail-retry-h"
          title={t('dash.mailRetries', { n: mailRetries.n })}
          none={t('dash.noMailRetries')}
          count={mailRetries.n}
          items={mailRetries.latest}
          itemKey={(m) => `${m.orderId}-${m.kind}`}
          testId="dash-mail-retries"
          item={(m) => (
            <span className="admin-wrap">
              <Link to={`/admin/order/details?id=${m.code}`}>
                <code>{m.code}</code>
              </Link>{' '}
              · {dateTime(m.createdAt)} · {t('dash.mailRetryTries', { n: m.attempts })}
              <span className="card-meta admin-block">{m.lastError}</span>
            </span>
          )}
        >
          <p>{t('dash.mailRetriesHint')}</p>
          <Link to="/admin/settings" className="btn">
            {t('readiness.action')}
          </Link>
        </DashPanel>
      )}
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
        <DashPanel
          className="admin-panel dash-returns"
          id="returns-h"
          title={t('returns.dashTitle', { n: returns.n })}
          none={t('returns.dashNone')}
          count={returns.n}
          items={returns.latest}
          itemKey={(r) => r.id}
          testId="dash-returns"
          item={(r) => (
            <span className="admin-wrap">
              <Link to={`/admin/order/details?id=${r.code}#returns`}>
                <code>{r.code}</code> · {r.customer}
              </Link>
              <span className="card-meta admin-block">
                {tc(`returns.reason_${r.reason}`)} · {dateTime(r.createdAt)}
              </span>
            </span>
          )}
        />

        <DashPanel
          id="status-h"
          title={t('dash.byStatus')}
          none={t('dash.noOrders')}
          items={d.byStatus}
          itemKey={(s) => s.status}
          testId="dash-status"
          item={(s) => (
            <>
              <Link to={`/admin/order/list?status=${s.status}`}>
                <span className={`status-badge status-${s.status}`}>{tc(`status.${s.status}`)}</span>
              </Link>
              <strong>{number(s.n)}</strong>
            </>
          )}
        />

        <DashPanel
          id="top-h"
          title={t('dash.topProducts')}
          none={t('dash.noSales')}
          items={d.topProducts}
          itemKey={(p) => p.productId}
          testId="dash-top"
          ordered
          item={(p) => (
            <>
              <Link to={`/admin/product/add?id=${encodeURIComponent(p.productId)}`} className="admin-wrap">
                {p.name}
              </Link>
              <span className="num">
                {t('dash.units', { n: p.units })} · {price(p.revenue)}
              </span>
            </>
          )}
        />

        <DashPanel
          id="low-h"
          title={t('dash.lowStock')}
          none={t('dash.noLowStock')}
          items={d.lowStock}
          itemKey={(p) => p.id}
          testId="dash-low"
          item={(p) => (
            <>
              <Link to={`/admin/product/add?id=${encodeURIComponent(p.id)}#stock`} className="admin-wrap">
                {p.name}
              </Link>
              <strong className={p.stock === 0 ? 'stock-low' : undefined}>{p.stock}</strong>
            </>
          )}
        />

        <DashPanel
          id="att-h"
          title={t('dash.unmatched', { n: d.attention.n })}
          none={t('dash.noUnmatched')}
          count={d.attention.n}
          items={d.attention.latest}
          itemKey={(p) => p.id}
          testId="dash-unmatched"
          item={(p) => (
            <>
              <span className="admin-wrap">
                {dateTime(p.createdAt)} · <code>{p.reference ?? '—'}</code>
              </span>
              <strong>{p.currency === 'CHF' ? price(p.amount) : `${p.currency} ${rappenToDecimalString(p.amount)}`}</strong>
            </>
          )}
        >
          {d.attention.n > 0 && <Link to="/admin/order/list#att-h">{t('dash.toPayments')}</Link>}
        </DashPanel>

        <DashPanel
          id="mail-h"
          title={t('dash.failedMails', { n: d.failedMails.n })}
          none={t('dash.noFailedMails')}
          count={d.failedMails.n}
          items={d.failedMails.latest}
          itemKey={(m) => m.id}
          testId="dash-mails"
          item={(m) => (
            <span className="admin-wrap">
              {m.to} · {m.subject}
              {m.lastError && <span className="card-meta admin-block">{m.lastError}</span>}
            </span>
          )}
        >
          {d.failedMails.n > 0 && <Link to="/admin/outbox">{t('dash.toOutbox')}</Link>}
          <p className="card-meta">{t('dash.unverified', { n: users.unverified })}</p>
        </DashPanel>
      </div>
    </div>
  );
}
