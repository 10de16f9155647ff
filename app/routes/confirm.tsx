/**
 * E-mail confirmation (/confirm/{token}; docs/product.md §2). Opening the link shows a
 * button; pressing it (a POST) confirms the account (single use, 48 h). A GET never spends the
 * token: mail scanners and link previews fetch links before the person does. An invalid or
 * expired link offers to send a new one.
 *
 * Confirming signs the new customer in, with the same session cookies as the log-in, and goes on
 * to the page the link keeps (e.g. `/payment` when they registered from checkout) with the cart of
 * the registration merged into the account, on whichever device the link is opened
 * (core/accounts/code-step.ts `signInWithConfirmation`). An account with two-factor log-in gets
 * the code step instead; an address confirmed before, and an admin without two-factor log-in,
 * are told to log in.
 */
import { data, Form, redirect, useActionData, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/confirm';
import { emailTokenUsable, resendConfirmation, signInWithConfirmation, sessionCookieHeaders } from '../../core/accounts/index.ts';
import { mergeCarts } from '../../core/cart/index.ts';
import { AccountPage } from '../components/account/AccountPage.tsx';
import { NextStep } from '../components/NextStep.tsx';
import { CodeStepFields } from '../components/account/CodeStepFields.tsx';
import { EmailField } from '../components/account/EmailField.tsx';
import { FormMessage, SubmitButton } from '../components/forms.tsx';
import { requestMeta } from '../lib/auth.server.ts';
import { pageAction, readForm } from '../lib/page-action.server.ts';
import { translate } from '../../core/i18n/index.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Confirm' }), { name: 'robots', content: 'noindex' }];

/** Whether the link still works is read once; after confirming or resending the page shows the answer. */
export function shouldRevalidate() {
  return false;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const title = translate(context.lang, 'account:confirm.title');
  const usable = await emailTokenUsable(context.shop.db, params.token, 'confirm');
  return { title, usable, error: usable ? null : translate(context.lang, 'account:confirm.invalid') };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  // the resend's errors and a refused read (a NUL character) are answered as the form's failure
  return pageAction(context, async () => {
    const f = readForm(['intent', 'email'], form);
    if (f.intent === 'confirm')
      return pageAction(
        context,
        async () => {
          const done = await signInWithConfirmation(context.shop, params.token, requestMeta(context));
          const redirectTo = done.redirectTo ?? '/';
          if (done.kind === 'session') {
            // the registration's cart (from any device), then the one of this browser, as the log-in merges it
            if (done.cartKey) await mergeCarts(context.shop.db, done.userId, done.cartKey);
            await mergeCarts(context.shop.db, done.userId, context.anonCartId);
            const headers = new Headers();
            for (const c of sessionCookieHeaders(done.session, context.shop.env)) headers.append('Set-Cookie', c);
            return redirect(redirectTo, { headers });
          }
          if (done.kind === 'codeStep')
            return data({
              ok: true as const,
              confirmed: true as const,
              message: translate(context.lang, 'account:confirm.codeStep'),
              codeStep: done.codeStepToken,
              email: done.email,
              redirectTo,
            });
          return {
            ok: true as const,
            confirmed: true as const,
            message: translate(context.lang, 'account:confirm.done'),
            redirectTo,
            codeStep: null,
            email: '',
          };
        },
        // any other refusal reads as one "invalid or used link": the page then offers a new one
        {
          message: (e) => (e.code === 'rate_limited' ? undefined : translate(context.lang, 'account:confirm.invalid')),
          extra: () => ({ confirmed: false as const }),
        },
      );
    await resendConfirmation(context.shop, f.email, requestMeta(context));
    return { ok: true as const, confirmed: false as const, message: translate(context.lang, 'account:register.sent') };
  });
}

export default function ConfirmPage() {
  const { t } = useTranslation('account');
  const { usable, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : null;
  if (result?.ok && 'confirmed' in result && result.confirmed && 'redirectTo' in result) {
    const back = result.redirectTo && result.redirectTo !== '/' ? `?redirectTo=${encodeURIComponent(result.redirectTo)}` : '';
    return (
      <AccountPage title={t('confirm.title')}>
        <FormMessage success={result.message} />
        {result.codeStep ? (
          // the code step of the log-in (app/routes/login.tsx): the signed token stands for the password
          <Form method="post" action={`/login${back}`} className="account-form" noValidate>
            <CodeStepFields token={result.codeStep} email={result.email} redirectTo={result.redirectTo} />
            <SubmitButton>{t('login.submit')}</SubmitButton>
          </Form>
        ) : (
          <NextStep to={`/login${back}`}>{t('login.title')}</NextStep>
        )}
      </AccountPage>
    );
  }
  return (
    <AccountPage title={t('confirm.title')}>
      {result?.ok ? (
        <FormMessage success={result.message} />
      ) : usable && !failed ? (
        <Form method="post" className="account-form">
          <p>{t('confirmButton.prompt')}</p>
          <SubmitButton name="intent" value="confirm" data-testid="confirm-email">
            {t('confirmButton.submit')}
          </SubmitButton>
        </Form>
      ) : (
        <>
          <FormMessage error={failed ? failed.error : error} />
          <p>{t('confirm.resendIntro')}</p>
          <Form method="post" className="account-form" noValidate>
            <EmailField error={failed?.fields.email} />
            <SubmitButton>{t('confirm.resend')}</SubmitButton>
          </Form>
        </>
      )}
    </AccountPage>
  );
}
