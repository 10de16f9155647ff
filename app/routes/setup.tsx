/**
 * First-run setup (/setup/{token}): the link printed at start-up while the shop has no admin
 * (core/accounts/setup.ts). A form for the first admin's name, e-mail and password (the usual
 * rules); on success the admin is signed in and goes to the dashboard. A wrong, expired or used
 * link, and any link once an admin exists, answers 404.
 */
import { data, Form, redirect, useActionData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/setup';
import { createFirstAdmin, setupLinkUsable, createSession, sessionCookieHeaders } from '../../core/accounts/index.ts';
import { EmailField } from '../components/account/EmailField.tsx';
import { Field, FormMessage, SubmitButton } from '../components/forms.tsx';
import { NewPasswordFields } from '../components/account/NewPasswordFields.tsx';
import { pageAction, readForm, requireSamePasswords } from '../lib/page-action.server.ts';
import { translate } from '../../core/i18n/index.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Set up' }), { name: 'robots', content: 'noindex' }];

const notFound = () => data(null, { status: 404 });

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!(await setupLinkUsable(context.shop.db, params.token))) throw notFound();
  return { title: translate(context.lang, 'account:setup.title') };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  return pageAction(
    context,
    async () => {
      const f = readForm(['firstName', 'lastName', 'email', 'password', 'passwordConfirm'], form);
      requireSamePasswords(f.password, f.passwordConfirm);
      const { userId } = await createFirstAdmin(context.shop, params.token, f);
      const session = await createSession(context.shop, { id: userId, role: 'Admin' });
      const headers = new Headers();
      for (const c of sessionCookieHeaders(session, context.shop.env)) headers.append('Set-Cookie', c);
      return redirect('/admin/home', { headers });
    },
    // a wrong, used or expired link is the 404 page, not a form message
    { escape: (e) => (e.code === 'not_found' ? notFound() : undefined) },
  );
}

export default function SetupPage() {
  const { t } = useTranslation('account');
  const result = useActionData<typeof action>();
  const e = result && !result.ok ? result.fields : {};
  return (
    <div className="container account-page" data-testid="setup-page">
      <h1>{t('setup.title')}</h1>
      <p>{t('setup.intro')}</p>
      <FormMessage error={result && !result.ok ? result.error : undefined} />
      <Form method="post" className="account-form" noValidate>
        <div className="field-row">
          <Field name="firstName" label={t('fields.firstName')} autoComplete="given-name" required error={e.firstName} />
          <Field name="lastName" label={t('fields.lastName')} autoComplete="family-name" required error={e.lastName} />
        </div>
        <EmailField error={e.email} />
        <NewPasswordFields name="password" label="fields.password" errors={e} />
        <SubmitButton data-testid="setup-submit">{t('setup.submit')}</SubmitButton>
      </Form>
      <p className="card-meta">{t('setup.once')}</p>
    </div>
  );
}
