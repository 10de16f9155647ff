/** Admin: promo codes (/admin/promo/list) with their rule, validity, use count and state. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable.tsx';
import { NextStep } from '../../components/NextStep.tsx';
import type { Route } from './+types/promo.list';
import { requireAdmin } from '../../lib/auth.server.ts';
import { listPromos, promoTerms, referralOwners } from '../../../core/promos/index.ts';
import { useFormat } from '../../lib/format.ts';
import { adminMeta } from '../../lib/admin-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context, request);
  const rows = await listPromos(context.shop.db);
  const owners = await referralOwners(context.shop.db, rows);
  return {
    promos: rows.map((p) => {
      const owner = p.influencerUserId ? owners.get(p.influencerUserId) : undefined;
      // a referral code gives its discount to anyone who knows it and a bonus to its owner: said in the list
      const referral = owner ? { own: owner.userId === admin.userId, name: owner.name } : null;
      return { id: p.id, ...promoTerms(p), usedCount: p.usedCount, referral };
    }),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.promos');

export default function AdminPromos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { price, date } = useFormat();
  return (
    <div>
      <h1>{t('admin.promos')}</h1>
      <NextStep to="/admin/promo/edit" small>
        {t('admin.newPromo')}
      </NextStep>
      <DataTable
        rows={loaderData.promos}
        rowKey={(p) => p.id}
        className="history-table"
        testId="admin-promos"
        empty={<p className="empty">{t('admin.noPromos')}</p>}
        columns={[
          {
            key: 'code',
            header: t('promo.label'),
            cell: (p) => (
              <>
                <Link to={`/admin/promo/edit?id=${p.id}`}>
                  <strong>{p.code}</strong>
                </Link>
                {p.referral && (
                  <span className="card-meta" style={{ display: 'block' }} data-testid="promo-referral">
                    {p.referral.own ? t('admin.referralOwn') : t('admin.referralOf', { name: p.referral.name })}
                  </span>
                )}
              </>
            ),
          },
          { key: 'discount', header: t('admin.discount'), cell: (p) => (p.kind === 'percent' ? `${p.value} %` : price(p.value)) },
          { key: 'min', header: t('admin.minOrder'), cell: (p) => (p.minOrder > 0 ? price(p.minOrder) : '—') },
          {
            key: 'validity',
            header: t('admin.validity'),
            cell: (p) => (
              <>
                {p.validFrom ? date(p.validFrom) : '…'} – {p.validTo ? date(p.validTo) : '…'}
              </>
            ),
          },
          {
            key: 'uses',
            header: t('admin.uses'),
            cell: (p) => (
              <>
                {p.usedCount}
                {p.usageLimit !== null ? ` / ${p.usageLimit}` : ''}
              </>
            ),
            className: 'num',
          },
          { key: 'status', header: t('history.status'), cell: (p) => (p.active ? t('admin.active') : t('admin.inactive')) },
        ]}
      />
    </div>
  );
}
