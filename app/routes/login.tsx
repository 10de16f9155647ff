/**
 * Log in (/login; specification sections 2 and 4). On success the anonymous cart is merged into
 * the user's cart (counts add up, capped by stock), the session cookies are set (HttpOnly), the
 * page says "Log in successfully" and goes back to `redirectTo`. Failures show the server's
 * message, the same for an unknown e-mail and a wrong password. For an account with two-factor
 * log-in, a right password brings the form back with a field for the code of the authenticator
 * app or a recovery code (core/accounts/two-factor.ts). A visitor who is already signed in
 * goes to `redirectTo`, or to their profile: the user icon of a page from the shared cache is a
 * login link until the visitor's own part has arrived (ADR 010 addendum 2), and a click on it then
 * means "my account".
 */
import { useEffect } from 'react';
import { Form, Link, redirect, useActionData, useNavigate, useSearchParams, data } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/login';
import { resendConfirmation } from '../../core/accounts/index.ts';
import { login } from '../../core/accounts/index.ts';
import { TWO_FACTOR_REQUIRED_KEY } from '../../core/accounts/index.ts';
import type { DomainError } from '../../core/errors.ts';
import { mergeCarts } from '../../core/cart/index.ts';
import { EmailField } from '../components/account/EmailField.tsx';
import { Field, FormMessage, SubmitButton } from '../components/forms.tsx';
import { PasswordField } from '../components/account/NewPasswordFields.tsx';
import { useUiState } from '../components/ui-state.tsx';
import { requestMeta, safeRedirect } from '../lib/auth.server.ts';
import { formFields, pageAction } from '../lib/page-action.server.ts';
import { sessionCookieHeaders } from '../lib/session.server.ts';
import { translate } from '../i18n/resources.server.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ data }) => pageMeta({ title: data?.title ?? 'Log in' });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (context.auth) throw redirect(safeRedirect(url.searchParams.get('redirectTo'), '/profile'));
  return { title: translate(context.lang, 'account:login.title') };
}

/** A refused log-in; `email` is the address as typed, so a page rendered after a plain form post (no scripts yet) keeps it. */
type Failure = { ok: false; error: string; fields: Record<string, string>; unconfirmed?: string; resent?: string; twoFactor?: boolean; email?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const f = formFields(form, ['email', 'password', 'otp', 'redirectTo', 'intent']);
  const extra = (e: DomainError): Pick<Failure, 'unconfirmed' | 'twoFactor' | 'resent' | 'email'> => ({
    resent: undefined,
    email: f.email,
    unconfirmed: e.opts.key === 'emailNotConfirmed' ? f.email : undefined,
    // the password was right and the account uses two-factor log-in: the form asks for the code
    twoFactor: e.opts.key === TWO_FACTOR_REQUIRED_KEY,
  });
  if (f.intent === 'resend')
    return pageAction(
      context,
      async () => {
        await resendConfirmation(context.shop, f.email, requestMeta(context));
        return data<Failure>({ ok: false, resent: translate(context.lang, 'account:register.sent'), error: '', fields: {} });
      },
      { extra },
    );
  return pageAction(
    context,
    async () => {
      const session = await login(context.shop, { email: f.email, password: f.password, otp: f.otp || undefined }, requestMeta(context));
      await mergeCarts(context.shop.db, session.userId, context.anonCartId);
      const headers = new Headers();
      for (const c of sessionCookieHeaders(session, context.shop.env)) headers.append('Set-Cookie', c);
      return data({ ok: true as const, message: translate(context.lang, 'account:login.success'), redirectTo: safeRedirect(f.redirectTo) }, { headers });
    },
    { extra },
  );
}

export default function LoginPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  const navigate = useNavigate();
  const { notify } = useUiState();
  const redirectTo = params.get('redirectTo') ?? '/';
  useEffect(() => {
    if (result?.ok) {
      notify(result.message);
      navigate(result.redirectTo, { replace: true });
    }
  }, [result, notify, navigate]);
  const failure = result && !result.ok ? result : null;
  return (
    <div className="container account-page">
      <h1>{t('login.title')}</h1>
      {result?.ok ? <FormMessage success={result.message} /> : <FormMessage error={failure?.error || null} success={failure?.resent ?? null} />}
      {failure?.unconfirmed && (
        <Form method="post" className="account-form">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={failure.unconfirmed} />
          <SubmitButton className="btn btn-ghost btn-small">{t('confirm.resend')}</SubmitButton>
        </Form>
      )}
      {result?.ok ? (
        <p>
          <Link to={result.redirectTo}>{t('login.continue')}</Link>
        </p>
      ) : (
        <Form method="post" className="account-form" noValidate>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <EmailField defaultValue={failure?.email} error={failure?.fields.email} />
          <PasswordField name="password" label={t('fields.password')} error={failure?.fields.password} />
          {failure?.twoFactor && (
            <Field
              name="otp"
              label={t('twoFactor.code')}
              hint={t('twoFactor.loginHint')}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              required
              error={failure.fields.otp}
            />
          )}
          <SubmitButton>{t('login.submit')}</SubmitButton>
        </Form>
      )}
      <ul className="account-links">
        <li>
          <Link to="/forgot">{t('login.forgot')}</Link>
        </li>
        <li>
          {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
        </li>
      </ul>
    </div>
  );
}
