/**
 * Influencer profile (/client/influencer; specification sections 1, 2 and 6): for Influencer and
 * Admin only, enforced here on the server. Shows the referral code, the promo codes attributed to
 * the influencer and the paid orders placed with them.
 */
import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/influencer';
import { influencerProfile } from '../../../core/accounts/influencer.ts';
import { requireRole } from '../../lib/auth.server.ts';
import { translate } from '../../i18n/resources.server.ts';
import { useFormat } from '../../lib/format.ts';
import { pageMeta } from '../../lib/meta.ts';

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Influencer profile' }), { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireRole(context, request, ['Influencer', 'Admin']);
  return { title: translate(context.lang, 'account:influencer.title'), profile: await influencerProfile(context.shop.db, auth.userId) };
}

export default function InfluencerPage() {
  const { t } = useTranslation('account');
  const { profile } = useLoaderData<typeof loader>();
  const fmt = useFormat();
  return (
    <div className="container account-page account-wide">
      <h1>{t('influencer.title')}</h1>
      <p>
        {profile.firstName} {profile.lastName} · {profile.email}
      </p>
      <dl className="specs">
        <dt>{t('influencer.referralCode')}</dt>
        <dd>
          <strong data-testid="referral-code">{profile.referralCode ?? '—'}</strong>
        </dd>
        <dt>{t('influencer.orders')}</dt>
        <dd>{fmt.number(profile.attributedOrders)}</dd>
        <dt>{t('influencer.total')}</dt>
        <dd>{fmt.price(profile.attributedTotal)}</dd>
      </dl>
      <h2>{t('influencer.promoCodes')}</h2>
      {profile.promoCodes.length === 0 ? (
        <p className="empty">{t('influencer.noPromoCodes')}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('influencer.code')}</th>
              <th>{t('influencer.status')}</th>
              <th className="num">{t('influencer.used')}</th>
            </tr>
          </thead>
          <tbody>
            {profile.promoCodes.map((c) => (
              <tr key={c.code}>
                <td>{c.code}</td>
                <td>{c.active ? t('influencer.active') : t('influencer.inactive')}</td>
                <td className="num">{c.usedCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
