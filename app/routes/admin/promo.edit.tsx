/**
 * Admin: create or edit a promo code (/admin/promo/edit[?id=]): percent or fixed amount (CHF),
 * minimum order, validity dates (whole days, Europe/Zurich), usage limit, active, and the
 * Influencer (or Admin) its orders are attributed to (ADR 009). Every change is audited.
 */
import { data, Form, Link, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/promo.edit';
import { requireAdmin } from '../../lib/auth.server.ts';
import { DomainError } from '../../../core/errors.ts';
import { rappenToDecimalString } from '../../../core/pricing/browser.ts';
import { createPromo, getPromo, updatePromo, type PromoInput } from '../../../core/promos/index.ts';
import { parseChfInput } from '../../../core/pricing/browser.ts';
import { translateError, translateFields } from '../../i18n/resources.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { influencerChoices } from '../../../core/accounts/index.ts';

/** `YYYY-MM-DD` of an instant in Zürich. */
function zurichDay(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** The instant a Zürich day starts (or ends, inclusive). */
function zurichDayBound(day: string, end: boolean): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', timeZoneName: 'longOffset' }).formatToParts(noonUtc).find((p) => p.type === 'timeZoneName')
      ?.value ?? 'GMT+01:00';
  const m = /GMT([+-]\d{2}):(\d{2})/.exec(offset);
  const start = new Date(`${day}T00:00:00${m ? `${m[1]}:${m[2]}` : '+01:00'}`);
  return end ? new Date(start.getTime() + 86_400_000 - 1) : start;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const id = new URL(request.url).searchParams.get('id');
  const influencers = await influencerChoices(context.shop.db);
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
      validFrom: p.validFrom ? zurichDay(p.validFrom) : '',
      validTo: p.validTo ? zurichDay(p.validTo) : '',
      usageLimit: p.usageLimit === null ? '' : String(p.usageLimit),
      usedCount: p.usedCount,
      active: p.active,
      influencerUserId: p.influencerUserId ?? '',
    },
    influencers,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.promo');

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const f = Object.fromEntries(await request.formData());
  const str = (k: string) => String(f[k] ?? '').trim();
  const kind = str('kind') === 'fixed' ? 'fixed' : 'percent';
  const fields: Record<string, string> = {};
  const value = kind === 'percent' ? (/^\d{1,3}$/.test(str('value')) ? Number(str('value')) : null) : parseChfInput(str('value'));
  if (value === null) fields.value = kind === 'percent' ? 'A percentage from 1 to 100' : 'An amount in CHF, e.g. 7.50';
  const minOrder = str('minOrder') ? parseChfInput(str('minOrder')) : 0;
  if (minOrder === null) fields.minOrder = 'An amount in CHF, e.g. 50';
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (str('validFrom') && !day.test(str('validFrom'))) fields.validFrom = 'A date';
  if (str('validTo') && !day.test(str('validTo'))) fields.validTo = 'A date';
  const usageLimit = str('usageLimit') ? (/^\d{1,7}$/.test(str('usageLimit')) ? Number(str('usageLimit')) : null) : undefined;
  if (usageLimit === null) fields.usageLimit = 'A whole number of 1 or more';
  if (Object.keys(fields).length) return data({ error: Object.values(fields)[0], fields }, { status: 400 });
  const input: PromoInput = {
    code: str('code'),
    kind,
    value: value!,
    minOrder: minOrder!,
    validFrom: str('validFrom') ? zurichDayBound(str('validFrom'), false) : null,
    validTo: str('validTo') ? zurichDayBound(str('validTo'), true) : null,
    usageLimit: usageLimit ?? null,
    active: f.active === 'on',
    // absent field (an old form) keeps the link; empty = no influencer
    influencerUserId: 'influencerUserId' in f ? str('influencerUserId').slice(0, 64) || null : undefined,
  };
  try {
    const id = str('id');
    if (id) await updatePromo(context.shop.db, id.slice(0, 64), input, `admin:${admin.userId}`);
    else await createPromo(context.shop.db, input, `admin:${admin.userId}`);
  } catch (e) {
    if (e instanceof DomainError)
      return data(
        { error: translateError(context.lang, e), fields: translateFields(context.lang, e.opts.fields) },
        { status: e.code === 'conflict' ? 409 : 400 },
      );
    throw e;
  }
  return redirect('/admin/promo/list');
}

export default function AdminPromoEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { t: ti } = useTranslation('influencer');
  const p = loaderData.promo;
  const fe = (actionData?.fields ?? {}) as Record<string, string>;
  const err = (k: string) => fe[k] && <p className="field-error">{fe[k]}</p>;
  return (
    <div style={{ maxWidth: 560 }}>
      <p>
        <Link to="/admin/promo/list">← {t('admin.promos')}</Link>
      </p>
      <h1>{p ? p.code : t('admin.newPromo')}</h1>
      {actionData?.error && (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      )}
      <Form method="post">
        {p && <input type="hidden" name="id" value={p.id} />}
        <div className="field">
          <label htmlFor="code">{t('promo.label')}</label>
          <input id="code" name="code" required maxLength={32} defaultValue={p?.code ?? ''} style={{ textTransform: 'uppercase' }} />
          {err('code')}
        </div>
        <div className="checkout-grid">
          <div className="field">
            <label htmlFor="kind">{t('admin.kind')}</label>
            <select id="kind" name="kind" defaultValue={p?.kind ?? 'percent'}>
              <option value="percent">{t('admin.percent')}</option>
              <option value="fixed">{t('admin.fixed')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="value">{t('admin.value')}</label>
            <input id="value" name="value" required inputMode="decimal" defaultValue={p?.value ?? ''} />
            {err('value')}
          </div>
        </div>
        <div className="field">
          <label htmlFor="minOrder">{t('admin.minOrder')} (CHF)</label>
          <input id="minOrder" name="minOrder" inputMode="decimal" defaultValue={p?.minOrder ?? ''} />
          {err('minOrder')}
        </div>
        <div className="checkout-grid">
          <div className="field">
            <label htmlFor="validFrom">{t('admin.validFrom')}</label>
            <input id="validFrom" name="validFrom" type="date" defaultValue={p?.validFrom ?? ''} />
            {err('validFrom')}
          </div>
          <div className="field">
            <label htmlFor="validTo">{t('admin.validTo')}</label>
            <input id="validTo" name="validTo" type="date" defaultValue={p?.validTo ?? ''} />
            {err('validTo')}
          </div>
        </div>
        <div className="field">
          <label htmlFor="usageLimit">{t('admin.usageLimit')}</label>
          <input id="usageLimit" name="usageLimit" inputMode="numeric" defaultValue={p?.usageLimit ?? ''} />
          {err('usageLimit')}
          {p && <p className="card-meta">{t('admin.usedSoFar', { count: p.usedCount })}</p>}
        </div>
        <div className="field">
          <label htmlFor="influencerUserId">{ti('admin.influencer')}</label>
          <select id="influencerUserId" name="influencerUserId" defaultValue={p?.influencerUserId ?? ''} aria-describedby="influencer-hint">
            <option value="">{ti('admin.none')}</option>
            {loaderData.influencers.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} · {u.email} ({u.role})
              </option>
            ))}
          </select>
          <p className="card-meta" id="influencer-hint">
            {ti('admin.hint')}
          </p>
          {err('influencerUserId')}
        </div>
        <div className="field">
          <label style={{ display: 'flex', gap: 8, alignItems: 'center', fontWeight: 400 }}>
            <input type="checkbox" name="active" defaultChecked={p?.active ?? true} style={{ width: 'auto', minHeight: 0 }} /> {t('admin.active')}
          </label>
        </div>
        <button type="submit" className="btn">
          {t('admin.save')}
        </button>
      </Form>
    </div>
  );
}
