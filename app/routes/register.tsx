/**
 * Register (/register, linked from /login): names, e-mail, phone, password, date
 * of birth, delivery address in Switzerland (Liechtenstein when the settings serve it, ADR 014).
 * Sends the confirmation e-mail and
 * says "A confirmation email was sent, please verify". Anyone under 18 is refused.
 *
 * Reached from checkout (`?redirectTo=/payment`), registration is a step of the order: the
 * redirect (a same-site path) and the visitor's anonymous cart are kept with the confirmation
 * link, which signs the new customer in and takes them back there with the cart, on any device
 * (app/routes/confirm.tsx).
 */
import { Form, Link, redirect, useActionData, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/register';
import { registerUser } from '../../core/accounts/index.ts';
import { AccountPage } from '../components/account/AccountPage.tsx';
import { NextStep } from '../components/NextStep.tsx';
import { EmailField } from '../components/account/EmailField.tsx';
import { Field, FormMessage, SubmitButton } from '../components/forms.tsx';
import { AddressFields } from '../components/account/AddressFields.tsx';
import { newAccountFromForm, requestMeta, safeRedirect } from '../lib/auth.server.ts';
import { pageAction, readForm, requireSamePasswords } from '../lib/page-action.server.ts';
import { translate } from '../../core/i18n/index.ts';
import { pageMeta } from '../lib/meta.ts';
import { NewPasswordFields } from '../components/account/NewPasswordFields.tsx';

export const meta: Route.MetaFunction = ({ data }) => pageMeta({ title: data?.title ?? 'Register' });

export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.auth) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '/profile'));
  return { title: translate(context.lang, 'account:register.title') };
}

const NAMES = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'passwordConfirm',
  'dateOfBirth',
  'street',
  'postalCode',
  'city',
  'country',
  'redirectTo',
] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return pageAction(context, async () => {
    const f = readForm(NAMES, form);
    const redirectTo = safeRedirect(f.redirectTo, '');
    if (f.password) requireSamePasswords(f.password, f.passwordConfirm);
    await registerUser(
      context.shop,
      {
        ...newAccountFromForm(f),
        locale: context.lang,
      },
      requestMeta(context),
      { redirectTo: redirectTo || null, cartKey: context.anonCartId },
    );
    return {
      ok: true as const,
      message: translate(context.lang, 'account:register.sent'),
      email: f.email.trim().toLowerCase(),
      checkout: redirectTo !== '' && redirectTo !== '/',
    };
  });
}

export default function RegisterPage() {
  const { t } = useTranslation('account');
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo') ?? '';
  const loginTo = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login';
  if (result?.ok)
    return (
      <AccountPage title={t('register.title')}>
        <FormMessage success={result.message} />
        <p data-testid="register-sent-hint">{t(result.checkout ? 'register.sentHintCheckout' : 'register.sentHint', { email: result.email })}</p>
        {!result.checkout && <NextStep to="/login">{t('login.title')}</NextStep>}
      </AccountPage>
    );
  const e = result && !result.ok ? result.fields : {};
  return (
    <div className="container account-page">
      <h1>{t('register.title')}</h1>
      <p>{t('register.intro')}</p>
      {redirectTo.startsWith('/payment') && <p className="callout">{t('register.checkoutIntro')}</p>}
      <FormMessage error={result && !result.ok ? result.error : null} />
      <Form method="post" className="account-form" noValidate>
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <fieldset>
          <legend>{t('register.you')}</legend>
          <div className="field-row">
            <Field name="firstName" label={t('fields.firstName')} autoComplete="given-name" required error={e.firstName} />
            <Field name="lastName" label={t('fields.lastName')} autoComplete="family-name" required error={e.lastName} />
          </div>
          <EmailField error={e.email} />
          <Field name="phone" type="tel" label={t('fields.phone')} autoComplete="tel" required error={e.phone} placeholder="+41 79 123 45 67" />
          <Field
            name="dateOfBirth"
            type="date"
            label={t('fields.dateOfBirth')}
            autoComplete="bday"
            required
            error={e.dateOfBirth}
            hint={t('register.adultsOnly')}
          />
        </fieldset>
        <fieldset>
          <legend>{t('fields.address')}</legend>
          <AddressFields errors={e} />
        </fieldset>
        <fieldset>
          <legend>{t('fields.password')}</legend>
          <NewPasswordFields name="password" label="fields.password" errors={e} />
        </fieldset>
        <SubmitButton>{t('register.submit')}</SubmitButton>
      </Form>
      <p className="account-links">
        {t('register.haveAccount')} <Link to={loginTo}>{t('login.title')}</Link>
      </p>
    </div>
  );
}
