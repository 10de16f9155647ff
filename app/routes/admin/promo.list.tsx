/** Admin: promo codes (/admin/promo/list) with their rule, validity, use count and state. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/promo.list';
import { requireAdmin } from '../../lib/auth.server.ts';
import { listPromos } from '../../../core/promos/index.ts';
import { useFormat } from '../../lib/format.ts';
import { adminMeta } from '../../lib/admin-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const rows = await listPromos(context.shop.db);
  return {
    promos: rows.map((p) => ({
      id: p.id,
      code: p.code,
      kind: p.kind,
      value: p.value,
      minOrder: p.minOrder,
      validFrom: p.validFrom?.toISOString() ?? null,
      validTo: p.validTo?.toISOString() ?? null,
      usageLimit: p.usageLimit,
      usedCount: p.usedCount,
      active: p.active,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.promos');

export default function AdminPromos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { price, date } = useFormat();
  return (
    <div>
      <h1>{t('admin.promos')}</h1>
      <p>
        <Link to="/admin/promo/edit" className="btn btn-small">
          {t('admin.newPromo')}
        </Link>
      </p>
      {loaderData.promos.length === 0 ? (
        <p className="empty">{t('admin.noPromos')}</p>
      ) : (
        <div className="table-scroll">
          <table className="history-table" data-testid="admin-promos">
            <thead>
              <tr>
                <th scope="col">{t('promo.label')}</th>
                <th scope="col">{t('admin.discount')}</th>
                <th scope="col">{t('admin.minOrder')}</th>
                <th scope="col">{t('admin.validity')}</th>
                <th scope="col" className="num">
                  {t('admin.uses')}
                </th>
                <th scope="col">{t('history.status')}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.promos.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/admin/promo/edit?id=${p.id}`}>
                      <strong>{p.code}</strong>
                    </Link>
                  </td>
                  <td>{p.kind === 'percent' ? `${p.value} %` : price(p.value)}</td>
                  <td>{p.minOrder > 0 ? price(p.minOrder) : '—'}</td>
                  <td>
                    {p.validFrom ? date(p.validFrom) : '…'} – {p.validTo ? date(p.validTo) : '…'}
                  </td>
                  <td className="num">
                    {p.usedCount}
                    {p.usageLimit !== null ? ` / ${p.usageLimit}` : ''}
                  </td>
                  <td>{p.active ? t('admin.active') : t('admin.inactive')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
