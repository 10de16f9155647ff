/**
 * Contact (/contact): address, WhatsApp and e-mail from configuration, and a form whose messages
 * are stored and e-mailed to the shop (core/contact/service.ts: validation with the
 * specification's messages, a honeypot, a rate limit per IP). Works without JavaScript.
 */
import { data, Form, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/contact';
import { getCachedSettings as getSettings } from '../../core/config/index.ts';
import { submitContactMessage } from '../../core/contact/index.ts';
import { DomainError } from '../../core/errors.ts';
import { whatsappNumber } from '../components/Footer.tsx';
import { translate, translateError, translateFields } from '../i18n/resources.server.ts';
import { pageMeta } from '../lib/meta.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const s = await getSettings(context.shop.db);
  return {
    contact: { dir: s.dir, whatsapp: s.whatsapp, email: s.email, companyName: s.companyName },
    title: translate(context.lang, 'common:contact.title'),
    description: translate(context.lang, 'common:contact.metaDescription'),
    canonical: `${context.origin}/contact`,
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta({ title: data.title, description: data.description, canonical: data.canonical }) : []);

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  try {
    await submitContactMessage(context.shop, form, { ip: context.clientIp ?? 'unknown' });
    return { ok: true as const, message: translate(context.lang, 'common:contact.sent') };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const fields = translateFields(context.lang, e.opts.fields);
    const message = translateError(context.lang, e, 'invalidInput');
    return data(
      {
        ok: false as const,
        message,
        fields,
        values: { name: String(form.name ?? ''), email: String(form.email ?? ''), subject: String(form.subject ?? ''), message: String(form.message ?? '') },
      },
      { status: e.code === 'rate_limited' ? 429 : 400 },
    );
  }
}

function Field({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  children: (props: Record<string, unknown>) => React.ReactNode;
}) {
  const id = `contact-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const c = loaderData.contact;
  const busy = useNavigation().state === 'submitting';
  const failed = actionData && !actionData.ok ? actionData : null;
  const values = failed?.values;
  return (
    <div className="container">
      <header className="page-head">
        <h1>{t('contact.title')}</h1>
        <p>{t('contact.intro')}</p>
      </header>
      <div className="info-grid">
        <aside className="info-card" aria-label={t('contact.details')}>
          <p className="footer-brand" style={{ fontSize: '1.4rem' }}>
            {c.companyName}
          </p>
          <dl>
            <dt>{t('contact.address')}</dt>
            <dd>
              <address style={{ fontStyle: 'normal' }}>{c.dir}</address>
            </dd>
            <dt>WhatsApp</dt>
            <dd>
              <a href={`https://wa.me/${whatsappNumber(c.whatsapp)}`}>{c.whatsapp}</a>
            </dd>
            <dt>{t('footer.email')}</dt>
            <dd>
              <a href={`mailto:${c.email}`}>{c.email}</a>
            </dd>
          </dl>
          <p className="muted" style={{ marginTop: 16, fontSize: '0.9rem' }}>
            {t('contact.reply')}
          </p>
        </aside>
        <Form method="post" noValidate className="info-card" aria-labelledby="contact-form-h" key={actionData?.ok ? 'sent' : 'form'}>
          <h2 id="contact-form-h">{t('contact.formTitle')}</h2>
          {actionData?.ok && (
            <p className="form-success" role="status" data-testid="contact-sent">
              {actionData.message}
            </p>
          )}
          {failed && (
            <p className="form-error" role="alert" data-testid="contact-error">
              {failed.message}
            </p>
          )}
          <Field name="name" label={t('contact.name')} error={failed?.fields.name}>
            {(p) => <input {...p} type="text" autoComplete="name" maxLength={120} defaultValue={values?.name} />}
          </Field>
          <Field name="email" label={t('contact.email')} error={failed?.fields.email}>
            {(p) => <input {...p} type="email" autoComplete="email" maxLength={254} defaultValue={values?.email} />}
          </Field>
          <Field name="subject" label={t('contact.subject')} error={failed?.fields.subject}>
            {(p) => <input {...p} type="text" maxLength={200} defaultValue={values?.subject} />}
          </Field>
          <Field name="message" label={t('contact.message')} error={failed?.fields.message}>
            {(p) => <textarea {...p} rows={6} maxLength={5000} defaultValue={values?.message} />}
          </Field>
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="contact-website">{t('contact.honeypot')}</label>
            <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className="btn" disabled={busy} data-testid="contact-submit">
            {t('contact.send')}
          </button>
        </Form>
      </div>
    </div>
  );
}
