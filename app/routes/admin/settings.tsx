/**
 * Admin settings (/admin/settings): the specification's configuration object (address, WhatsApp,
 * e-mail, telegram, facebook, instagram, shop_closed, promotional text) and the shop's seller,
 * VAT and delivery settings. Admin only (admin layout loader + this action re-checks).
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/settings';
import { invalidateSettings } from '../../../core/config/index.ts';
import { getSettings, updateSettings } from '../../../core/config/index.ts';
import { isSocialLink, SOCIAL_LINK_MESSAGE_KEY } from '../../../core/config/browser.ts';
import { parseChfInput, rappenToDecimalString } from '../../../core/pricing/browser.ts';
import { Field } from '../../components/admin/Field.tsx';
import { FormError, FormSuccess, SubmitButton } from '../../components/forms.tsx';
import { pageAction, readForm } from '../../lib/page-action.server.ts';
import { translate } from '../../i18n/resources.server.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { LOCALE_NAMES, LOCALES } from '../../i18n/locales.ts';

const chf = z
  .string()
  .refine((s) => parseChfInput(s) !== null, 'chfAmount')
  .transform((s) => parseChfInput(s)!);

const SettingsForm = z.object({
  companyName: z.string().trim().min(1),
  dir: z.string().trim().min(1),
  street: z.string().trim().min(1),
  buildingNumber: z.string().trim().max(16),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'postcodeInvalid'),
  city: z.string().trim().min(1),
  whatsapp: z.string().trim().max(40),
  email: z.email(),
  // https links only (core/config/settings.ts isSocialLink)
  telegram: z.string().trim().refine(isSocialLink, SOCIAL_LINK_MESSAGE_KEY),
  facebook: z.string().trim().refine(isSocialLink, SOCIAL_LINK_MESSAGE_KEY),
  instagram: z.string().trim().refine(isSocialLink, SOCIAL_LINK_MESSAGE_KEY),
  shop_closed: z
    .string()
    .optional()
    .transform((v) => v === 'on'),
  promotionalText: z.string().trim().max(200),
  vatNumber: z.string().trim().min(1),
  shippingFee: chf,
  freeShippingThreshold: chf,
  iban: z.string().trim().min(15).max(40),
  cardPaymentExpiryMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  bankTransferExpiryDays: z.coerce.number().int().min(1).max(7),
  /** Unchecked: Switzerland only (the specification's rule, ADR 014). */
  deliverLiechtenstein: z
    .string()
    .optional()
    .transform((v) => v === 'on'),
  /** Absent (an older form or client): unchanged. */
  influencerBonusPercent: z.coerce.number().int().min(0).max(100).optional(),
  // the shop's own mails (core/orders/shop-mail.ts): empty = the contact e-mail; absent = unchanged
  orderNotificationEmail: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.email().optional())
    .transform((v) => v ?? '')
    .optional(),
  shopMailLocale: z.enum(LOCALES).optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return { settings: await getSettings(context.shop.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData();
  return pageAction(
    context,
    async () => {
      const { promotionalText, influencerBonusPercent, orderNotificationEmail, shopMailLocale, ...rest } = readForm(SettingsForm, form);
      await updateSettings(
        context.shop.db,
        {
          ...rest,
          ...(influencerBonusPercent === undefined ? {} : { influencerBonusPercent }),
          ...(orderNotificationEmail === undefined ? {} : { orderNotificationEmail }),
          ...(shopMailLocale === undefined ? {} : { shopMailLocale }),
          promotionalInfo: { text: promotionalText },
        },
        `admin:${admin.userId}`,
      );
      invalidateSettings(context.shop.db);
      return { saved: true, fields: {} as Record<string, string> };
    },
    {
      // the form's own wording: the marked fields are the message
      message: (e) => (e.opts.key === 'invalidInput' ? translate(context.lang, 'admin:form.fix') : undefined),
      extra: () => ({ saved: false }),
    },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.settings');

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { t: ti } = useTranslation('influencer');
  const s = loaderData.settings;
  const f = actionData?.fields ?? {};
  const text = (name: keyof typeof s & string, label: string, type: 'text' | 'email' | 'number' = 'text') => (
    <Field name={name} label={label} type={type} defaultValue={s[name] as string} error={f[name]} required />
  );
  return (
    <div>
      <h1>{t('settings.title')}</h1>
      {actionData?.saved && <FormSuccess message={t('settings.saved')} />}
      {actionData && !actionData.saved && <FormError error={'error' in actionData ? actionData.error : t('form.fix')} />}
      <Form method="post" className="admin-form">
        <fieldset>
          <legend>{t('settings.shop')}</legend>
          <Field name="shop_closed" type="checkbox" label={t('settings.shopClosed')} defaultValue={s.shop_closed} />
          <Field name="promotionalText" label={t('settings.promotionalText')} defaultValue={s.promotionalInfo.text} error={f.promotionalText} />
        </fieldset>
        <fieldset>
          <legend>{t('settings.company')}</legend>
          {text('companyName', t('settings.companyName'))}
          {text('dir', t('settings.dir'))}
          {text('street', t('settings.street'))}
          <Field name="buildingNumber" label={t('settings.buildingNumber')} defaultValue={s.buildingNumber} error={f.buildingNumber} />
          {text('postalCode', t('settings.postalCode'))}
          {text('city', t('settings.city'))}
          {text('vatNumber', t('settings.vatNumber'))}
          {text('iban', t('settings.iban'))}
        </fieldset>
        <fieldset>
          <legend>{t('settings.contact')}</legend>
          {text('email', t('settings.email'), 'email')}
          <Field name="whatsapp" label="WhatsApp" defaultValue={s.whatsapp} error={f.whatsapp} />
          <Field name="telegram" label="Telegram" defaultValue={s.telegram} error={f.telegram} />
          <Field name="facebook" label="Facebook" defaultValue={s.facebook} error={f.facebook} />
          <Field name="instagram" label="Instagram" defaultValue={s.instagram} error={f.instagram} />
        </fieldset>
        <fieldset>
          <legend>{t('settings.delivery')}</legend>
          <Field name="shippingFee" label={t('settings.shippingFee')} defaultValue={rappenToDecimalString(s.shippingFee)} error={f.shippingFee} required />
          <Field
            name="freeShippingThreshold"
            label={t('settings.freeShippingThreshold')}
            defaultValue={rappenToDecimalString(s.freeShippingThreshold)}
            error={f.freeShippingThreshold}
            required
          />
          <Field
            name="deliverLiechtenstein"
            type="checkbox"
            label={t('region.deliverLiechtenstein')}
            defaultValue={s.deliverLiechtenstein}
            error={f.deliverLiechtenstein}
          />
          <p className="card-meta">{t('region.hint')}</p>
          <Field
            name="cardPaymentExpiryMinutes"
            type="number"
            label={t('settings.cardExpiry')}
            defaultValue={s.cardPaymentExpiryMinutes}
            error={f.cardPaymentExpiryMinutes}
            required
          />
          <Field
            name="bankTransferExpiryDays"
            type="number"
            label={t('settings.bankExpiry')}
            defaultValue={s.bankTransferExpiryDays}
            error={f.bankTransferExpiryDays}
            required
          />
        </fieldset>
        <fieldset>
          <legend>{ti('settings.legend')}</legend>
          <Field
            name="influencerBonusPercent"
            type="number"
            label={ti('settings.bonusPercent')}
            defaultValue={s.influencerBonusPercent}
            error={f.influencerBonusPercent}
            required
          />
        </fieldset>
        <fieldset>
          <legend>{t('notifications.legend')}</legend>
          <Field
            name="orderNotificationEmail"
            type="email"
            label={t('notifications.orderEmail')}
            defaultValue={s.orderNotificationEmail}
            error={f.orderNotificationEmail}
            hint={t('notifications.orderEmailHint')}
          />
          <Field
            name="shopMailLocale"
            type="select"
            label={t('notifications.mailLocale')}
            defaultValue={s.shopMailLocale}
            error={f.shopMailLocale}
            options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          />
        </fieldset>
        <SubmitButton>{t('form.save')}</SubmitButton>
      </Form>
    </div>
  );
}
