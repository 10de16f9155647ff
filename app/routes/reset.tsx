/**
 * Password reset (/reset/{token}; docs/product.md §2): choose a new password with the link
 * of the reset mail (single use, 1 h). Every session of the account is signed out.
 */
import { Form, Link, useActionData, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/reset';
import { emailTokenUsable, resetPassword } from '../../core/accounts/index.ts';
import { AccountPage } from '../components/account/AccountPage.tsx';
import { NextStep } from '../components/NextStep.tsx';
import { FormMessage, SubmitButton } from '../components/forms.tsx';
import { requestMeta } from '../lib/auth.server.ts';
import { pageAction, readForm, requireSamePasswords } from '../lib/page-action.server.ts';
import { translate } from '../../core/i18n/index.ts';
import { pageMeta } from '../lib/meta.ts';
import { NewPasswordFields } from '../components/account/NewPasswordFields.tsx';

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Reset password' }), { name: 'robots', content: 'noindex' }];

export async function loader({ params, context }: Route.LoaderArgs) {
  return { title: translate(context.lang, 'account:reset.title'), usable: await emailTokenUsable(context.shop.db, params.token, 'reset') };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  return pageAction(context, async () => {
    const f = readForm(['password', 'passwordConfirm'], form);
    requireSamePasswords(f.password, f.passwordConfirm);
    await resetPassword(context.shop, { token: params.token, password: f.password }, requestMeta(context));
    return { ok: true as const, message: translate(context.lang, 'account:reset.done') };
  });
}

export default function ResetPage() {
  const { t } = useTranslation('account');
  const { usable } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const e = result && !result.ok ? result.fields : {};
  if (!usable && !result?.ok)
    return (
      <AccountPage title={t('reset.title')}>
        <FormMessage error={t('confirm.invalid')} />
        <NextStep to="/forgot">{t('reset.again')}</NextStep>
      </AccountPage>
    );
  return (
    <AccountPage title={t('reset.title')}>
      {result?.ok ? (
        <>
          <FormMessage success={result.message} />
          <NextStep to="/login">{t('login.title')}</NextStep>
        </>
      ) : (
        <>
          <FormMessage error={result && !result.ok ? result.error : null} />
          {e.token && (
            <p>
              <Link to="/forgot">{t('reset.again')}</Link>
            </p>
          )}
          <Form method="post" className="account-form" noValidate>
            <NewPasswordFields name="password" label="fields.newPassword" errors={e} />
            <SubmitButton>{t('reset.submit')}</SubmitButton>
          </Form>
        </>
      )}
    </AccountPage>
  );
}
