/** Admin dashboard (/admin/home): counts of users, orders and mails waiting, with links. Admin only. */
import { count, eq, isNull } from 'drizzle-orm';
import { Link, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/home';
import { users } from '../../../core/accounts/schema.ts';
import { outbox } from '../../../core/mail/schema.ts';
import { orders } from '../../../core/orders/schema.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { translate } from '../../i18n/resources.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.home');

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const db = context.shop.db;
  const [[u], [unverified], [o], [paid], [mails], [failed]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(isNull(users.emailVerifiedAt)),
    db.select({ n: count() }).from(orders),
    db.select({ n: count() }).from(orders).where(eq(orders.status, 'paid')),
    db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'outbox_only')),
    db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'failed')),
  ]);
  return {
    title: translate(context.lang, 'account:admin.dashboard'),
    stats: { users: u.n, unverified: unverified.n, orders: o.n, paid: paid.n, outboxOnly: mails.n, failed: failed.n },
  };
}

export default function AdminHome() {
  const { t } = useTranslation('account');
  const { stats } = useLoaderData<typeof loader>();
  const tiles: [string, number, string][] = [
    [t('admin.stats.users'), stats.users, '/admin/user/list'],
    [t('admin.stats.unverified'), stats.unverified, '/admin/user/list'],
    [t('admin.stats.orders'), stats.orders, '/admin/order/list'],
    [t('admin.stats.paid'), stats.paid, '/admin/order/list'],
    [t('admin.stats.outboxOnly'), stats.outboxOnly, '/admin/outbox'],
    [t('admin.stats.failed'), stats.failed, '/admin/outbox'],
  ];
  return (
    <div className="admin-page">
      <h1>{t('admin.dashboard')}</h1>
      <ul className="stat-grid">
        {tiles.map(([label, n, to]) => (
          <li key={label} className="stat">
            <Link to={to}>
              <span className="stat-n">{n}</span>
              <span className="stat-label">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
