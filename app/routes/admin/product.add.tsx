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
import {
  PRODUCT_TEXT_FIELDS,
  productTextColumn,
  ProductInputSchema,
  saveProduct,
  adjustStock,
  productForEdit,
  removeProduct,
  updateProductPhotos,
} from '../../../core/catalogue/index.ts';
import { setLowStockThreshold } from '../../../core/jobs/index.ts';
import { DomainError } from '../../../core/errors.ts';
import { MAX_ID_LENGTH } from '../../../core/validation.ts';
import { parseChfInput } from '../../../core/pricing/browser.ts';
import { OTHER_LANGS } from '../../components/admin/product/langs.ts';
import { ProductDetailsForm } from '../../components/admin/product/ProductDetailsForm.tsx';
import { PhotosSection } from '../../components/admin/product/PhotosSection.tsx';
import { StockSection } from '../../components/admin/product/StockSection.tsx';
import { ReleaseSection } from '../../components/admin/product/ReleaseSection.tsx';
import { getRelease, releaseSettings, removeRelease, saveRelease } from '../../../core/releases/index.ts';
import { photoErrorText, uploadProductPhotos } from '../../lib/product-photos.server.ts';
import { productEditView } from '../../lib/product-edit.server.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { formList, pageAction, readForm } from '../../lib/page-action.server.ts';
import { translate } from '../../../core/i18n/index.ts';
import { adminTitleMeta } from '../../lib/admin-meta.ts';
import { BackLink } from '../../components/BackLink.tsx';

/** The photo section shows the message of a refused, too large upload itself (server/body-limit.ts). */
export const handle = { bodyLimitNotice: true };

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === 'on');
/** Limits of the product's fields, as core's schema sets them (the form reads its texts with them). */
const core = ProductInputSchema.shape;
const langText = core.texts.unwrap().valueType.shape;
/** Tasting notes as typed in one field (one per line or comma-separated; core then checks each note). */
const notesText = z.string().trim().max(2000).optional();
const ProductForm = ProductInputSchema.omit({
  basePrice: true,
  popular: true,
  promotional: true,
  active: true,
  descriptions: true,
  tastingNotes: true,
  texts: true,
  stock: true,
}).extend({
  basePriceChf: z.string().refine((s) => parseChfInput(s) !== null, 'chfAmount'),
  stock: core.stock.optional(),
  popular: checkbox,
  promotional: checkbox,
  active: checkbox,
  tastingNotesText: z.string().max(2000).optional(),
  ...Object.fromEntries(OTHER_LANGS.map((l) => [`description_${l}`, core.descriptions.unwrap().valueType.optional()])),
  // the product's own texts per language, named as the CSV's columns (`name_de`, `tasting_notes_fr`)
  ...Object.fromEntries(OTHER_LANGS.flatMap((l) => PRODUCT_TEXT_FIELDS.map((x) => [productTextColumn(x, l), x === 'tastingNotes' ? notesText : langText[x]]))),
});

/** The photo list's form: the photos' keys in the page's order, and the arrow or remove button pressed. */
const PhotosForm = z.object({ key: formList(), up: z.string().default(''), delete: z.string().default('') });

/** Tasting notes as typed: one per line or separated by commas, at most 20. */
const notesOf = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n|,/)
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 20);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const id = url.searchParams.get('id');
  const title = translate(context.lang, id ? 'adminshop:product.editTitle' : 'adminshop:product.addTitle');
  const tooLarge = Number(url.searchParams.get('toolarge')) || null;
  if (!id) return { title, product: null, history: [], orders: 0, done: null, tooLarge, release: null };
  const found = await productEditView(context.shop.db, id.slice(0, MAX_ID_LENGTH));
  if (!found) throw data({ notFound: true }, { status: 404 });
  const release = await getRelease(context.shop.db, found.product.id);
  return { ...found, title: `${found.product.name} · ${title}`, done: url.searchParams.get('done'), tooLarge, release: release && releaseSettings(release) };
}

type Result = { intent: string; fields: Record<string, string>; values: Record<string, string>; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const id = new URL(request.url).searchParams.get('id')?.slice(0, MAX_ID_LENGTH) ?? undefined;
  const form = await request.formData();
  // which form posted, read in the page action (a refused read is answered under the product form)
  let intent = 'save';
  const back = (done: string) => redirect(`/admin/product/add?id=${encodeURIComponent(id!)}&done=${done}`);
  const work = async () => {
    intent = readForm(['intent'], form).intent || 'save';
    if (intent !== 'save' && !id) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
    if (intent === 'photo') {
      await uploadProductPhotos(context.shop, id!, form, admin.userId);
      return back('photo');
    }
    if (intent === 'photos') {
      const { key: keys, up, delete: deleted } = readForm(PhotosForm, form);
      // each photo's fields are named after its key, which may hold dots: read by name, not as paths
      const each = readForm(
        keys.flatMap((k) => [`pos-${k}`, `alt-${k}`, `remove-${k}`]),
        form,
      );
      const order = keys
        .map((k, i) => ({ k, pos: Number(each[`pos-${k}`] || i + 1) }))
        .sort((a, b) => a.pos - b.pos || keys.indexOf(a.k) - keys.indexOf(b.k))
        .map((x) => x.k);
      if (up && order.indexOf(up) > 0) {
        const i = order.indexOf(up);
        [order[i - 1], order[i]] = [order[i], order[i - 1]];
      }
      const alts = Object.fromEntries(keys.map((k) => [k, each[`alt-${k}`]]));
      const remove = [...keys.filter((k) => each[`remove-${k}`] === 'on'), ...(deleted ? [deleted] : [])];
      await updateProductPhotos(context.shop, id!, { order, alts, remove }, admin.userId);
      return back('photos');
    }
    if (intent === 'stock') {
      const f = readForm(['delta', 'reason', 'note'], form);
      const raw = f.delta.trim();
      await adjustStock(context.shop.db, id!, /^[+-]?\d+$/.test(raw) ? Number(raw) : NaN, f.reason, f.note, admin.userId);
      return back('stock');
    }
    if (intent === 'threshold') {
      const raw = readForm(['lowStockThreshold'], form).lowStockThreshold.trim();
      await setLowStockThreshold(context.shop.db, id!, /^\d+$/.test(raw) ? Number(raw) : NaN, admin.userId);
      return back('threshold');
    }
    if (intent === 'release') {
      // core reads the texts (a time, whole numbers in its limits) and names the bad ones
      const { allowBankTransfer, ...release } = readForm(['opensAt', 'perCustomerLimit', 'bankTransferHours', 'allowBankTransfer'], form);
      await saveRelease(context.shop.db, id!, { ...release, allowBankTransfer: allowBankTransfer === 'on' }, admin.userId);
      return back('release');
    }
    if (intent === 'releaseRemove') {
      await removeRelease(context.shop.db, id!, admin.userId);
      return back('releaseRemoved');
    }
    if (intent === 'remove') {
      const what = await removeProduct(context.shop.db, id!, admin.userId);
      return redirect(`/admin/product/list?done=${what}`);
    }
    const { basePriceChf, tastingNotesText, stock, ...rest } = readForm(ProductForm, form) as z.infer<typeof ProductForm> & Record<string, string | undefined>;
    const current = id ? await productForEdit(context.shop.db, id) : null;
    if (id && !current) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
    const descriptions = Object.fromEntries(OTHER_LANGS.map((l) => [l, String((rest as Record<string, unknown>)[`description_${l}`] ?? '')]));
    const cell = (x: (typeof PRODUCT_TEXT_FIELDS)[number], l: (typeof OTHER_LANGS)[number]) =>
      (rest as Record<string, string | undefined>)[productTextColumn(x, l)];
    // a form without the language fields (an older page) keeps the stored texts
    const texts = form.has(productTextColumn('name', OTHER_LANGS[0]))
      ? Object.fromEntries(
          OTHER_LANGS.map((l) => [l, Object.fromEntries(PRODUCT_TEXT_FIELDS.map((x) => [x, x === 'tastingNotes' ? notesOf(cell(x, l)) : (cell(x, l) ?? '')]))]),
        )
      : undefined;
    const saved = await saveProduct(
      context.shop.db,
      {
        ...rest,
        stock: current ? current.product.stock : (stock ?? 0),
        basePrice: parseChfInput(basePriceChf)!,
        descriptions,
        tastingNotes: notesOf(tastingNotesText),
        ...(texts ? { texts } : {}),
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
    // read when answering: the intent is known once the work has read the form
    get form() {
      return intent === 'save' || intent === 'release' ? form : undefined;
    },
    fields: (e) => (photoRefused(e) ? { photo: photoErrorText(context.lang, e) } : undefined),
    message: (e) =>
      photoRefused(e) ? photoErrorText(context.lang, e) : e.opts.key === 'invalidInput' ? translate(context.lang, 'adminshop:form.fix') : undefined,
    extra: (): Pick<Result, 'intent'> => ({ intent }),
  });
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminTitleMeta(matches, data?.title ?? 'Product');

export default function ProductAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('adminshop');
  const p = loaderData.product;
  const saveErr = actionData?.intent === 'save' ? actionData : null;
  const f = saveErr?.fields ?? {};
  const nav = useNavigation();
  const busy = nav.state === 'submitting';
  const err = (intent: string) => (actionData?.intent === intent ? actionData : null);
  const photoErr = err('photo') ?? err('photos');
  const done = actionData ? null : loaderData.done;
  return (
    <div>
      <BackLink to="/admin/product/list">{t('products.title')}</BackLink>
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
      <ProductDetailsForm product={p} fields={f} values={saveErr?.values ?? {}} busy={busy} />

      {p && (
        <>
          <PhotosSection
            product={p}
            problem={photoErr ? (photoErr.error ?? photoErr.fields.photo) : null}
            tooLarge={actionData ? null : loaderData.tooLarge}
            busy={busy}
            uploading={busy && nav.formData?.get('intent') === 'photo'}
          />
          <StockSection product={p} history={loaderData.history} stockProblem={err('stock')} thresholdProblem={err('threshold')} busy={busy} />
          <ReleaseSection productId={p.id} release={loaderData.release} problem={err('release')} busy={busy} />
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
