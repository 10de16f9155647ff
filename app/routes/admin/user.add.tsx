/**
 * Add a user (/admin/user/add): the admin enters the registration fields, an initial password
 * and the role; the account is verified at once (the admin vouches for the address). Admin only.
 */
import { Form, Link, useActionData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/user.add';
import { ROLES } from '../../../core/accounts/browser.ts';
import { adminCreateUser } from '../../../core/accounts/index.ts';
import { AddressFields } from '../../components/account/AddressFields.tsx';
import { Field, FormMessage, SelectField, SubmitButton } from '../../components/forms.tsx';
import { PasswordField } from '../../components/account/NewPasswordFields.tsx';
import { newAccountFromForm, requireAdmin } from '../../lib/auth.server.ts';
import { readForm } from '../../lib/page-action.server.ts';
import { adminPageAction } from '../../lib/admin-action.server.ts';
import { translate } from '../../../core/i18n/index.ts';
import { adminMeta } from '../../lib/admin-meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.userAdd');

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return { title: translate(context.lang, 'account:admin.userAdd.title') };
}

const NAMES = ['firstName', 'lastName', 'email', 'phone', 'password', 'dateOfBirth', 'street', 'postalCode', 'city', 'country', 'role', 'locale'] as const;

export async function action(args: Route.ActionArgs) {
  const { context } = args;
  return adminPageAction(args, async (admin, form) => {
    const f = readForm(NAMES, form);
    const u = await adminCreateUser(
      context.shop.db,
      {
        ...newAccountFromForm(f),
        role: f.role || 'Customer',
        locale: f.locale || context.lang,
      },
      `admin:${admin.userId}`,
    );
    return { ok: true as const, message: translate(context.lang, 'account:admin.userAdd.created', { email: u.email }) };
  });
}

export default function AdminUserAdd() {
  const { t } = useTranslation('account');
  const result = useActionData<typeof action>();
  const e = result && !result.ok ? result.fields : {};
  return (
    <div className="admin-page account-page">
      <h1>{t('admin.userAdd.title')}</h1>
      <FormMessage error={result && !result.ok ? result.error : null} success={result?.ok ? result.message : null} />
      <p>
        <Link to="/admin/user/list">{t('admin.users.title')}</Link>
      </p>
      <Form method="post" className="account-form" noValidate key={result?.ok ? result.message : 'form'}>
        <div className="field-row">
          <Field name="firstName" label={t('fields.firstName')} required error={e.firstName} />
          <Field name="lastName" label={t('fields.lastName')} required error={e.lastName} />
        </div>
        <Field name="email" type="email" label={t('fields.email')} required error={e.email} />
        <Field name="phone" type="tel" label={t('fields.phone')} required error={e.phone} />
        <Field name="dateOfBirth" type="date" label={t('fields.dateOfBirth')} required error={e.dateOfBirth} />
        <AddressFields errors={e} />
        <PasswordField name="password" label={t('fields.password')} autoComplete="new-password" error={e.password} hint={t('password.rules')} />
        <SelectField
          name="role"
          label={t('fields.role')}
          defaultValue="Customer"
          error={e.role}
          options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
        <SubmitButton>{t('admin.userAdd.submit')}</SubmitButton>
      </Form>
    </div>
  );
}
