/**
 * Influencer profile (/client/influencer; docs/product.md §1, §2 and §6, ADR 009):
 * for Influencer and Admin only, enforced here on the server. Shows the bonus (available, pending,
 * earned, spent), the referral code, the promo codes linked to the influencer (code, percent,
 * uses) and the orders placed with them (promo code, date, total, bonus; no customer data).
 */
import { Link, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/influencer';
import { influencerProfile } from '../../../core/accounts/index.ts';
import { getSettings } from '../../../core/config/index.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { requireRole } from '../../lib/auth.server.ts';
import { translate } from '../../../core/i18n/index.ts';
import { useFormat } from '../../lib/format.ts';
import { pageMeta } from '../../lib/meta.ts';

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Influencer profile' }), { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireRole(context, request, ['Influencer', 'Admin']);
  const [p, settings] = await Promise.all([influencerProfile(context.shop.db, auth.userId), getSettings(context.shop.db)]);
  return {
    title: translate(context.lang, 'influencer:title'),
    percent: settings.influencerBonusPercent,
    profile: { ...p, orders: p.orders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })) },
  };
}

export default function InfluencerPage() {
  const { t } = useTranslation('influencer');
  const { profile, percent } = useLoaderData<typeof loader>();
  const fmt = useFormat();
  const b = profile.bonus;
  return (
    <div className="container account-page account-wide influencer-page">
      <h1>{t('title')}</h1>
      <p>
        {profile.firstName} {profile.lastName} · {profile.email}
      </p>
      <section aria-labelledby="bonus-h">
        <h2 id="bonus-h">{t('bonus.heading')}</h2>
        <div className="bonus-tiles">
          <div className="bonus-tile bonus-tile-main">
            <span className="card-meta">{t('bonus.available')}</span>
            <strong data-testid="bonus-available">{fmt.price(Math.max(0, b.available))}</strong>
          </div>
          <div className="bonus-tile">
            <span className="card-meta">{t('bonus.pending')}</span>
            <strong data-testid="bonus-pending">{fmt.price(b.pending)}</strong>
          </div>
          <div className="bonus-tile">
            <span className="card-meta">{t('bonus.earned')}</span>
            <strong data-testid="bonus-earned">{fmt.price(b.earned)}</strong>
          </div>
          <div className="bonus-tile">
            <span className="card-meta">{t('bonus.spent')}</span>
            <strong data-testid="bonus-spent">{fmt.price(b.spent)}</strong>
          </div>
        </div>
        <p className="card-meta">{t('bonus.howEarned', { percent })}</p>
        <p className="card-meta">{t('bonus.howSpent')}</p>
        {b.available < 0 && <p className="card-meta">{t('bonus.negative', { amount: fmt.price(-b.available) })}</p>}
        {b.available > 0 && (
          <p>
            <Link to="/client/products" className="btn btn-ghost">
              {t('bonus.shop')}
            </Link>
          </p>
        )}
      </section>
      <h2>{t('referral.heading')}</h2>
      <p>
        <strong data-testid="referral-code" className="referral-code">
          {profile.referralCode ?? '—'}
        </strong>
      </p>
      <p className="card-meta">{t('referral.hint')}</p>
      <h2>{t('codes.heading')}</h2>
      <DataTable
        className="data-table"
        testId="influencer-codes"
        empty={<p className="empty">{t('codes.empty')}</p>}
        rows={profile.promoCodes}
        rowKey={(c) => c.code}
        columns={[
          { key: 'code', header: t('codes.code'), cell: (c) => c.code },
          { key: 'percent', header: t('codes.percent'), className: 'num', cell: (c) => (c.percent === null ? t('codes.fixed') : `${c.percent} %`) },
          { key: 'uses', header: t('codes.uses'), className: 'num', cell: (c) => fmt.number(c.usedCount) },
          { key: 'status', header: t('codes.status'), cell: (c) => (c.active ? t('codes.active') : t('codes.inactive')) },
        ]}
      />
      <h2>{t('orders.heading')}</h2>
      <p className="card-meta">{t('orders.summary', { count: profile.attributedOrders, total: fmt.price(profile.attributedTotal) })}</p>
      <DataTable
        className="data-table"
        testId="influencer-orders"
        empty={<p className="empty">{t('orders.empty')}</p>}
        rows={profile.orders}
        rowKey={(_, i) => i}
        columns={[
          { key: 'date', header: t('orders.date'), cellClassName: 'nowrap', cell: (o) => fmt.date(o.createdAt) },
          { key: 'code', header: t('orders.code'), cell: (o) => o.promoCode },
          { key: 'total', header: t('orders.total'), className: 'num', cell: (o) => fmt.price(o.total) },
          {
            key: 'bonus',
            header: t('orders.bonus'),
            className: 'num',
            cell: (o) => (
              <>
                {fmt.price(o.bonus)}
                <span className="card-meta bonus-state">{t(`state.${o.bonusState}`)}</span>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
