/**
 * Photos by SKU (/admin/product/photos): many product photos at once, or zip files of them, each
 * added to the product whose SKU its file name names (`CDT-ROB-001.jpg`, `CDT-ROB-001_2.jpg`),
 * with a result per file (app/components/admin/product/BulkPhotoUpload.tsx). The plain form posts
 * every file to this action, which adds them one after the other and answers the result table;
 * a form over MAX_BULK_PHOTO_UPLOAD_BYTES comes back with `?toolarge=` (server/body-limit.ts) and
 * this page's message. Every photo added is audited as the product page's upload is.
 */
import { data, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/product.photos';
import { addPhotosBySku, isZipFile, MAX_BULK_PHOTO_FILES, MAX_BULK_PHOTO_UPLOAD_BYTES, unzipPhotoFiles } from '../../../core/catalogue/index.ts';
import type { BulkPhotoFile, BulkPhotoResult } from '../../../core/catalogue/index.ts';
import { BulkPhotoUpload, type BulkPhotoRow } from '../../components/admin/product/BulkPhotoUpload.tsx';
import { bulkPhotoRow } from '../../resources/admin-product-photos.server.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { formFiles, readForm } from '../../lib/page-action.server.ts';
import { translate } from '../../../core/i18n/index.ts';
import { adminTitleMeta } from '../../lib/admin-meta.ts';
import { MAX_PHOTOS } from '../../../core/catalogue/browser.ts';
import '../../styles/bulk-photos.css';
import { BackLink } from '../../components/BackLink.tsx';

const MB = 1024 * 1024;

/** The page shows the message of a refused, too large form itself (server/body-limit.ts). */
export const handle = { bodyLimitNotice: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const tooLarge = Number(new URL(request.url).searchParams.get('toolarge')) || null;
  return { title: translate(context.lang, 'adminshop:bulkPhotos.title'), tooLarge };
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminTitleMeta(matches, data?.title ?? 'Photos by SKU');

type Answer = { rows: BulkPhotoRow[] | null; error: string | null };

/** The chosen files of the form; none for a refused read (text with a NUL character), which then says none was chosen. */
function readPhotos(form: FormData): File[] {
  try {
    return readForm(z.object({ photos: formFiles }), form).photos;
  } catch {
    return [];
  }
}

/** The plain form: every file of the form (zip files opened), added one after the other. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const fail = (error: string, status = 400) => data<Answer>({ rows: null, error }, { status });
  const form = await request.formData().catch(() => null);
  const chosen = form ? readPhotos(form) : [];
  if (chosen.length === 0) return fail(translate(context.lang, 'adminshop:bulkPhotos.none'));
  const total = chosen.reduce((n, f) => n + f.size, 0);
  // the body limit refuses larger forms before they are read; this says the same for one just under it with its overhead
  if (total > MAX_BULK_PHOTO_UPLOAD_BYTES) return fail(translate(context.lang, 'adminshop:bulkPhotos.totalTooLarge', { mb: MAX_BULK_PHOTO_UPLOAD_BYTES / MB }));
  const files: BulkPhotoFile[] = [];
  const extra: BulkPhotoResult[] = [];
  const other = (name: string, status: BulkPhotoResult['status']): BulkPhotoResult => ({ index: -1, name, size: 0, sku: null, product: null, status });
  for (const f of chosen) {
    if (!isZipFile(f)) {
      files.push({ name: f.name, size: f.size, type: f.type, bytes: async () => new Uint8Array(await f.arrayBuffer()) });
      continue;
    }
    try {
      // photos hardly compress: what a zip holds is bounded by the form's own limit
      for (const e of unzipPhotoFiles(new Uint8Array(await f.arrayBuffer()), { maxFiles: MAX_BULK_PHOTO_FILES, maxTotalBytes: MAX_BULK_PHOTO_UPLOAD_BYTES })) {
        if (e.bytes) files.push({ name: e.name, size: e.size, type: '', bytes: () => e.bytes! });
        else extra.push(other(e.name, 'tooLarge'));
      }
    } catch {
      extra.push(other(f.name, 'badZip'));
    }
  }
  if (files.length > MAX_BULK_PHOTO_FILES) return fail(translate(context.lang, 'adminshop:bulkPhotos.tooManyFiles', { max: MAX_BULK_PHOTO_FILES }));
  const results = [...(await addPhotosBySku(context.shop, files, admin.userId)), ...extra];
  return { rows: results.map((r) => bulkPhotoRow(context.lang, r)), error: null } satisfies Answer;
}

export default function ProductPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('adminshop');
  const busy = useNavigation().state === 'submitting';
  const tooLarge = actionData ? null : loaderData.tooLarge;
  return (
    <div className="bulk-photo-page">
      <BackLink to="/admin/product/list">{t('products.title')}</BackLink>
      <h1>{t('bulkPhotos.title')}</h1>
      <p className="card-meta">{t('bulkPhotos.intro', { max: MAX_PHOTOS })}</p>
      <p className="card-meta">
        {t('bulkPhotos.examples')} <code dir="ltr">CDT-ROB-001.jpg</code>, <code dir="ltr">CDT-ROB-001_2.jpg</code>, <code dir="ltr">CDT-ROB-001-3.jpg</code>
      </p>
      {tooLarge && (
        <p className="form-error" role="alert" data-testid="body-limit">
          {t('bulkPhotos.totalTooLarge', { mb: tooLarge })}
        </p>
      )}
      <BulkPhotoUpload results={actionData?.rows ?? null} error={actionData?.error ?? null} busy={busy} />
    </div>
  );
}
