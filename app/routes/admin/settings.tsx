/**
 * Admin settings (/admin/settings): the specification's configuration object (address, WhatsApp,
 * e-mail, telegram, facebook, instagram, shop_closed, promotional text) and the shop's seller,
 * VAT and delivery settings. Admin only (admin layout loader + this action re-checks).
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/settings';
import { invalidateSettings, getSettings, updateSettings } from '../../../core/config/index.ts';
import { retryOrderMails } from '../../../core/orders/index.ts';
import {
  IbanSettingSchema,
  MAX_RETURN_ADDRESS,
  MAX_RETURN_TEXT,
  RETURN_SHIPPING,
  SELLER_COUNTRIES,
  UidSettingSchema,
  isSocialLink,
  SOCIAL_LINK_MESSAGE_KEY,
  TIME_ZONE_MESSAGE_KEY,
  MAX_PROMO_TEXT,
  PROMO_TEXT_LOCALES,
  exampleSellerFields,
  MAX_SITE_NAME,
} from '../../../core/config/browser.ts';
import { isTimeZone, LOCALE_NAMES, LOCALES } from '../../../core/i18n/browser.ts';
import { parseChfInput, rappenToDecimalString } from '../../../core/pricing/browser.ts';
import { Field } from '../../components/admin/Field.tsx';
import type { ComponentProps } from 'react';
import { FormError, FormSuccess, SubmitButton } from '../../components/forms.tsx';
import { formFile, readForm } from '../../lib/page-action.server.ts';
import { adminPageAction } from '../../lib/admin-action.server.ts';
import { translate } from '../../../core/i18n/index.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { removeSiteLogo, setSiteLogo } from '../../../core/brand/index.ts';
import { SiteLogoForm } from '../../components/admin/SiteLogoForm.tsx';

const chf = z
  .string()
  .refine((s) => parseChfInput(s) !== null, 'chfAmount')
  .transform((s) => parseChfInput(s)!);

/** The logo's own form: its button and the image file (core checks the file). */
const LogoForm = z.object({ intent: z.string().optional(), siteLogo: formFile });

const SettingsForm = z.object({
  companyName: z.string().trim().min(1),
  /** The storefront's name (core/config/site-brand.ts); empty = the default; absent = unchanged. */
  siteName: z.string().trim().max(MAX_SITE_NAME).optional(),
  dir: z.string().trim().min(1),
  street: z.string().trim().min(1),
  buildingNumber: z.string().trim().max(16),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'postcodeInvalid'),
  /** The seller's country, CH or LI (a QR-bill names no other; core checks the postcode against it); absent = unchanged. */
  country: z.enum(SELLER_COUNTRIES).optional(),
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
  promotionalText: z.string().trim().max(MAX_PROMO_TEXT),
  // UID with its eCH-0097 check digit; IBAN of a CH/LI account with valid check digits (core/config/seller.ts)
  vatNumber: UidSettingSchema,
  shippingFee: chf,
  freeShippingThreshold: chf,
  iban: z.string().max(60).pipe(IbanSettingSchema),
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
  /** IANA name (core/i18n/dates.ts isTimeZone); absent = unchanged. */
  timeZone: z.string().trim().refine(isTimeZone, TIME_ZONE_MESSAGE_KEY).optional(),
  /** Returns (core/returns/instructions.ts); absent = unchanged. */
  returnShipping: z.enum(RETURN_SHIPPING).optional(),
  /** Up to 6 lines of at most 70 characters (a parcel label); empty = the seller's address. */
  returnAddress: z
    .string()
    .trim()
    .max(MAX_RETURN_ADDRESS)
    .refine((v) => v.split(/\r?\n/).length <= 6 && v.split(/\r?\n/).every((l) => l.trim().length <= 70), 'returnAddressLines')
    .optional(),
});

/** The banner's own text per picker language besides English (`promotionalText_<locale>`); empty = the English text. */
const PromoTextForm = z.object(Object.fromEntries(PROMO_TEXT_LOCALES.map((l) => [`promotionalText_${l}`, z.string().trim().max(MAX_PROMO_TEXT).optional()])));

/** The return text fields, one per language (`returnText_<locale>`). */
const ReturnTextForm = z.object(Object.fromEntries(LOCALES.map((l) => [`returnText_${l}`, z.string().trim().max(MAX_RETURN_TEXT).optional()])));

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const settings = await getSettings(context.shop.db);
  // the list comes from the server, so the page hydrates with the same options in any browser
  const zones = Intl.supportedValuesOf('timeZone');
  return {
    settings,
    timeZones: zones.includes(settings.timeZone) ? zones : [settings.timeZone, ...zones],
    // worked out here: in the browser the check would take the settings schema (zod) into the storefront chunk
    examples: exampleSellerFields(settings) as string[],
  };
}

export async function action(args: Route.ActionArgs) {
  const { context } = args;
  return adminPageAction(
    args,
    async (admin, form) => {
      // the logo's own form (app/components/admin/SiteLogoForm.tsx)
      const { intent: logoIntent, siteLogo: file } = readForm(LogoForm, form);
      if (logoIntent === 'logo' || logoIntent === 'logo-remove') {
        if (logoIntent === 'logo') await setSiteLogo(context.shop, file ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array(), `admin:${admin.userId}`);
        else await removeSiteLogo(context.shop, `admin:${admin.userId}`);
        invalidateSettings(context.shop.db);
        return { saved: true, fields: {} as Record<string, string> };
      }
      const { promotionalText, influencerBonusPercent, orderNotificationEmail, shopMailLocale, timeZone, country, returnShipping, returnAddress, ...rest } =
        readForm(SettingsForm, form);
      const texts = readForm(ReturnTextForm, form) as Record<string, string | undefined>;
      const returnText = Object.fromEntries(LOCALES.flatMap((l) => (texts[`returnText_${l}`] ? [[l, texts[`returnText_${l}`]!]] : [])));
      // an emptied field posts '' (read as absent): the form's fields say what the form sets
      const anyText = form.has('returnText_en');
      const promoForm = readForm(PromoTextForm, form) as Record<string, string | undefined>;
      // a form without the language fields (an older page) keeps the stored ones
      const promoTexts = form.has(`promotionalText_${PROMO_TEXT_LOCALES[0]}`)
        ? Object.fromEntries(PROMO_TEXT_LOCALES.flatMap((l) => (promoForm[`promotionalText_${l}`] ? [[l, promoForm[`promotionalText_${l}`]!]] : [])))
        : (await getSettings(context.shop.db)).promotionalInfo.texts;
      await updateSettings(
        context.shop.db,
        {
          ...rest,
          ...(influencerBonusPercent === undefined ? {} : { influencerBonusPercent }),
          ...(orderNotificationEmail === undefined ? {} : { orderNotificationEmail }),
          ...(shopMailLocale === undefined ? {} : { shopMailLocale }),
          ...(timeZone === undefined ? {} : { timeZone }),
          ...(country === undefined ? {} : { country }),
          ...(returnShipping === undefined ? {} : { returnShipping }),
          ...(form.has('returnAddress') ? { returnAddress: returnAddress ?? '' } : {}),
          ...(anyText ? { returnText } : {}),
          promotionalInfo: { text: promotionalText, texts: promoTexts ?? {} },
        },
        `admin:${admin.userId}`,
      );
      invalidateSettings(context.shop.db);
      // order mails that could not be made with the old settings are tried again at once
      await retryOrderMails(context.shop, new Date(), { all: true }).catch((err: unknown) => context.shop.log.warn({ err }, 'order mail retry failed'));
      return { saved: true, fields: {} as Record<string, string> };
    },
    (form) => ({
      // the form's own wording: the marked fields are the message
      message: (e) => (e.opts.key === 'invalidInput' ? translate(context.lang, 'admin:form.fix') : undefined),
      extra: () => ({ saved: false }),
      form, // a refused IBAN or UID is shown again as typed, next to its message
    }),
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.settings');

/** What a settings field may set beside its name, label, stored value and message. */
type FieldProps = Omit<ComponentProps<typeof Field>, 'name' | 'label'>;

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { t: ti } = useTranslation('influencer');
  const { t: ta } = useTranslation('account');
  const s = loaderData.settings;
  const f = actionData?.fields ?? {};
  // seeded example values still in place are marked at their field (core/config/readiness.ts)
  const examples = new Set(loaderData.examples);
  // a refused form shows what was typed (no-JS: a new page), not the stored value
  const posted: Record<string, string> = actionData && 'values' in actionData ? actionData.values : {};
  /** A field showing the stored setting `name` (the posted text after a refusal) and the action's message for it. */
  const field = (name: keyof typeof s & string, label: string, extra: FieldProps = {}) => (
    <Field
      name={name}
      label={label}
      defaultValue={(extra.type === 'checkbox' ? s[name] : (posted[name] ?? s[name])) as FieldProps['defaultValue']}
      error={f[name]}
      {...extra}
      hint={examples.has(name) ? [t('settings.exampleValue'), extra.hint].filter(Boolean).join(' ') : extra.hint}
    />
  );
  const text = (name: keyof typeof s & string, label: string, type: 'text' | 'email' | 'number' = 'text') => field(name, label, { type, required: true });
  const chfField = (name: 'shippingFee' | 'freeShippingThreshold', label: string) =>
    field(name, label, { defaultValue: rappenToDecimalString(s[name]), required: true });
  return (
    <div>
      <h1>{t('settings.title')}</h1>
      {actionData?.saved && <FormSuccess message={t('settings.saved')} />}
      {actionData && !actionData.saved && <FormError error={'error' in actionData ? actionData.error : t('form.fix')} />}
      <Form method="post" className="admin-form">
        <fieldset>
          <legend>{t('settings.shop')}</legend>
          {field('siteName', t('settings.siteName'), { hint: t('settings.siteNameHint') })}
          {field('shop_closed', t('settings.shopClosed'), { type: 'checkbox' })}
          <Field
            name="promotionalText"
            label={t('settings.promotionalText')}
            hint={t('settings.promotionalTextHint')}
            defaultValue={posted.promotionalText ?? s.promotionalInfo.text}
            error={f.promotionalText}
          />
          <details open={PROMO_TEXT_LOCALES.some((l) => s.promotionalInfo.texts?.[l] || f[`promotionalText_${l}`])}>
            <summary>{t('settings.promotionalTextLanguages')}</summary>
            {PROMO_TEXT_LOCALES.map((l) => (
              <Field
                key={l}
                name={`promotionalText_${l}`}
                label={`${t('settings.promotionalText')} (${LOCALE_NAMES[l]})`}
                defaultValue={posted[`promotionalText_${l}`] ?? s.promotionalInfo.texts?.[l] ?? ''}
                error={f[`promotionalText_${l}`]}
              />
            ))}
          </details>
          {field('timeZone', t('settings.timeZone'), { type: 'select', options: loaderData.timeZones.map((z) => ({ value: z, label: z })) })}
        </fieldset>
        <fieldset>
          <legend>{t('settings.company')}</legend>
          {text('companyName', t('settings.companyName'))}
          {text('dir', t('settings.dir'))}
          {text('street', t('settings.street'))}
          {field('buildingNumber', t('settings.buildingNumber'))}
          {text('postalCode', t('settings.postalCode'))}
          {text('city', t('settings.city'))}
          {field('country', ta('fields.country'), {
            type: 'select',
            required: true,
            options: SELLER_COUNTRIES.map((c) => ({ value: c, label: ta(`countries.${c}`) })),
          })}
          {field('vatNumber', t('settings.vatNumber'), { required: true, hint: t('settings.vatNumberHint') })}
          {field('iban', t('settings.iban'), { required: true, hint: t('settings.ibanHint') })}
        </fieldset>
        <fieldset>
          <legend>{t('settings.contact')}</legend>
          {text('email', t('settings.email'), 'email')}
          {field('whatsapp', 'WhatsApp')}
          {field('telegram', 'Telegram')}
          {field('facebook', 'Facebook')}
          {field('instagram', 'Instagram')}
        </fieldset>
        <fieldset>
          <legend>{t('settings.delivery')}</legend>
          {chfField('shippingFee', t('settings.shippingFee'))}
          {chfField('freeShippingThreshold', t('settings.freeShippingThreshold'))}
          {field('deliverLiechtenstein', t('region.deliverLiechtenstein'), { type: 'checkbox' })}
          <p className="card-meta">{t('region.hint')}</p>
          {text('cardPaymentExpiryMinutes', t('settings.cardExpiry'), 'number')}
          {text('bankTransferExpiryDays', t('settings.bankExpiry'), 'number')}
        </fieldset>
        <fieldset>
          <legend>{ti('settings.legend')}</legend>
          {text('influencerBonusPercent', ti('settings.bonusPercent'), 'number')}
        </fieldset>
        <fieldset>
          <legend>{t('notifications.legend')}</legend>
          {field('orderNotificationEmail', t('notifications.orderEmail'), { type: 'email', hint: t('notifications.orderEmailHint') })}
          {field('shopMailLocale', t('notifications.mailLocale'), {
            type: 'select',
            options: LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] })),
          })}
        </fieldset>
        <fieldset>
          <legend>{t('returns.legend')}</legend>
          {field('returnShipping', t('returns.shipping'), {
            type: 'select',
            options: RETURN_SHIPPING.map((v) => ({ value: v, label: t(`returns.shipping_${v}`) })),
          })}
          {field('returnAddress', t('returns.address'), { type: 'textarea', hint: t('returns.addressHint') })}
          <Field
            name="returnText_en"
            type="textarea"
            label={t('returns.textEn')}
            hint={t('returns.textHint')}
            defaultValue={posted.returnText_en ?? s.returnText.en ?? ''}
            error={f.returnText_en}
          />
          <details>
            <summary>{t('returns.otherLanguages')}</summary>
            {LOCALES.filter((l) => l !== 'en').map((l) => (
              <Field
                key={l}
                name={`returnText_${l}`}
                type="textarea"
                label={LOCALE_NAMES[l]}
                defaultValue={posted[`returnText_${l}`] ?? s.returnText[l] ?? ''}
                error={f[`returnText_${l}`]}
              />
            ))}
          </details>
        </fieldset>
        <SubmitButton>{t('form.save')}</SubmitButton>
      </Form>
      <SiteLogoForm logo={s.siteLogo} name={s.siteName} error={f.siteLogo} />
    </div>
  );
}
