/**
 * Admin: create or edit a promo code (/admin/promo/edit[?id=]): percent or fixed amount (CHF),
 * minimum order, validity dates (whole days of the shop's time zone), usage limit, active, and the
 * Influencer (or Admin) its orders are attributed to (ADR 009). Every change is audited.
 */
import { data, Form, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/promo.edit';
import { requireAdmin } from '../../lib/auth.server.ts';
import { rappenToDecimalString, parseChfInput } from '../../../core/pricing/browser.ts';
import { createPromo, getPromo, updatePromo, type PromoInput } from '../../../core/promos/index.ts';
import { readForm } from '../../lib/page-action.server.ts';
import { adminPageAction } from '../../lib/admin-action.server.ts';
import { CheckboxField, Field, FormError, SelectField, SubmitButton } from '../../components/forms.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { influencerChoices } from '../../../core/accounts/index.ts';
import { getCachedSettings as getSettings } from '../../../core/config/index.ts';
import { dayIn, endOfDay, isCalendarDay, startOfDay } from '../../../core/i18n/browser.ts';
import { MAX_ID_LENGTH } from '../../../core/validation.ts';
import { BackLink } from '../../components/BackLink.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const id = new URL(request.url).searchParams.get('id');
  const [influencers, { timeZone }] = await Promise.all([influencerChoices(context.shop.db), getSettings(context.shop.db)]);
  if (!id) return { promo: null, influencers };
  const p = await getPromo(context.shop.db, id);
  if (!p) throw data('Not found', { status: 404 });
  return {
    promo: {
      id: p.id,
      code: p.code,
      kind: p.kind,
      value: p.kind === 'percent' ? String(p.value) : rappenToDecimalString(p.value),
      minOrder: p.minOrder ? rappenToDecimalString(p.minOrder) : '',
      validFrom: p.validFrom ? dayIn(p.validFrom, timeZone) : '',
      validTo: p.validTo ? dayIn(p.validTo, timeZone) : '',
      usageLimit: p.usageLimit === null ? '' : String(p.usageLimit),
      usedCount: p.usedCount,
      active: p.active,
      influencerUserId: p.influencerUserId ?? '',
    },
    influencers,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.promo');

/** Optional form text: trimmed, '' when absent. */
const text = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());
const chf = (s: string) => (s ? parseChfInput(s) : 0);

/**
 * The promo form (text fields; the service checks the code, the ranges and the influencer).
 * Errors are keys of the `errors` catalogue (core/validation.ts).
 */
const PromoForm = z
  .object({
    id: text,
    code: text,
    kind: text.transform((k) => (k === 'fixed' ? ('fixed' as const) : ('percent' as const))),
    value: text,
    minOrder: text.refine((s) => chf(s) !== null, 'chfAmount'),
    validFrom: text.refine((s) => !s || isCalendarDay(s), 'dateInvalid'),
    validTo: text.refine((s) => !s || isCalendarDay(s), 'dateInvalid'),
    usageLimit: text.refine((s) => !s || /^\d{1,7}$/.test(s), 'wholeNumber'),
    active: z.string().optional(),
    influencerUserId: z.string().optional(),
  })
  .superRefine((f, ctx) => {
    const ok = f.kind === 'percent' ? /^\d{1,3}$/.test(f.value) : parseChfInput(f.value) !== null;
    if (!ok) ctx.addIssue({ code: 'custom', path: ['value'], message: f.kind === 'percent' ? 'wholeNumber' : 'chfAmount' });
  });

export async function action(args: Route.ActionArgs) {
  const { context } = args;
  return adminPageAction(
    args,
    async (admin, form) => {
      const f = readForm(PromoForm, form);
      // a day entered is that whole day in the shop's zone: from its first to its last moment
      const { timeZone } = await getSettings(context.shop.db);
      const input: PromoInput = {
        code: f.code,
        kind: f.kind,
        value: f.kind === 'percent' ? Number(f.value) : parseChfInput(f.value)!,
        minOrder: chf(f.minOrder)!,
        validFrom: f.validFrom ? startOfDay(f.validFrom, timeZone) : null,
        validTo: f.validTo ? endOfDay(f.validTo, timeZone) : null,
        usageLimit: f.usageLimit ? Number(f.usageLimit) : null,
        active: f.active === 'on',
        // absent field (an old form) keeps the link; empty = no influencer
        influencerUserId: f.influencerUserId === undefined ? undefined : f.influencerUserId.trim().slice(0, MAX_ID_LENGTH) || null,
      };
      if (f.id) await updatePromo(context.shop.db, f.id.slice(0, MAX_ID_LENGTH), input, `admin:${admin.userId}`);
      else await createPromo(context.shop.db, input, `admin:${admin.userId}`);
      return redirect('/admin/promo/list');
    },
    (form) => ({ form }),
  );
}

export default function AdminPromoEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { t: ti } = useTranslation('influencer');
  const p = loaderData.promo;
  const fe: Record<string, string> = actionData?.fields ?? {};
  // after a refused save the form shows what was typed
  const v: Record<string, string | undefined> = actionData?.values ?? {};
  // a control's id is its plain name (the promo tests fill `#value`)
  const field = (name: string) => ({ name, id: name, error: fe[name] });
  const value = (k: 'code' | 'value' | 'minOrder' | 'validFrom' | 'validTo' | 'usageLimit') => v[k] ?? p?.[k] ?? '';
  return (
    <div style={{ maxWidth: 560 }}>
      <BackLink to="/admin/promo/list">{t('admin.promos')}</BackLink>
      <h1>{p ? p.code : t('admin.newPromo')}</h1>
      <FormError error={actionData?.error} />
      <Form method="post" key={actionData ? 'answered' : 'form'}>
        {p && <input type="hidden" name="id" value={p.id} />}
        <Field {...field('code')} label={t('promo.label')} required maxLength={32} defaultValue={value('code')} style={{ textTransform: 'uppercase' }} />
        <div className="checkout-grid">
          <SelectField
            {...field('kind')}
            label={t('admin.kind')}
            defaultValue={v.kind ?? p?.kind ?? 'percent'}
            options={[
              { value: 'percent', label: t('admin.percent') },
              { value: 'fixed', label: t('admin.fixed') },
            ]}
          />
          <Field {...field('value')} label={t('admin.value')} required inputMode="decimal" defaultValue={value('value')} />
        </div>
        <Field {...field('minOrder')} label={`${t('admin.minOrder')} (CHF)`} inputMode="decimal" defaultValue={value('minOrder')} />
        <div className="checkout-grid">
          <Field {...field('validFrom')} label={t('admin.validFrom')} type="date" defaultValue={value('validFrom')} />
          <Field {...field('validTo')} label={t('admin.validTo')} type="date" defaultValue={value('validTo')} />
        </div>
        <Field
          {...field('usageLimit')}
          label={t('admin.usageLimit')}
          inputMode="numeric"
          defaultValue={value('usageLimit')}
          hint={p ? t('admin.usedSoFar', { count: p.usedCount }) : undefined}
        />
        <SelectField
          {...field('influencerUserId')}
          label={ti('admin.influencer')}
          hint={ti('admin.hint')}
          defaultValue={v.influencerUserId ?? p?.influencerUserId ?? ''}
        >
          <option value="">{ti('admin.none')}</option>
          {loaderData.influencers.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} · {u.email} ({u.role})
            </option>
          ))}
        </SelectField>
        <CheckboxField {...field('active')} label={t('admin.active')} defaultChecked={actionData ? v.active === 'on' : (p?.active ?? true)} />
        <SubmitButton>{t('admin.save')}</SubmitButton>
      </Form>
    </div>
  );
}
