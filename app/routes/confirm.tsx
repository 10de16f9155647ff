/**
 * E-mail confirmation (/confirm/{token}; specification section 2). Opening the link shows a
 * button; pressing it (a POST) confirms the account (single use, 48 h). A GET never spends the
 * token: mail scanners and link previews fetch links before the person does. An invalid or
 * expired link offers to send a new one.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/confirm';
import { confirmEmail, emailTokenUsable, resendConfirmation } from '../../core/accounts/index.ts';
import { DomainError } from '../../core/errors.ts';
import { FormField, FormMessage } from '../components/account/FormField.tsx';
import { formFailure, formFields, requestMeta } from '../lib/auth.server.ts';
import { translate } from '../i18n/resources.server.ts';
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
  if (form.get('intent') === 'confirm') {
    try {
      await confirmEmail(context.shop, params.token, requestMeta(context));
      return { ok: true as const, confirmed: true as const, message: translate(context.lang, 'account:confirm.done') };
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const error =
        err.code === 'rate_limited'
          ? translate(context.lang, 'errors:rateLimited', { ...err.opts.params, defaultValue: err.message })
          : translate(context.lang, 'account:confirm.invalid');
      return { ok: false as const, confirmed: false as const, error, fields: {} as Record<string, string> };
    }
  }
  const f = formFields(form, ['email']);
  try {
    await resendConfirmation(context.shop, f.email, requestMeta(context));
    return { ok: true as const, confirmed: false as const, message: translate(context.lang, 'account:register.sent') };
  } catch (err) {
    return formFailure(err, context.lang);
  }
}

export default function ConfirmPage() {
  const { t } = useTranslation('account');
  const { usable, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const failed = result && !result.ok ? result : null;
  if (result?.ok && 'confirmed' in result && result.confirmed)
    return (
      <div className="container account-page">
        <h1>{t('confirm.title')}</h1>
        <FormMessage success={result.message} />
        <p>
          <Link to="/login" className="btn">
            {t('login.title')}
          </Link>
        </p>
      </div>
    );
  return (
    <div className="container account-page">
      <h1>{t('confirm.title')}</h1>
      {result?.ok ? (
        <FormMessage success={result.message} />
      ) : usable && !failed ? (
        <Form method="post" className="account-form">
          <p>{t('confirmButton.prompt')}</p>
          <button type="submit" name="intent" value="confirm" className="btn" disabled={busy} data-testid="confirm-email">
            {t('confirmButton.submit')}
          </button>
        </Form>
      ) : (
        <>
          <FormMessage error={failed ? failed.error : error} />
          <p>{t('confirm.resendIntro')}</p>
          <Form method="post" className="account-form" noValidate>
            <FormField name="email" type="email" label={t('fields.email')} autoComplete="email" required error={failed?.fields.email} />
            <button type="submit" className="btn" disabled={busy}>
              {t('confirm.resend')}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
