/**
 * Contact (/contact): address, WhatsApp and e-mail from configuration, and a form whose messages
 * are stored and e-mailed to the shop (core/contact/service.ts: validation with the
 * specification's messages, a honeypot, a rate limit per IP). Works without JavaScript.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/contact';
import { getCachedSettings as getSettings } from '../../core/config/index.ts';
import { submitContactMessage } from '../../core/contact/index.ts';
import { whatsappNumber } from '../components/Footer.tsx';
import { translate } from '../../core/i18n/index.ts';
import { pageAction, readForm } from '../lib/page-action.server.ts';
import { Field, FormError, FormSuccess, SubmitButton, TextareaField } from '../components/forms.tsx';
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
  const form = await request.formData();
  return pageAction(
    context,
    async () => {
      // the form's fields as typed (`website` is the honeypot); core validates them
      const fields = readForm(['name', 'email', 'subject', 'message', 'website'], form);
      await submitContactMessage(context.shop, fields, { ip: context.clientIp ?? 'unknown' });
      return { ok: true as const, message: translate(context.lang, 'common:contact.sent') };
    },
    { form, fallbackKey: 'invalidInput' },
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const c = loaderData.contact;
  const failed = actionData && !actionData.ok ? actionData : null;
  const values = failed?.values;
  /** A field of the form: its id, label, message, length limit and the value sent before. */
  const props = (name: 'name' | 'email' | 'subject' | 'message', maxLength: number) => ({
    name,
    id: `contact-${name}`,
    label: t(`contact.${name}`),
    error: failed?.fields[name],
    maxLength,
    defaultValue: values?.[name],
  });
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
          <FormSuccess message={actionData?.ok ? actionData.message : null} data-testid="contact-sent" />
          <FormError error={failed?.error} data-testid="contact-error" />
          <Field {...props('name', 120)} type="text" autoComplete="name" />
          <Field {...props('email', 254)} type="email" autoComplete="email" />
          <Field {...props('subject', 200)} type="text" />
          <TextareaField {...props('message', 5000)} rows={6} />
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="contact-website">{t('contact.honeypot')}</label>
            <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <SubmitButton data-testid="contact-submit">{t('contact.send')}</SubmitButton>
        </Form>
      </div>
    </div>
  );
}
