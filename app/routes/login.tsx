/**
 * Log in (/login; docs/product.md §2 and §4). On success the anonymous cart is merged into
 * the user's cart (counts add up, capped by stock), the session cookies are set (HttpOnly), the
 * page says "Log in successfully" and goes back to `redirectTo`; without one, an Admin goes to
 * /admin/home and everyone else to the storefront (app/lib/login-landing.server.ts). Failures show the server's
 * message, the same for an unknown e-mail and a wrong password.
 *
 * For an account with two-factor log-in the right password answers the code step: a form with
 * the field for the authenticator code (or a recovery code) and a short-lived signed token in a
 * hidden field instead of the password (core/accounts/code-step.ts), so both steps are plain form
 * posts that work without scripts, or with a tap before they load.
 *
 * Reached from checkout (`redirectTo=/payment`), the page first says why an order needs an account
 * and offers to create one, keeping `redirectTo`. A visitor who is already signed in goes to
 * `redirectTo`, or to their profile: the user icon of a page from the shared cache is a login link
 * until the visitor's own part has arrived (ADR 027), and a click on it then means
 * "my account".
 */
import { useEffect } from 'react';
import { Form, Link, redirect, useActionData, useNavigate, useSearchParams, data } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/login';
import {
  currentAccount,
  finishWebLogin,
  resendConfirmation,
  startWebLogin,
  CODE_STEP_EXPIRED_KEY,
  TWO_FACTOR_REQUIRED_KEY,
  sessionCookieHeaders,
} from '../../core/accounts/index.ts';
import type { DomainError } from '../../core/errors.ts';
import { mergeCarts } from '../../core/cart/index.ts';
import { CodeStepFields } from '../components/account/CodeStepFields.tsx';
import { EmailField } from '../components/account/EmailField.tsx';
import { CheckoutAccountNote } from '../components/account/CheckoutAccountNote.tsx';
import { FormMessage, SubmitButton } from '../components/forms.tsx';
import { PasswordField } from '../components/account/NewPasswordFields.tsx';
import { useUiState } from '../components/ui-state.tsx';
import { requestMeta, safeRedirect } from '../lib/auth.server.ts';
import { loginLanding } from '../lib/login-landing.server.ts';
import { pageAction, readForm } from '../lib/page-action.server.ts';
import { translate } from '../../core/i18n/index.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ data }) => pageMeta({ title: data?.title ?? 'Log in' });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (context.auth) throw redirect(safeRedirect(url.searchParams.get('redirectTo'), '/profile'));
  return { title: translate(context.lang, 'account:login.title') };
}

/**
 * A refused log-in; `email` is the address as typed, so a page rendered after a plain form post
 * (no scripts yet) keeps it. `codeStep` is the signed token of the code step (never the password).
 */
type Failure = {
  ok: false;
  error: string;
  fields: Record<string, string>;
  unconfirmed?: string;
  resent?: string;
  codeStep?: string;
  email?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // the fields are read inside a page action: a refused read (a NUL character) is answered as the form's failure
  return pageAction(context, async () => {
    const f = readForm(['email', 'password', 'otp', 'token', 'redirectTo', 'intent'], form);
    const signedIn = async (session: { userId: string; accesToken: string; refreshToken: string; sessionVersion: number }) => {
      await mergeCarts(context.shop.db, session.userId, context.anonCartId);
      // the account as the next request will see it: an admin who must still set up two-factor
      // log-in counts as a Customer with the set-up pending
      const account = await currentAccount(context.shop, session);
      const redirectTo = loginLanding(account === 'stale' ? null : account, f.redirectTo);
      const headers = new Headers();
      for (const c of sessionCookieHeaders(session, context.shop.env)) headers.append('Set-Cookie', c);
      return data({ ok: true as const, message: translate(context.lang, 'account:login.success'), redirectTo }, { headers });
    };
    if (f.intent === 'resend')
      return pageAction(
        context,
        async () => {
          await resendConfirmation(context.shop, f.email, requestMeta(context));
          const resent = translate(context.lang, 'account:login.resent', { email: f.email.trim() });
          return data<Failure>({ ok: false, resent, error: '', fields: {}, email: f.email });
        },
        { extra: () => ({ email: f.email, unconfirmed: f.email }) },
      );
    if (f.intent === 'code')
      return pageAction(context, async () => signedIn(await finishWebLogin(context.shop, { token: f.token, otp: f.otp }, requestMeta(context))), {
        // a wrong or unreadable code keeps the code step (its token is still good); a dead token starts over
        extra: (e: DomainError): Pick<Failure, 'codeStep' | 'email'> => ({
          email: f.email,
          codeStep: e.opts.key === CODE_STEP_EXPIRED_KEY || e.code === 'forbidden' ? undefined : f.token,
        }),
      });
    return pageAction(
      context,
      async () => {
        const step = await startWebLogin(context.shop, { email: f.email, password: f.password, otp: f.otp || undefined }, requestMeta(context));
        if ('session' in step) return signedIn(step.session);
        // the password was right and the account uses two-factor log-in: the code step, with its token
        return data<Failure>(
          { ok: false, error: translate(context.lang, TWO_FACTOR_REQUIRED_KEY), fields: {}, codeStep: step.codeStepToken, email: step.email },
          { status: 401 },
        );
      },
      {
        extra: (e: DomainError): Pick<Failure, 'unconfirmed' | 'email'> => ({
          email: f.email,
          // an unconfirmed account is refused as a wrong password is (core/accounts/sessions.ts), so
          // every such refusal offers a new confirmation link, which answers alike for any address
          unconfirmed: e.opts.key === 'badCredentials' || e.opts.key === 'emailNotConfirmed' ? f.email : undefined,
        }),
      },
    );
  });
}

export default function LoginPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  const navigate = useNavigate();
  const { notify } = useUiState();
  // no redirectTo: the form sends none, and the server picks the page by role
  const redirectTo = params.get('redirectTo') ?? '/';
  const redirectField = params.get('redirectTo') ?? '';
  useEffect(() => {
    if (result?.ok) {
      notify(result.message);
      navigate(result.redirectTo, { replace: true });
    }
  }, [result, notify, navigate]);
  const failure = result && !result.ok ? (result as Failure) : null;
  const codeStep = failure?.codeStep;
  const registerTo = redirectTo !== '/' ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : '/register';
  return (
    <div className="container account-page">
      <h1>{t('login.title')}</h1>
      {!result?.ok && !codeStep && redirectTo.startsWith('/payment') && <CheckoutAccountNote registerTo={registerTo} />}
      {result?.ok ? <FormMessage success={result.message} /> : <FormMessage error={failure?.error || null} success={failure?.resent ?? null} />}
      {failure?.unconfirmed && !failure.resent && (
        <Form method="post" className="account-form">
          <p className="card-meta">{t('login.unconfirmedHint')}</p>
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={failure.unconfirmed} />
          <SubmitButton className="btn btn-ghost btn-small" data-testid="resend-confirmation">
            {t('confirm.resend')}
          </SubmitButton>
        </Form>
      )}
      {result?.ok ? (
        <p>
          <Link to={result.redirectTo}>{t('login.continue')}</Link>
        </p>
      ) : codeStep ? (
        <Form method="post" className="account-form" noValidate>
          {failure?.email && <p className="card-meta">{t('twoFactor.codeStepFor', { email: failure.email })}</p>}
          <CodeStepFields token={codeStep} email={failure?.email ?? ''} redirectTo={redirectField} error={failure?.fields.otp} />
          <SubmitButton>{t('login.submit')}</SubmitButton>
          <p>
            <Link to={redirectTo !== '/' ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login'} reloadDocument>
              {t('twoFactor.startOver')}
            </Link>
          </p>
        </Form>
      ) : (
        <Form method="post" className="account-form" noValidate>
          <input type="hidden" name="redirectTo" value={redirectField} />
          <EmailField defaultValue={failure?.email} error={failure?.fields.email} />
          <PasswordField name="password" label={t('fields.password')} error={failure?.fields.password} />
          <SubmitButton>{t('login.submit')}</SubmitButton>
        </Form>
      )}
      <ul className="account-links">
        <li>
          <Link to="/forgot">{t('login.forgot')}</Link>
        </li>
        <li>
          {t('login.noAccount')} <Link to={registerTo}>{t('login.register')}</Link>
        </li>
      </ul>
    </div>
  );
}
