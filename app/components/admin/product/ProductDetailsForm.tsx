/**
 * The product's details form on the admin's product page: identity, cigar data, sale (price in
 * CHF, discount, first stock, flags) and the texts (the description in the five picker languages
 * and the tasting notes). A refused save shows what was typed and each field's problem.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TEXT_FIELDS, productTextColumn, STRENGTHS } from '../../../../core/catalogue/browser.ts';
import { Field } from '../Field.tsx';
import { LANG_NAMES, OTHER_LANGS } from './langs.ts';
import type { EditedProduct } from '../../../lib/product-edit.server.ts';

export function ProductDetailsForm({
  product: p,
  fields: f,
  values: v,
  busy,
}: {
  /** The product being edited, or `null` when adding one. */
  product: EditedProduct | null;
  /** The problem of each field of a refused save. */
  fields: Record<string, string>;
  /** What a refused save had typed, by field name. */
  values: Record<string, string>;
  busy: boolean;
}) {
  const { t } = useTranslation('adminshop');
  const val = (name: string, fallback: unknown) => (name in v ? v[name] : (fallback as string | number | null | undefined)) ?? '';
  return (
    <Form method="post" className="admin-form" aria-label={t('product.details')}>
      <input type="hidden" name="intent" value="save" />
      <fieldset>
        <legend>{t('product.identity')}</legend>
        <div className="grid-2">
          <Field name="sku" label={t('product.sku')} defaultValue={val('sku', p?.sku)} error={f.sku} required />
          <Field
            name="category"
            type="select"
            label={t('product.category')}
            defaultValue={val('category', p?.category ?? 'cigar')}
            options={['cigar', 'rolling-tobacco', 'accessory'].map((c) => ({ value: c, label: t(`category.${c}`) }))}
            error={f.category}
          />
          <Field name="brand" label={t('product.brand')} defaultValue={val('brand', p?.brand)} error={f.brand} required />
          <Field name="line" label={t('product.line')} defaultValue={val('line', p?.line)} error={f.line} required />
          <Field name="name" label={t('product.name')} defaultValue={val('name', p?.name)} error={f.name} required />
          <Field name="packaging" label={t('product.packaging')} defaultValue={val('packaging', p?.packaging ?? 'Single')} error={f.packaging} required />
          <Field
            name="unitsPerPackage"
            type="number"
            label={t('product.unitsPerPackage')}
            defaultValue={val('unitsPerPackage', p?.unitsPerPackage ?? 1)}
            error={f.unitsPerPackage}
            required
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('product.cigar')}</legend>
        <div className="grid-2">
          <Field name="vitola" label={t('product.vitola')} defaultValue={val('vitola', p?.vitola)} error={f.vitola} />
          <Field name="lengthMm" type="number" label={t('product.lengthMm')} defaultValue={val('lengthMm', p?.lengthMm)} error={f.lengthMm} />
          <Field name="ringGauge" type="number" label={t('product.ringGauge')} defaultValue={val('ringGauge', p?.ringGauge)} error={f.ringGauge} />
          <Field
            name="strength"
            type="select"
            label={t('product.strength')}
            defaultValue={val('strength', p?.strength)}
            options={[{ value: '', label: '—' }, ...STRENGTHS.map((s) => ({ value: s, label: t(`strength.${s}`) }))]}
            error={f.strength}
          />
          <Field name="wrapper" label={t('product.wrapper')} defaultValue={val('wrapper', p?.wrapper)} error={f.wrapper} />
          <Field name="binder" label={t('product.binder')} defaultValue={val('binder', p?.binder)} error={f.binder} />
          <Field name="filler" label={t('product.filler')} defaultValue={val('filler', p?.filler)} error={f.filler} />
          <Field name="origin" label={t('product.origin')} defaultValue={val('origin', p?.origin)} error={f.origin} />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('product.sale')}</legend>
        <div className="grid-2">
          <Field
            name="basePriceChf"
            label={t('product.basePrice')}
            defaultValue={val('basePriceChf', p?.basePriceChf)}
            error={f.basePriceChf}
            required
            hint={t('product.priceHint')}
          />
          <Field
            name="discountPercent"
            type="number"
            label={t('product.discount')}
            defaultValue={val('discountPercent', p?.discountPercent ?? 0)}
            error={f.discountPercent}
            required
          />
          {!p && <Field name="stock" type="number" label={t('product.initialStock')} defaultValue={val('stock', 0)} error={f.stock} required />}
        </div>
        <Field name="active" type="checkbox" label={t('product.active')} defaultValue={p ? p.active : true} />
        <Field name="popular" type="checkbox" label={t('product.popular')} defaultValue={p?.popular ?? false} />
        <Field name="promotional" type="checkbox" label={t('product.promotional')} defaultValue={p?.promotional ?? false} />
      </fieldset>
      <fieldset>
        <legend>{t('product.texts')}</legend>
        <Field
          name="descriptionEn"
          type="textarea"
          label={t('product.descriptionIn', { lang: 'English' })}
          defaultValue={val('descriptionEn', p?.description.en)}
          error={f.descriptionEn}
          required
        />
        {OTHER_LANGS.map((l) => (
          <Field
            key={l}
            name={`description_${l}`}
            type="textarea"
            label={t('product.descriptionIn', { lang: LANG_NAMES[l] })}
            defaultValue={val(`description_${l}`, p?.description[l])}
            error={f[`description_${l}`]}
            hint={t('product.translationHint')}
          />
        ))}
        <Field
          name="tastingNotesText"
          type="textarea"
          label={t('product.tastingNotes')}
          defaultValue={val('tastingNotesText', p?.tastingNotes.join('\n'))}
          hint={t('product.tastingNotesHint')}
        />
        {OTHER_LANGS.map((l) => {
          const own = p?.texts[l];
          const label = {
            name: t('product.name'),
            wrapper: t('product.wrapper'),
            binder: t('product.binder'),
            filler: t('product.filler'),
            origin: t('product.origin'),
            tastingNotes: t('product.tastingNotes'),
          };
          // open where the language has texts, or a refused one of them
          const open = Boolean(own) || PRODUCT_TEXT_FIELDS.some((x) => f[productTextColumn(x, l)]);
          return (
            <details key={l} open={open} data-testid={`own-texts-${l}`}>
              <summary>{t('product.ownTexts', { lang: LANG_NAMES[l] })}</summary>
              <p className="card-meta">{t('product.ownTextsHint')}</p>
              {PRODUCT_TEXT_FIELDS.map((x) => {
                const name = productTextColumn(x, l);
                return (
                  <Field
                    key={x}
                    name={name}
                    type={x === 'tastingNotes' ? 'textarea' : undefined}
                    label={`${label[x]} (${LANG_NAMES[l]})`}
                    defaultValue={val(name, x === 'tastingNotes' ? own?.tastingNotes?.join('\n') : own?.[x])}
                    error={f[name]}
                  />
                );
              })}
            </details>
          );
        })}
      </fieldset>
      <button type="submit" className="btn" disabled={busy}>
        {t('form.save')}
      </button>
    </Form>
  );
}
