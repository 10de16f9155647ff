/**
 * E-mail confirmation (/confirm/{token}; specification section 2). Opening the link confirms the
 * account (single use, 48 h). An invalid or expired link offers to send a new one.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/confirm';
import { confirmEmail, resendConfirmation } from '../../core/accounts/registration.ts';
import { DomainError } from '../../core/errors.ts';
import { FormField, FormMessage } from '../components/account/FormField.tsx';
import { formFailure, formFields, requestMeta } from '../lib/auth.server.ts';
import { translate } from '../i18n/resources.server.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Confirm' }), { name: 'robots', content: 'noindex' }];

/** Confirming spends the token: never run the loader again on the same page (e.g. after the resend form). */
export function shouldRevalidate() {
  return false;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const title = translate(context.lang, 'account:confirm.title');
  try {
    await confirmEmail(context.shop, params.token, requestMeta(context));
    return { title, confirmed: true, error: null };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const error =
      err.code === 'rate_limited'
        ? translate(context.lang, 'errors:rateLimited', { ...err.opts.params, defaultValue: err.message })
        : translate(context.lang, 'account:confirm.invalid');
    return { title, confirmed: false, error };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const f = formFields(await request.formData(), ['email']);
  try {
    await resendConfirmation(context.shop, f.email, requestMeta(context));
    return { ok: true as const, message: translate(context.lang, 'account:register.sent') };
  } catch (err) {
    return formFailure(err, context.lang);
  }
}

export default function ConfirmPage() {
  const { t } = useTranslation('account');
  const { confirmed, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="container account-page">
      <h1>{t('confirm.title')}</h1>
      {confirmed ? (
        <>
          <FormMessage success={t('confirm.done')} />
          <p>
            <Link to="/login" className="btn">
              {t('login.title')}
            </Link>
          </p>
        </>
      ) : result?.ok ? (
        <FormMessage success={result.message} />
      ) : (
        <>
          <FormMessage error={result && !result.ok ? result.error : error} />
          <p>{t('confirm.resendIntro')}</p>
          <Form method="post" className="account-form" noValidate>
            <FormField
              name="email"
              type="email"
              label={t('fields.email')}
              autoComplete="email"
              required
              error={result && !result.ok ? result.fields.email : undefined}
            />
            <button type="submit" className="btn" disabled={navigation.state === 'submitting'}>
              {t('confirm.resend')}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
