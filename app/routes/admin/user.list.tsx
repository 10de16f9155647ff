/**
 * Users (/admin/user/list): search by name or e-mail, filter by role and status (active,
 * unverified, blocked, erased), change a user's role; each name opens the user page
 * (/admin/user/details).
 * Admin only: the specification's missing auth flag on this route is a defect, not a feature,
 * so the loader and the action check it.
 */
import { Form, Link, useActionData, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/user.list';
import { DataTable } from '../../components/DataTable.tsx';
import { ROLES, USER_STATUSES, userStatus, type Role, type UserStatus } from '../../../core/accounts/browser.ts';
import { listUsers, setRole } from '../../../core/accounts/index.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { FormMessage, SubmitButton } from '../../components/forms.tsx';
import { ListFilterForm } from '../../components/ListFilters.tsx';
import { requireAdmin } from '../../lib/auth.server.ts';
import { loaderGuard } from '../../lib/loader-guard.server.ts';
import { readForm } from '../../lib/page-action.server.ts';
import { adminPageAction } from '../../lib/admin-action.server.ts';
import { translate } from '../../../core/i18n/index.ts';
import { consumeRateLimit } from '../../../core/rate-limit/index.ts';
import { useFormat } from '../../lib/format.ts';

const PAGE_SIZE = 25;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'users.title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context, request);
  const sp = new URL(request.url).searchParams;
  const q = (sp.get('q') ?? '').slice(0, 100);
  // a text search scans names and e-mails (ILIKE): the live search's throttle, per IP and admin
  if (q) await loaderGuard(context, () => consumeRateLimit(context.shop, 'search', context.clientIp ?? 'unknown', admin.userId));
  const roleParam = sp.get('role');
  const role = (ROLES as readonly string[]).includes(roleParam ?? '') ? (roleParam as Role) : undefined;
  const statusParam = sp.get('status');
  const status = (USER_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as UserStatus) : undefined;
  const page = Math.max(1, Math.min(10_000, Number(sp.get('page')) || 1));
  const { rows, total } = await listUsers(context.shop.db, { q, role, status, page, pageSize: PAGE_SIZE });
  return {
    title: translate(context.lang, 'account:admin.users.title'),
    q,
    role: role ?? '',
    status: status ?? '',
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    users: rows.map((u) => ({
      ...u,
      status: userStatus(u),
      blockedAt: null,
      anonymisedAt: null,
      emailVerifiedAt: u.emailVerifiedAt?.toISOString() ?? null,
      createdAt: u.createdAt.toISOString(),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { context } = args;
  return adminPageAction(args, async (auth, form) => {
    const f = readForm(['userId', 'role'], form);
    if (f.userId === auth.userId && f.role !== 'Admin') {
      return { ok: false as const, error: translate(context.lang, 'account:admin.users.notYourself'), fields: {} as Record<string, string> };
    }
    const u = await setRole(context.shop.db, f.userId, f.role, `admin:${auth.userId}`);
    return {
      ok: true as const,
      message: translate(context.lang, 'account:admin.users.roleSet', { email: u.email, role: translate(context.lang, `account:roles.${u.role}`) }),
    };
  });
}

export default function AdminUserList() {
  const { t } = useTranslation('account');
  const { users, q, role, status, page, pageCount, total } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const fmt = useFormat();
  const href = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(role ? { role } : {}), ...(status ? { status } : {}), page: String(n) })}`;
  return (
    <div className="admin-page">
      <div className="section-head">
        <h1>{t('admin.users.title')}</h1>
        <Link to="/admin/user/add" className="btn btn-small">
          {t('admin.users.add')}
        </Link>
      </div>
      <ListFilterForm
        search={{ label: t('admin.users.search') }}
        filters={[
          { name: 'role', label: t('fields.role'), any: t('admin.users.allRoles'), choices: ROLES, text: (r) => t(`roles.${r}`) },
          {
            name: 'status',
            label: t('admin:users.statusLabel'),
            any: t('admin:users.allStatuses'),
            choices: USER_STATUSES,
            text: (s) => t(`admin:users.status.${s}`),
          },
        ]}
        current={{ q, role, status }}
        apply={t('admin.users.filter')}
      />
      <FormMessage error={result && !result.ok ? result.error : null} success={result?.ok ? result.message : null} />
      <p className="card-meta">{t('admin.users.count', { count: total })}</p>
      <DataTable
        rows={users}
        rowKey={(u) => u.id}
        className="data-table"
        empty={<p className="empty">{t('admin.users.empty')}</p>}
        pager={{ page, pageCount, href, label: t('admin.pages') }}
        columns={[
          {
            key: 'name',
            header: t('fields.name'),
            cell: (u) => (
              <>
                <Link to={`/admin/user/details?id=${u.id}`}>{`${u.firstName} ${u.lastName}`.trim() || u.email}</Link>
                {u.referralCode && <div className="card-meta">{u.referralCode}</div>}
              </>
            ),
          },
          { key: 'email', header: t('fields.email'), cell: (u) => u.email },
          {
            key: 'status',
            header: t('admin:users.statusLabel'),
            cell: (u) => <span className={`status-badge user-status-${u.status}`}>{t(`admin:users.status.${u.status}`)}</span>,
          },
          { key: 'since', header: t('admin.users.since'), cell: (u) => fmt.date(u.createdAt) },
          {
            key: 'role',
            header: t('fields.role'),
            cell: (u) => (
              <Form method="post" className="inline-form">
                <input type="hidden" name="userId" value={u.id} />
                <label className="visually-hidden" htmlFor={`role-${u.id}`}>
                  {t('fields.role')}
                </label>
                <select id={`role-${u.id}`} name="role" defaultValue={u.role}>
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(`roles.${r}`)}
                    </option>
                  ))}
                </select>
                <SubmitButton className="btn btn-small">{t('admin.users.setRole')}</SubmitButton>
              </Form>
            ),
          },
        ]}
      />
    </div>
  );
}
