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
  // a field's name, what it shows (the refused save's text, else the product's) and its message
  const shown = (name: string, saved: unknown) => ({ name, defaultValue: val(name, saved), error: f[name] });
  return (
    <Form method="post" className="admin-form" aria-label={t('product.details')}>
      <input type="hidden" name="intent" value="save" />
      <fieldset>
        <legend>{t('product.identity')}</legend>
        <div className="grid-2">
          <Field {...shown('sku', p?.sku)} label={t('product.sku')} required />
          <Field
            {...shown('category', p?.category ?? 'cigar')}
            type="select"
            label={t('product.category')}
            options={['cigar', 'rolling-tobacco', 'accessory'].map((c) => ({ value: c, label: t(`category.${c}`) }))}
          />
          <Field {...shown('brand', p?.brand)} label={t('product.brand')} required />
          <Field {...shown('line', p?.line)} label={t('product.line')} required />
          <Field {...shown('name', p?.name)} label={t('product.name')} required />
          <Field {...shown('packaging', p?.packaging ?? 'Single')} label={t('product.packaging')} required />
          <Field {...shown('unitsPerPackage', p?.unitsPerPackage ?? 1)} type="number" label={t('product.unitsPerPackage')} required />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('product.cigar')}</legend>
        <div className="grid-2">
          <Field {...shown('vitola', p?.vitola)} label={t('product.vitola')} />
          <Field {...shown('lengthMm', p?.lengthMm)} type="number" label={t('product.lengthMm')} />
          <Field {...shown('ringGauge', p?.ringGauge)} type="number" label={t('product.ringGauge')} />
          <Field
            {...shown('strength', p?.strength)}
            type="select"
            label={t('product.strength')}
            options={[{ value: '', label: '—' }, ...STRENGTHS.map((s) => ({ value: s, label: t(`strength.${s}`) }))]}
          />
          <Field {...shown('wrapper', p?.wrapper)} label={t('product.wrapper')} />
          <Field {...shown('binder', p?.binder)} label={t('product.binder')} />
          <Field {...shown('filler', p?.filler)} label={t('product.filler')} />
          <Field {...shown('origin', p?.origin)} label={t('product.origin')} />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('product.sale')}</legend>
        <div className="grid-2">
          <Field {...shown('basePriceChf', p?.basePriceChf)} label={t('product.basePrice')} required hint={t('product.priceHint')} />
          <Field {...shown('discountPercent', p?.discountPercent ?? 0)} type="number" label={t('product.discount')} required />
          {!p && <Field {...shown('stock', 0)} type="number" label={t('product.initialStock')} required />}
        </div>
        <Field name="active" type="checkbox" label={t('product.active')} defaultValue={p ? p.active : true} />
        <Field name="popular" type="checkbox" label={t('product.popular')} defaultValue={p?.popular ?? false} />
        <Field name="promotional" type="checkbox" label={t('product.promotional')} defaultValue={p?.promotional ?? false} />
      </fieldset>
      <fieldset>
        <legend>{t('product.texts')}</legend>
        <Field {...shown('descriptionEn', p?.description.en)} type="textarea" label={t('product.descriptionIn', { lang: 'English' })} required />
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
