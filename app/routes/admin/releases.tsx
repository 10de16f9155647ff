/**
 * Releases (/admin/releases, one product with `?id=`): every scheduled release as it sells, read
 * fresh on each visit: units left, sold (reserved + paid), reserved by orders awaiting payment,
 * paid, and given back by expired or cancelled orders; orders and buyers; the release's rules.
 * Admin only. Reload the page to follow a release live.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/releases';
import { expireDueOrders } from '../../../core/orders/index.ts';
import { releaseFigures, type ReleaseFigures } from '../../../core/releases/index.ts';
import { MAX_ID_LENGTH } from '../../../core/validation.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { translate } from '../../../core/i18n/index.ts';
import { adminTitleMeta } from '../../lib/admin-meta.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { useFormat } from '../../lib/format.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const id = new URL(request.url).searchParams.get('id')?.slice(0, MAX_ID_LENGTH) || undefined;
  // reservations whose time is up give their units back before they are counted
  await expireDueOrders(context.shop);
  return { title: translate(context.lang, 'adminshop:releases.title'), releases: await releaseFigures(context.shop.db, id), now: Date.now() };
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminTitleMeta(matches, data?.title ?? 'Releases');

export default function AdminReleases({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('adminshop');
  const { dateTime, number } = useFormat();
  const { releases, now } = loaderData;
  const payment = (r: ReleaseFigures) =>
    r.allowBankTransfer
      ? `${t('releases.bankTransfer')}${r.bankTransferHours ? ` (${t('releases.hours', { hours: r.bankTransferHours })})` : ''}`
      : t('releases.cardOnly');
  const num = (key: keyof ReleaseFigures, header: string) => ({
    key,
    header,
    cell: (r: ReleaseFigures) => <span data-testid={`release-${key}`}>{number(r[key] as number)}</span>,
    className: 'num',
  });
  return (
    <div className="admin-page">
      <h1>{t('releases.title')}</h1>
      <DataTable
        rows={releases}
        rowKey={(r) => r.productId}
        testId="releases"
        caption={t('releases.title')}
        captionClassName="visually-hidden"
        empty={<p className="card-meta">{t('releases.empty')}</p>}
        columns={[
          {
            key: 'product',
            header: t('releases.product'),
            cell: (r) => (
              <>
                <Link to={`/admin/product/add?id=${encodeURIComponent(r.productId)}#release`}>{r.name}</Link>
                <span className="card-meta admin-block">{r.sku}</span>
              </>
            ),
          },
          {
            key: 'opensAt',
            header: t('releases.opensAt'),
            cell: (r) => (
              <>
                {dateTime(r.opensAt)}
                <span className="card-meta admin-block">{Date.parse(r.opensAt) > now ? t('releases.upcoming') : t('releases.open')}</span>
              </>
            ),
          },
          num('left', t('releases.left')),
          num('sold', t('releases.sold')),
          num('reserved', t('releases.reserved')),
          num('paid', t('releases.paid')),
          num('expired', t('releases.expired')),
          num('cancelled', t('releases.cancelled')),
          num('orders', t('releases.orders')),
          num('buyers', t('releases.buyers')),
          {
            key: 'rules',
            header: t('releases.limit'),
            cell: (r) => (
              <>
                {r.perCustomerLimit ?? t('releases.noLimit')}
                <span className="card-meta admin-block">
                  {t('releases.payment')}: {payment(r)}
                </span>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
