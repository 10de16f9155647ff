/**
 * Edit profile (/profile; docs/product.md §2): update the profile (names, phone, delivery
 * address, language) and change the password (asks the current one; signs out the other
 * sessions, this one stays). Signed-in users only: anonymous visitors go to /login and back.
 * Data protection (revFADP): download one's data as JSON (/profile/export) and delete
 * the account, confirmed with the password (`eraseOwnAccount`: the orders stay, anonymised); the
 * answer clears the session cookies and the page only confirms the deletion.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation, data } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/profile';
import {
  changePassword,
  getUser,
  updateProfile,
  familyOf,
  eraseOwnAccount,
  UNSET_DATE_OF_BIRTH,
  clearSessionCookieHeaders,
  refreshTokenFromRequest,
  adminTwoFactorRequired,
  isEffectiveAdmin,
  twoFactorSecretReadable,
  twoFactorStatus,
} from '../../core/accounts/index.ts';
import { AddressFields } from '../components/account/AddressFields.tsx';
import { Field, FormMessage, SelectField, SubmitButton } from '../components/forms.tsx';
import { addressFromForm, requireUser } from '../lib/auth.server.ts';
import { pageAction, readForm, requireSamePasswords } from '../lib/page-action.server.ts';
import { LOCALE_NAMES, LOCALES } from '../../core/i18n/browser.ts';
import { translate } from '../../core/i18n/index.ts';
import { pageMeta } from '../lib/meta.ts';
import { consumeRateLimit } from '../../core/rate-limit/index.ts';
import { NewPasswordFields, PasswordField } from '../components/account/NewPasswordFields.tsx';
import { TwoFactorSection, type TwoFactorAnswer } from '../components/account/TwoFactorSection.tsx';
import { pendingSetupAnswer, twoFactorAction } from '../lib/two-factor.server.ts';

export const meta: Route.MetaFunction = ({ data }) => [...pageMeta({ title: data?.title ?? 'Profile' }), { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireUser(context, request);
  const u = await getUser(context.shop.db, auth.userId);
  const twoFactor =
    u.role === 'Admin'
      ? {
          ...(await twoFactorStatus(context.shop.db, auth.userId)),
          secretReadable: await twoFactorSecretReadable(context.shop, auth.userId),
          requiredForAdmins: await adminTwoFactorRequired(context.shop.db),
          asked: new URL(request.url).searchParams.get('twoFactor') === 'required',
        }
      : null;
  return {
    title: translate(context.lang, 'account:profile.title'),
    twoFactor,
    user: {
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone,
      // the placeholder of an admin created without one is no date the person entered
      dateOfBirth: u.role !== 'Customer' && u.dateOfBirth === UNSET_DATE_OF_BIRTH ? null : u.dateOfBirth,
      street: u.street,
      postalCode: u.postalCode,
      city: u.city,
      country: u.country,
      locale: u.locale,
      role: u.role,
    },
  };
}

type Answer = {
  intent: 'profile' | 'password' | 'erase' | 'twoFactor';
  ok: boolean;
  error?: string;
  message?: string;
  fields: Record<string, string>;
  twoFactor?: TwoFactorAnswer;
};

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireUser(context, request);
  const form = await request.formData();
  // which form posted, read in the page action (a refused read is answered under the profile form)
  let raw = '';
  let intent: Answer['intent'] = 'profile';
  return pageAction(
    context,
    async () => {
      const posted = readForm(['intent', 'password'], form);
      raw = posted.intent;
      intent = raw === 'password' ? 'password' : raw === 'erase' ? 'erase' : raw.startsWith('twoFactor') ? 'twoFactor' : 'profile';
      if (intent === 'twoFactor') {
        // an admin still to set up the two-factor log-in the shop requires counts as a Customer, but may set it up
        if (!isEffectiveAdmin(auth) && !auth.twoFactorSetupPending) throw data({ forbidden: true }, { status: 403 });
        // codes and the password asked again are guessable one by one
        await consumeRateLimit(context.shop, 'password', context.clientIp ?? 'unknown', auth.userId);
        const refresh = refreshTokenFromRequest(request, context.shop.env);
        const own = refresh ? await familyOf(context.shop.db, refresh) : null;
        const answer = await twoFactorAction(context.shop, auth, raw, form, own?.userId === auth.userId ? own.familyId : undefined);
        return data<Answer>({ intent, ok: true, message: translate(context.lang, `account:twoFactor.done.${answer.step}`), fields: {}, twoFactor: answer });
      }
      if (intent === 'erase') {
        // the password check is a password oracle like the change form: same throttle
        await consumeRateLimit(context.shop, 'password', context.clientIp ?? 'unknown', auth.userId);
        await eraseOwnAccount(context.shop, auth.userId, posted.password);
        // the session ends with this answer (cookies cleared); the page then only says goodbye
        const headers = new Headers();
        for (const c of clearSessionCookieHeaders(context.shop.env)) headers.append('Set-Cookie', c);
        return data<Answer>({ intent, ok: true, message: translate(context.lang, 'privacy:erased'), fields: {} }, { headers });
      }
      if (intent === 'password') {
        const f = readForm(['currentPassword', 'newPassword', 'passwordConfirm'], form);
        requireSamePasswords(f.newPassword, f.passwordConfirm);
        const refresh = refreshTokenFromRequest(request, context.shop.env);
        await consumeRateLimit(context.shop, 'password', context.clientIp ?? 'unknown', auth.userId); // a password oracle: throttled
        const own = refresh ? await familyOf(context.shop.db, refresh) : null;
        await changePassword(context.shop, auth.userId, f, own?.userId === auth.userId ? own.familyId : undefined);
        return data<Answer>({ intent, ok: true, message: translate(context.lang, 'account:profile.passwordChanged'), fields: {} });
      }
      const f = readForm(['firstName', 'lastName', 'phone', 'street', 'postalCode', 'city', 'country', 'locale'], form);
      await updateProfile(context.shop, auth.userId, {
        firstName: f.firstName,
        lastName: f.lastName,
        phone: f.phone,
        address: addressFromForm(f),
        locale: f.locale || undefined,
      });
      return data<Answer>({ intent, ok: true, message: translate(context.lang, 'account:profile.saved'), fields: {} });
    },
    {
      // erasing is refused while orders are open: the privacy page's wording names them
      message: (e) => (intent === 'erase' && e.opts.key === 'openOrders' ? translate(context.lang, 'privacy:openOrders', e.opts.params) : undefined),
      // after a wrong first code the set-up is still waiting: show its QR code again
      extra: async () => {
        const pending = raw === 'twoFactorConfirm' ? await pendingSetupAnswer(context.shop, auth.userId) : null;
        return { intent, ...(pending ? { twoFactor: pending } : {}) } as Pick<Answer, 'intent' | 'twoFactor'>;
      },
    },
  );
}

export default function ProfilePage() {
  const { t } = useTranslation('account');
  const { t: tp } = useTranslation('privacy');
  const { user, twoFactor } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const p = result?.intent === 'profile' ? result : null;
  const pw = result?.intent === 'password' ? result : null;
  const er = result?.intent === 'erase' ? result : null;
  const tf = result?.intent === 'twoFactor' ? result : null;
  const pe = p?.fields ?? {};
  if (er?.ok) {
    return (
      <div className="container account-page">
        <h1>{tp('eraseTitle')}</h1>
        <FormMessage success={er.message} />
        <p>
          <Link to="/" className="btn">
            {t('common:nav.home')}
          </Link>
        </p>
      </div>
    );
  }
  const we = pw?.fields ?? {};
  return (
    <div className="container account-page account-wide">
      <h1>{t('profile.title')}</h1>
      <div className="section-head">
        <p className="card-meta">
          {user.email} · {t(`roles.${user.role}`)}
        </p>
        <Form method="post" action="/logout" reloadDocument>
          <button type="submit" className="btn btn-ghost btn-small">
            {t('profile.logout')}
          </button>
        </Form>
      </div>
      <section aria-labelledby="profile-h">
        <h2 id="profile-h">{t('profile.data')}</h2>
        <FormMessage error={p && !p.ok ? p.error : null} success={p?.ok ? p.message : null} />
        <Form method="post" className="account-form" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <div className="field-row">
            <Field name="firstName" label={t('fields.firstName')} autoComplete="given-name" required defaultValue={user.firstName} error={pe.firstName} />
            <Field name="lastName" label={t('fields.lastName')} autoComplete="family-name" required defaultValue={user.lastName} error={pe.lastName} />
          </div>
          <Field name="phone" type="tel" label={t('fields.phone')} autoComplete="tel" required defaultValue={user.phone} error={pe.phone} />
          {user.dateOfBirth && <Field name="dateOfBirth" label={t('fields.dateOfBirth')} defaultValue={user.dateOfBirth} readOnly disabled />}
          <AddressFields errors={pe} values={user} />
          <SelectField
            name="locale"
            label={t('fields.language')}
            defaultValue={(LOCALES as readonly string[]).includes(user.locale) ? user.locale : 'en'}
            options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          />
          <SubmitButton>{t('profile.save')}</SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="password-h">
        <h2 id="password-h">{t('profile.password')}</h2>
        <p>{t('profile.passwordIntro')}</p>
        <FormMessage error={pw && !pw.ok ? pw.error : null} success={pw?.ok ? pw.message : null} />
        <Form method="post" className="account-form" noValidate key={pw?.ok ? 'done' : 'form'}>
          <input type="hidden" name="intent" value="password" />
          <PasswordField name="currentPassword" label={t('fields.currentPassword')} error={we.currentPassword} />
          <NewPasswordFields name="newPassword" label="fields.newPassword" errors={we} />
          <SubmitButton>{t('profile.changePassword')}</SubmitButton>
        </Form>
      </section>
      {twoFactor && (
        <TwoFactorSection
          status={twoFactor}
          answer={tf?.twoFactor ?? null}
          error={tf && !tf.ok ? (tf.error ?? null) : null}
          fields={tf?.fields ?? {}}
          message={tf?.ok ? (tf.message ?? null) : null}
          busy={busy}
        />
      )}
      <section aria-labelledby="privacy-h">
        <h2 id="privacy-h">{tp('title')}</h2>
        <p>{tp('exportIntro')}</p>
        <p>
          <a href="/profile/export" className="btn btn-ghost" download>
            {tp('export')}
          </a>
        </p>
        <h3 id="erase-h">{tp('eraseTitle')}</h3>
        <p>{tp('eraseIntro')}</p>
        <FormMessage error={er && !er.ok ? er.error : null} />
        <Form method="post" className="account-form" noValidate aria-labelledby="erase-h">
          <input type="hidden" name="intent" value="erase" />
          <PasswordField name="password" label={tp('password')} error={er?.fields.password} />
          <SubmitButton className="btn btn-danger">{tp('erase')}</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
