/**
 * One user (/admin/user/details?id=): edit name, phone, address and role; block or unblock; send a
 * password-reset e-mail; for an address not confirmed yet, mark it confirmed or send a new
 * confirmation link (both audited); the user's orders; data protection (export as JSON, erasure that keeps the
 * orders anonymised); the user's audit trail. Admin only (loader and action check it). An unknown
 * id is a 404 page.
 */
import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/user.details';
import { ROLES } from '../../../core/accounts/browser.ts';
import {
  actorLabels,
  adminEditedColumns,
  adminUpdateUser,
  getUserForAdmin,
  setBlocked,
  eraseUser,
  adminSendPasswordReset,
  adminMarkEmailConfirmed,
  adminResendConfirmation,
} from '../../../core/accounts/index.ts';
import { listAudit } from '../../../core/audit/index.ts';
import { listOrdersOfUser } from '../../../core/orders/index.ts';
import { MAX_ID_LENGTH } from '../../../core/validation.ts';
import { AddressFields } from '../../components/account/AddressFields.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { Field, FormMessage, IntentForm, SelectField, SubmitButton } from '../../components/forms.tsx';
import { addressFromForm, requireAdmin } from '../../lib/auth.server.ts';
import { loaderGuard } from '../../lib/loader-guard.server.ts';
import { pageAction, readForm } from '../../lib/page-action.server.ts';
import { translate } from '../../../core/i18n/index.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { useFormat } from '../../lib/format.ts';
import { BackLink } from '../../components/BackLink.tsx';

export const meta: Route.MetaFunction = ({ data, matches }) => adminMeta(matches, 'users.detailsTitle', { name: data?.user.name ?? '' });

/** The user of the page; an unknown id is the page's 404. */
const loadUser = (context: Route.LoaderArgs['context'], id: string) =>
  loaderGuard(context, () => getUserForAdmin(context.shop.db, id), { notFound: { notFound: true } });

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context, request);
  const id = (new URL(request.url).searchParams.get('id') ?? '').slice(0, MAX_ID_LENGTH);
  if (!id) throw redirect('/admin/user/list');
  const u = await loadUser(context, id);
  const [orders, audit] = await Promise.all([listOrdersOfUser(context.shop, u.id), listAudit(context.shop.db, { entity: 'user', entityId: u.id }, 1, 20)]);
  const labels = await actorLabels(
    context.shop.db,
    audit.rows.map((a) => a.actor),
  );
  return {
    self: admin.userId === u.id,
    user: {
      id: u.id,
      name: `${u.firstName} ${u.lastName}`.trim(),
      email: u.email,
      ...adminEditedColumns(u),
      locale: u.locale,
      dateOfBirth: u.dateOfBirth,
      status: u.status,
      createdAt: u.createdAt.toISOString(),
      blockedAt: u.blockedAt?.toISOString() ?? null,
    },
    orders: orders.map((o) => ({ id: o.id, code: o.code, status: o.status, total: o.total, createdAt: o.createdAt.toISOString() })),
    audit: audit.rows.map((a) => ({ id: a.id, actor: labels[a.actor] ?? a.actor, action: a.action, at: a.createdAt.toISOString() })),
  };
}

type Answer = { intent: string; ok: boolean; message?: string; error?: string; fields: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const actor = `admin:${admin.userId}`;
  const id = (new URL(request.url).searchParams.get('id') ?? '').slice(0, MAX_ID_LENGTH);
  const form = await request.formData();
  const say = (key: string, params: Record<string, unknown> = {}) => translate(context.lang, `admin:users.${key}`, params);
  await loadUser(context, id);
  // which form posted, read in the page action (a refused read is answered with no card's intent)
  let intent = '';
  let confirm = '';
  return pageAction(
    context,
    async () => {
      ({ intent, confirm } = readForm(['intent', 'confirm'], form));
      switch (intent) {
        case 'update': {
          const f = readForm(['firstName', 'lastName', 'phone', 'street', 'postalCode', 'city', 'country', 'role'], form);
          await adminUpdateUser(context.shop.db, actor, id, {
            firstName: f.firstName,
            lastName: f.lastName,
            phone: f.phone,
            address: addressFromForm(f),
            role: f.role,
          });
          return data<Answer>({ intent, ok: true, message: say('saved'), fields: {} });
        }
        case 'block':
        case 'unblock':
          await setBlocked(context.shop.db, actor, id, intent === 'block');
          return data<Answer>({ intent, ok: true, message: say(intent === 'block' ? 'blockedDone' : 'unblockedDone'), fields: {} });
        case 'reset': {
          const { email } = await adminSendPasswordReset(context.shop, actor, id, { origin: context.origin });
          return data<Answer>({ intent, ok: true, message: say('resetSent', { email }), fields: {} });
        }
        case 'confirmEmail': {
          const { email } = await adminMarkEmailConfirmed(context.shop.db, actor, id);
          return data<Answer>({ intent, ok: true, message: say('emailConfirmedDone', { email }), fields: {} });
        }
        case 'resendConfirm': {
          const { email } = await adminResendConfirmation(context.shop, actor, id, { origin: context.origin });
          return data<Answer>({ intent, ok: true, message: say('confirmResent', { email }), fields: {} });
        }
        case 'erase': {
          if (confirm !== 'yes') {
            const msg = say('eraseConfirmRequired');
            return data<Answer>({ intent, ok: false, error: msg, fields: { confirm: msg } }, { status: 400 });
          }
          const r = await eraseUser(context.shop, actor, id);
          return data<Answer>({ intent, ok: true, message: say('erased', { count: r.ordersKept }), fields: {} });
        }
        default:
          return data<Answer>({ intent, ok: false, error: translate(context.lang, 'errors:invalidInput'), fields: {} }, { status: 400 });
      }
    },
    {
      // the user pages' own wording of the refusals
      message: (e) =>
        e.opts.key === 'notYourself'
          ? say('notYourself')
          : e.opts.key === 'openOrders'
            ? say('eraseOpenOrders', e.opts.params)
            : e.opts.key === 'userErased'
              ? say('alreadyErased')
              : undefined,
      extra: (): Pick<Answer, 'intent' | 'message'> => ({ intent, message: undefined }),
    },
  );
}

/** The access card's actions, each answered in the card. */
const ACCESS_INTENTS = ['block', 'reset', 'confirmEmail', 'resendConfirm'] as const;

export default function AdminUserDetails() {
  const { t } = useTranslation('admin');
  const { user, orders, audit, self } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const fmt = useFormat();
  const answer = (intent: string) => (result && (result.intent === intent || (intent === 'block' && result.intent === 'unblock')) ? result : null);
  const upd = answer('update');
  const e = upd && !upd.ok ? upd.fields : {};
  const erased = user.status === 'erased';
  return (
    <div className="admin-page user-details">
      <BackLink to="/admin/user/list">{t('users.backToList')}</BackLink>
      <div className="section-head">
        <h1>{user.name || user.email}</h1>
        <span className={`status-badge user-status-${user.status}`}>{t(`users.status.${user.status}`)}</span>
      </div>
      <p className="card-meta">
        {user.email} · {t('users.since', { date: fmt.date(user.createdAt) })} · {t(`roles.${user.role}`)}
      </p>

      <div className="admin-columns">
        <section aria-labelledby="u-profile" className="admin-card">
          <h2 id="u-profile">{t('users.profile')}</h2>
          <FormMessage error={upd && !upd.ok ? upd.error : null} success={upd?.ok ? upd.message : null} />
          {erased ? (
            <p>{t('users.erasedNote')}</p>
          ) : (
            <Form method="post" className="account-form" noValidate>
              <input type="hidden" name="intent" value="update" />
              <div className="field-row">
                <Field name="firstName" label={t('users.firstName')} required defaultValue={user.firstName} error={e.firstName} />
                <Field name="lastName" label={t('users.lastName')} required defaultValue={user.lastName} error={e.lastName} />
              </div>
              <Field name="phone" type="tel" label={t('users.phone')} required defaultValue={user.phone} error={e.phone} />
              <AddressFields errors={e} values={user} />
              <SelectField name="role" label={t('users.role')} defaultValue={user.role} error={e.role}>
                {ROLES.map((r) => (
                  <option key={r} value={r} disabled={self && r !== 'Admin'}>
                    {t(`roles.${r}`)}
                  </option>
                ))}
              </SelectField>
              <SubmitButton>{t('form.save')}</SubmitButton>
            </Form>
          )}
        </section>

        <div>
          <section aria-labelledby="u-access" className="admin-card">
            <h2 id="u-access">{t('users.access')}</h2>
            {ACCESS_INTENTS.map((intent) => {
              const a = answer(intent);
              return <FormMessage key={intent} error={a?.ok === false ? a.error : null} success={a?.ok ? a.message : null} />;
            })}
            {user.status === 'unverified' && (
              <div data-testid="unconfirmed-email">
                <p>{t('users.unconfirmedHint')}</p>
                <div className="button-row">
                  <IntentForm intent="confirmEmail" className="btn btn-small" label={t('users.markConfirmed')} />
                  <IntentForm intent="resendConfirm" className="btn btn-small btn-ghost" label={t('users.resendConfirmation')} />
                </div>
              </div>
            )}
            {!erased && (
              <>
                <p>{user.blockedAt ? t('users.blockedSince', { date: fmt.dateTime(user.blockedAt) }) : t('users.blockHint')}</p>
                <div className="button-row">
                  {!self && (
                    <IntentForm
                      intent={user.blockedAt ? 'unblock' : 'block'}
                      className={user.blockedAt ? 'btn btn-small' : 'btn btn-small btn-danger'}
                      label={user.blockedAt ? t('users.unblock') : t('users.block')}
                    />
                  )}
                  <IntentForm intent="reset" className="btn btn-small btn-ghost" label={t('users.sendReset')} />
                </div>
              </>
            )}
          </section>

          <section aria-labelledby="u-privacy" className="admin-card">
            <h2 id="u-privacy">{t('users.privacy')}</h2>
            <FormMessage
              error={answer('erase')?.ok === false ? answer('erase')?.error : null}
              success={answer('erase')?.ok ? answer('erase')?.message : null}
            />
            <p>
              <a href={`/admin/user/export?id=${encodeURIComponent(user.id)}`} className="btn btn-small btn-ghost" download>
                {t('users.export')}
              </a>
            </p>
            {!erased && !self && (
              <Form method="post" className="erase-form">
                <input type="hidden" name="intent" value="erase" />
                <p className="card-meta">{t('users.eraseHint')}</p>
                <label className="checkbox">
                  <input type="checkbox" name="confirm" value="yes" required /> {t('users.eraseConfirm')}
                </label>
                <SubmitButton className="btn btn-small btn-danger">{t('users.erase')}</SubmitButton>
              </Form>
            )}
          </section>
        </div>
      </div>

      <section aria-labelledby="u-orders">
        <h2 id="u-orders">{t('users.orders')}</h2>
        <DataTable
          rows={orders}
          rowKey={(o) => o.id}
          className="data-table"
          empty={<p className="empty">{t('users.noOrders')}</p>}
          columns={[
            { key: 'code', header: t('users.orderCode'), cell: (o) => <Link to={`/admin/order/details?id=${o.id}`}>{o.code}</Link> },
            { key: 'date', header: t('users.orderDate'), cell: (o) => fmt.date(o.createdAt) },
            {
              key: 'status',
              header: t('users.orderStatus'),
              cell: (o) => <span className={`status-badge status-${o.status}`}>{t(`checkout:status.${o.status}`)}</span>,
            },
            { key: 'total', header: t('users.orderTotal'), cell: (o) => fmt.price(o.total), className: 'num' },
          ]}
        />
      </section>

      <section aria-labelledby="u-audit">
        <h2 id="u-audit">{t('users.history')}</h2>
        {audit.length === 0 ? (
          <p className="empty">{t('audit.empty')}</p>
        ) : (
          <ul className="plain-list">
            {audit.map((a) => (
              <li key={a.id}>
                {fmt.dateTime(a.at)} · {t(`audit.actions.${a.action}`, { defaultValue: a.action })} · <code>{a.actor}</code>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to={`/admin/audit?entity=user&entityId=${encodeURIComponent(user.id)}`}>{t('audit.all')}</Link>
        </p>
      </section>
    </div>
  );
}
