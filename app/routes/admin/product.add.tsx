/**
 * Add a product (/admin/product/add), or edit one (`?id=`): every catalogue field with the
 * description in the five picker languages and the tasting notes; price in CHF (stored in
 * Rappen). When editing: photos (upload several, reorder, alt text, remove), stock adjustments
 * with a reason and their history, and archive/delete (a product that was ordered is archived,
 * never deleted). Every form works without JavaScript; every change is audited.
 */
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/product.add';
import { ProductInputSchema, saveProduct } from '../../../core/catalogue/index.ts';
import { adjustStock, productForEdit, removeProduct } from '../../../core/catalogue/index.ts';
import { setLowStockThreshold } from '../../../core/jobs/index.ts';
import { MAX_LOW_STOCK_THRESHOLD } from '../../../core/jobs/browser.ts';
import { ADJUST_REASONS, MAX_PHOTO_BYTES, STRENGTHS } from '../../../core/catalogue/browser.ts';
import { updateProductPhotos } from '../../../core/catalogue/index.ts';
import { DomainError } from '../../../core/errors.ts';
import { parseChfInput, rappenToDecimalString } from '../../../core/pricing/browser.ts';
import { Field } from '../../components/admin/Field.tsx';
import { PhotoUpload } from '../../components/admin/PhotoUpload.tsx';
import { photoErrorText, uploadProductPhotos } from '../../lib/product-photos.server.ts';
import { ProductPicture } from '../../components/ProductPicture.tsx';
import { pageAction, readForm } from '../../lib/page-action.server.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { translate } from '../../i18n/resources.server.ts';
import { useFormat } from '../../lib/format.ts';
import { adminTitleMeta } from '../../lib/admin-meta.ts';

const OTHER_LANGS = ['de', 'fr', 'it', 'es'] as const;

/** The photo section shows the message of a refused, too large upload itself (server/body-limit.ts). */
export const handle = { bodyLimitNotice: true };

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === 'on');
const ProductForm = ProductInputSchema.omit({
  basePrice: true,
  popular: true,
  promotional: true,
  active: true,
  descriptions: true,
  tastingNotes: true,
  stock: true,
}).extend({
  basePriceChf: z.string().refine((s) => parseChfInput(s) !== null, 'chfAmount'),
  stock: z.coerce.number().int().min(0).max(1_000_000).optional(),
  popular: checkbox,
  promotional: checkbox,
  active: checkbox,
  tastingNotesText: z.string().max(2000).optional(),
  ...Object.fromEntries(OTHER_LANGS.map((l) => [`description_${l}`, z.string().trim().max(5000).optional()])),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const id = url.searchParams.get('id');
  const title = translate(context.lang, id ? 'adminshop:product.editTitle' : 'adminshop:product.addTitle');
  const tooLarge = Number(url.searchParams.get('toolarge')) || null;
  if (!id) return { title, product: null, history: [], orders: 0, done: null, tooLarge };
  const found = await productForEdit(context.shop.db, id.slice(0, 64));
  if (!found) throw data({ notFound: true }, { status: 404 });
  const p = found.product;
  return {
    title: `${p.name} · ${title}`,
    product: { ...p, createdAt: undefined, updatedAt: undefined, searchText: undefined, basePriceChf: rappenToDecimalString(p.basePrice) },
    history: found.history.map((h) => ({
      id: h.id,
      delta: h.delta,
      stockAfter: h.stockAfter,
      reason: h.reason,
      note: h.note,
      actor: h.actor,
      at: h.createdAt.toISOString(),
    })),
    orders: found.orders,
    done: url.searchParams.get('done'),
    tooLarge,
  };
}

type Result = { intent: string; fields: Record<string, string>; values: Record<string, string>; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const id = new URL(request.url).searchParams.get('id')?.slice(0, 64) ?? undefined;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  const back = (done: string) => redirect(`/admin/product/add?id=${encodeURIComponent(id!)}&done=${done}`);
  const work = async () => {
    if (intent !== 'save' && !id) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
    if (intent === 'photo') {
      await uploadProductPhotos(context.shop, id!, form, admin.userId);
      return back('photo');
    }
    if (intent === 'photos') {
      const keys = form.getAll('key').map(String);
      const order = keys
        .map((k, i) => ({ k, pos: Number(form.get(`pos-${k}`) ?? i + 1) }))
        .sort((a, b) => a.pos - b.pos || keys.indexOf(a.k) - keys.indexOf(b.k))
        .map((x) => x.k);
      const up = String(form.get('up') ?? '');
      if (up && order.indexOf(up) > 0) {
        const i = order.indexOf(up);
        [order[i - 1], order[i]] = [order[i], order[i - 1]];
      }
      const alts = Object.fromEntries(keys.map((k) => [k, String(form.get(`alt-${k}`) ?? '')]));
      const remove = [...keys.filter((k) => form.get(`remove-${k}`) === 'on'), ...(form.get('delete') ? [String(form.get('delete'))] : [])];
      await updateProductPhotos(context.shop, id!, { order, alts, remove }, admin.userId);
      return back('photos');
    }
    if (intent === 'stock') {
      const raw = String(form.get('delta') ?? '').trim();
      await adjustStock(
        context.shop.db,
        id!,
        /^[+-]?\d+$/.test(raw) ? Number(raw) : NaN,
        String(form.get('reason') ?? ''),
        String(form.get('note') ?? ''),
        admin.userId,
      );
      return back('stock');
    }
    if (intent === 'threshold') {
      const raw = String(form.get('lowStockThreshold') ?? '').trim();
      await setLowStockThreshold(context.shop.db, id!, /^\d+$/.test(raw) ? Number(raw) : NaN, admin.userId);
      return back('threshold');
    }
    if (intent === 'remove') {
      const what = await removeProduct(context.shop.db, id!, admin.userId);
      return redirect(`/admin/product/list?done=${what}`);
    }
    const { basePriceChf, tastingNotesText, stock, ...rest } = readForm(ProductForm, form) as z.infer<typeof ProductForm> & Record<string, string | undefined>;
    const current = id ? await productForEdit(context.shop.db, id) : null;
    if (id && !current) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
    const descriptions = Object.fromEntries(OTHER_LANGS.map((l) => [l, String((rest as Record<string, unknown>)[`description_${l}`] ?? '')]));
    const saved = await saveProduct(
      context.shop.db,
      {
        ...rest,
        stock: current ? current.product.stock : (stock ?? 0),
        basePrice: parseChfInput(basePriceChf)!,
        descriptions,
        tastingNotes: (tastingNotesText ?? '')
          .split(/\r?\n|,/)
          .map((s) => s.trim())
          .filter(Boolean)
          .slice(0, 20),
      } as Parameters<typeof saveProduct>[1],
      id,
      `admin:${admin.userId}`,
    );
    return redirect(`/admin/product/add?id=${encodeURIComponent(saved.id)}&done=saved`);
  };
  // a refused photo is the photo field's message (naming the file); a bad product form keeps what was typed
  const photoRefused = (e: DomainError) => intent === 'photo' && e.code !== 'not_found';
  return pageAction(context, work, {
    namespace: 'adminshop',
    form: intent === 'save' ? form : undefined,
    fields: (e) => (photoRefused(e) ? { photo: photoErrorText(context.lang, e) } : undefined),
    message: (e) =>
      photoRefused(e) ? photoErrorText(context.lang, e) : e.opts.key === 'invalidInput' ? translate(context.lang, 'adminshop:form.fix') : undefined,
    extra: (): Pick<Result, 'intent'> => ({ intent }),
  });
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminTitleMeta(matches, data?.title ?? 'Product');

export default function ProductAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('adminshop');
  const { dateTime } = useFormat();
  const p = loaderData.product;
  const saveErr = actionData?.intent === 'save' ? actionData : null;
  const f = saveErr?.fields ?? {};
  const v = saveErr?.values ?? {};
  const nav = useNavigation();
  const busy = nav.state === 'submitting';
  const val = (name: string, fallback: unknown) => (name in v ? v[name] : (fallback as string | number | null | undefined)) ?? '';
  const err = (intent: string) => (actionData?.intent === intent ? actionData : null);
  const photoErr = err('photo') ?? err('photos');
  const stockErr = err('stock');
  const thresholdErr = err('threshold');
  const done = actionData ? null : loaderData.done;
  return (
    <div>
      <p>
        <Link to="/admin/product/list">← {t('products.title')}</Link>
      </p>
      <div className="section-head">
        <h1>{p ? p.name : t('product.addTitle')}</h1>
        {p && p.active && (
          <Link to={`/productdetail?id=${encodeURIComponent(p.id)}`} className="btn btn-ghost btn-small">
            {t('product.viewInShop')}
          </Link>
        )}
      </div>
      {p && !p.active && <p className="tag-inline">{t('products.archived')}</p>}
      {done && (
        <p className="form-success" role="status">
          {done === 'threshold' ? t('lowStock.saved') : t(`product.done.${done}`, { defaultValue: t('product.done.saved') })}
        </p>
      )}
      {(Object.keys(f).length > 0 || saveErr?.error) && (
        <p className="form-error" role="alert">
          {saveErr?.error ?? f._ ?? t('form.fix')}
        </p>
      )}
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
        </fieldset>
        <button type="submit" className="btn" disabled={busy}>
          {t('form.save')}
        </button>
      </Form>

      {p && (
        <>
          <section className="section admin-panel" aria-labelledby="photos-h" id="photos">
            <h2 id="photos-h">{t('photos.title')}</h2>
            {photoErr && (
              <p className="form-error" role="alert" data-testid="photo-error">
                {photoErr.error ?? photoErr.fields.photo}
              </p>
            )}
            {loaderData.tooLarge && !actionData && (
              <p className="form-error" role="alert" data-testid="photo-limit">
                {t('inputs.photosTooLarge', { mb: loaderData.tooLarge, each: MAX_PHOTO_BYTES / 1024 / 1024 })}
              </p>
            )}
            {p.images.length === 0 ? (
              <p className="empty">{t('photos.none')}</p>
            ) : (
              <Form method="post" className="admin-form">
                <input type="hidden" name="intent" value="photos" />
                <ol className="photo-list" data-testid="photo-list">
                  {p.images.map((img, i) => {
                    const key = img.id ?? img.path;
                    return (
                      <li key={key} className="photo-item">
                        <input type="hidden" name="key" value={key} />
                        <div className="photo-thumb">
                          <ProductPicture product={p} index={i} sizes="160px" width={160} height={120} alt={img.alt ?? ''} loading="lazy" />
                        </div>
                        <div className="photo-fields">
                          <div className="field">
                            <label htmlFor={`alt-${i}`}>{t('photos.alt')}</label>
                            <input id={`alt-${i}`} name={`alt-${key}`} defaultValue={img.alt ?? ''} maxLength={200} />
                          </div>
                          <div className="photo-row">
                            <div className="field">
                              <label htmlFor={`pos-${i}`}>{t('photos.position')}</label>
                              <input id={`pos-${i}`} name={`pos-${key}`} type="number" min={1} max={p.images.length} defaultValue={i + 1} inputMode="numeric" />
                            </div>
                            {i > 0 && (
                              <button type="submit" name="up" value={key} className="btn btn-ghost btn-small" aria-label={t('photos.moveUpN', { n: i + 1 })}>
                                ↑ {t('photos.moveUp')}
                              </button>
                            )}
                            <button type="submit" name="delete" value={key} className="btn btn-ghost btn-small" aria-label={t('photos.removeN', { n: i + 1 })}>
                              {t('photos.remove')}
                            </button>
                          </div>
                          {i === 0 && <span className="card-meta">{t('photos.main')}</span>}
                        </div>
                      </li>
                    );
                  })}
                </ol>
                <button type="submit" className="btn btn-small" disabled={busy}>
                  {t('photos.save')}
                </button>
              </Form>
            )}
            <PhotoUpload productId={p.id} defaultAlt={p.name} busy={busy && nav.formData?.get('intent') === 'photo'} disabled={busy} />
          </section>

          <section className="section admin-panel" aria-labelledby="stock-h" id="stock">
            <h2 id="stock-h">{t('stock.title')}</h2>
            <p>
              {t('stock.current')}: <strong data-testid="stock-now">{p.stock}</strong>
            </p>
            <Form method="post" className="toolbar">
              <input type="hidden" name="intent" value="stock" />
              <div className="field">
                <label htmlFor="delta">{t('stock.delta')}</label>
                <input
                  id="delta"
                  name="delta"
                  required
                  inputMode="numeric"
                  pattern="[+\-]?[0-9]+"
                  placeholder="+12 / -3"
                  aria-invalid={stockErr?.fields.delta ? true : undefined}
                />
              </div>
              <div className="field">
                <label htmlFor="reason">{t('stock.reason')}</label>
                <select id="reason" name="reason" defaultValue="delivery">
                  {ADJUST_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {t(`stock.reasons.${r}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field field-grow">
                <label htmlFor="note">{t('stock.note')}</label>
                <input id="note" name="note" maxLength={300} />
              </div>
              <button type="submit" className="btn btn-small" disabled={busy}>
                {t('stock.apply')}
              </button>
            </Form>
            {stockErr && (
              <p className="form-error" role="alert">
                {stockErr.error}
              </p>
            )}
            <Form method="post" className="toolbar" aria-label={t('lowStock.label')}>
              <input type="hidden" name="intent" value="threshold" />
              <div className="field">
                <label htmlFor="lowStockThreshold">{t('lowStock.label')}</label>
                <input
                  id="lowStockThreshold"
                  name="lowStockThreshold"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_LOW_STOCK_THRESHOLD}
                  step={1}
                  required
                  defaultValue={p.lowStockThreshold}
                  aria-invalid={thresholdErr?.fields.lowStockThreshold ? true : undefined}
                  aria-describedby={thresholdErr?.fields.lowStockThreshold ? 'lowStockThreshold-err lowStockThreshold-hint' : 'lowStockThreshold-hint'}
                />
              </div>
              <button type="submit" className="btn btn-small" disabled={busy}>
                {t('lowStock.save')}
              </button>
            </Form>
            <p id="lowStockThreshold-hint" className="card-meta">
              {t('lowStock.hint')}
            </p>
            {thresholdErr?.fields.lowStockThreshold && (
              <p id="lowStockThreshold-err" className="form-error" role="alert">
                {thresholdErr.fields.lowStockThreshold}
              </p>
            )}
            {loaderData.history.length === 0 ? (
              <p className="card-meta">{t('stock.noHistory')}</p>
            ) : (
              <div className="table-scroll">
                <table className="history-table" data-testid="stock-history">
                  <caption className="visually-hidden">{t('stock.history')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('stock.when')}</th>
                      <th scope="col" className="num">
                        {t('stock.change')}
                      </th>
                      <th scope="col" className="num">
                        {t('stock.after')}
                      </th>
                      <th scope="col">{t('stock.reason')}</th>
                      <th scope="col" className="hide-sm">
                        {t('stock.by')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {loaderData.history.map((h) => (
                      <tr key={h.id}>
                        <td>{dateTime(h.at)}</td>
                        <td className="num">{h.delta > 0 ? `+${h.delta}` : h.delta}</td>
                        <td className="num">{h.stockAfter}</td>
                        <td>
                          {t(`stock.reasons.${h.reason}`)}
                          {h.note ? <span className="card-meta admin-block">{h.note}</span> : null}
                        </td>
                        <td className="hide-sm">
                          <code>{h.actor}</code>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section className="section admin-panel" aria-labelledby="remove-h">
            <h2 id="remove-h">{loaderData.orders > 0 ? t('product.archiveTitle') : t('product.deleteTitle')}</h2>
            <p className="card-meta">{loaderData.orders > 0 ? t('product.archiveHint', { n: loaderData.orders }) : t('product.deleteHint')}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <button type="submit" className="btn btn-ghost btn-danger" disabled={busy || (loaderData.orders > 0 && !p.active)}>
                {loaderData.orders > 0 ? t('product.archive') : t('product.delete')}
              </button>
            </Form>
          </section>
        </>
      )}
    </div>
  );
}

const LANG_NAMES: Record<(typeof OTHER_LANGS)[number], string> = { de: 'Deutsch', fr: 'Français', it: 'Italiano', es: 'Español' };
