/**
 * Forgot password (/forgot): the visitor enters their e-mail; the answer is the
 * same whether or not an account exists; a mail with a `/reset/{token}` link (1 h) is sent.
 */
import { Form, Link, useActionData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/forgot';
import { requestPasswordReset } from '../../core/accounts/index.ts';
import { EmailField } from '../components/account/EmailField.tsx';
import { FormMessage, SubmitButton } from '../components/forms.tsx';
import { requestMeta } from '../lib/auth.server.ts';
import { pageAction, readForm } from '../lib/page-action.server.ts';
import { translate } from '../../core/i18n/index.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ data }) => pageMeta({ title: data?.title ?? 'Forgot password' });

export async function loader({ context }: Route.LoaderArgs) {
  return { title: translate(context.lang, 'account:forgot.title') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return pageAction(context, async () => {
    const f = readForm(['email'], form);
    await requestPasswordReset(context.shop, f.email, requestMeta(context));
    return { ok: true as const, message: translate(context.lang, 'account:forgot.sent') };
  });
}

export default function ForgotPage() {
  const { t } = useTranslation('account');
  const result = useActionData<typeof action>();
  return (
    <div className="container account-page">
      <h1>{t('forgot.title')}</h1>
      {result?.ok ? (
        <FormMessage success={result.message} />
      ) : (
        <>
          <p>{t('forgot.intro')}</p>
          <FormMessage error={result && !result.ok ? result.error : null} />
          <Form method="post" className="account-form" noValidate>
            <EmailField error={result && !result.ok ? result.fields.email : undefined} />
            <SubmitButton>{t('forgot.submit')}</SubmitButton>
          </Form>
        </>
      )}
      <p className="account-links">
        <Link to="/login">{t('login.title')}</Link>
      </p>
    </div>
  );
}
