/**
 * Add a product (/admin/product/add), or edit one (`?id=`): every catalogue field, price in CHF
 * (stored in Rappen), stock, flags. Admin only.
 */
import { data, Form, redirect, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/product.add';
import { ProductInputSchema, saveProduct } from '../../../core/catalogue/admin.ts';
import { getProduct, STRENGTHS } from '../../../core/catalogue/service.ts';
import { DomainError } from '../../../core/errors.ts';
import { parseChfInput, rappenToDecimalString } from '../../../core/pricing/money.ts';
import { Field } from '../../components/admin/Field.tsx';
import { parseForm } from '../../lib/form.server.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';

const checkbox = z.string().optional().transform((v) => v === 'on');
const ProductForm = ProductInputSchema.omit({ basePrice: true, popular: true, promotional: true, active: true }).extend({
  basePriceChf: z.string().refine((s) => parseChfInput(s) !== null, 'Enter an amount in CHF, e.g. 12.50'),
  popular: checkbox,
  promotional: checkbox,
  active: checkbox,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = new URL(request.url).searchParams.get('id');
  if (!id) return { product: null };
  const p = await getProduct(context.shop.db, id);
  if (!p) throw data({ notFound: true }, { status: 404 });
  return { product: { ...p, descriptionEn: p.description.en ?? '', basePriceChf: rappenToDecimalString(p.basePrice) } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = new URL(request.url).searchParams.get('id') ?? undefined;
  const r = parseForm(ProductForm, await request.formData());
  if (!r.ok) return data({ fields: r.fields, values: r.values }, { status: 400 });
  const { basePriceChf, ...rest } = r.data;
  try {
    await saveProduct(context.shop.db, { ...rest, basePrice: parseChfInput(basePriceChf)! }, id, `admin:${admin.userId}`);
  } catch (e) {
    if (e instanceof DomainError) return data({ fields: e.opts.fields ?? { _: e.message }, values: {} as Record<string, string> }, { status: e.code === 'conflict' ? 409 : 400 });
    throw e;
  }
  return redirect('/admin/product/list');
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data?.product ? adminMeta(matches, 'titles.productEdit', { name: String(data.product.name ?? '') }) : adminMeta(matches, 'titles.productAdd'));

export default function ProductAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const p = loaderData.product;
  const f = actionData?.fields ?? {};
  const v = actionData?.values ?? {};
  const busy = useNavigation().state === 'submitting';
  const val = (name: string, fallback: unknown) => (name in v ? v[name] : (fallback as string | number | null | undefined)) ?? '';
  return (
    <div>
      <h1>{p ? t('products.edit', { name: p.name }) : t('products.add')}</h1>
      {Object.keys(f).length > 0 && (
        <p className="form-error" role="alert">
          {f._ ?? t('form.fix')}
        </p>
      )}
      <Form method="post" className="admin-form">
        <fieldset>
          <legend>{t('products.identity')}</legend>
          <div className="grid-2">
            <Field name="sku" label="SKU" defaultValue={val('sku', p?.sku)} error={f.sku} required />
            <Field
              name="category"
              type="select"
              label={t('products.category')}
              defaultValue={val('category', p?.category ?? 'cigar')}
              options={['cigar', 'rolling-tobacco', 'accessory'].map((c) => ({ value: c, label: c }))}
              error={f.category}
            />
            <Field name="brand" label={t('products.brand')} defaultValue={val('brand', p?.brand)} error={f.brand} required />
            <Field name="line" label={t('products.line')} defaultValue={val('line', p?.line)} error={f.line} required />
            <Field name="name" label={t('products.name')} defaultValue={val('name', p?.name)} error={f.name} required />
            <Field name="packaging" label={t('products.packaging')} defaultValue={val('packaging', p?.packaging ?? 'Single')} error={f.packaging} required />
            <Field name="unitsPerPackage" type="number" label={t('products.unitsPerPackage')} defaultValue={val('unitsPerPackage', p?.unitsPerPackage ?? 1)} error={f.unitsPerPackage} required />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('products.cigar')}</legend>
          <div className="grid-2">
            <Field name="vitola" label={t('products.vitola')} defaultValue={val('vitola', p?.vitola)} error={f.vitola} />
            <Field name="lengthMm" type="number" label={t('products.lengthMm')} defaultValue={val('lengthMm', p?.lengthMm)} error={f.lengthMm} />
            <Field name="ringGauge" type="number" label={t('products.ringGauge')} defaultValue={val('ringGauge', p?.ringGauge)} error={f.ringGauge} />
            <Field
              name="strength"
              type="select"
              label={t('products.strength')}
              defaultValue={val('strength', p?.strength)}
              options={[{ value: '', label: '—' }, ...STRENGTHS.map((s) => ({ value: s, label: t(`catalogue:strength.${s}`, { defaultValue: s }) }))]}
              error={f.strength}
            />
            <Field name="wrapper" label={t('products.wrapper')} defaultValue={val('wrapper', p?.wrapper)} error={f.wrapper} />
            <Field name="binder" label={t('products.binder')} defaultValue={val('binder', p?.binder)} error={f.binder} />
            <Field name="filler" label={t('products.filler')} defaultValue={val('filler', p?.filler)} error={f.filler} />
            <Field name="origin" label={t('products.origin')} defaultValue={val('origin', p?.origin)} error={f.origin} />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('products.sale')}</legend>
          <div className="grid-2">
            <Field name="basePriceChf" label={t('products.basePrice')} defaultValue={val('basePriceChf', p?.basePriceChf)} error={f.basePriceChf} required hint={t('products.priceHint')} />
            <Field name="discountPercent" type="number" label={t('products.discount')} defaultValue={val('discountPercent', p?.discountPercent ?? 0)} error={f.discountPercent} required />
            <Field name="stock" type="number" label={t('products.stock')} defaultValue={val('stock', p?.stock ?? 0)} error={f.stock} required />
          </div>
          <Field name="active" type="checkbox" label={t('products.active')} defaultValue={p ? p.active : true} />
          <Field name="popular" type="checkbox" label={t('products.popular')} defaultValue={p?.popular ?? false} />
          <Field name="promotional" type="checkbox" label={t('products.promotional')} defaultValue={p?.promotional ?? false} />
          <Field name="descriptionEn" type="textarea" label={t('products.description')} defaultValue={val('descriptionEn', p?.descriptionEn)} error={f.descriptionEn} required />
        </fieldset>
        <button type="submit" className="btn" disabled={busy}>
          {t('form.save')}
        </button>
      </Form>
    </div>
  );
}
