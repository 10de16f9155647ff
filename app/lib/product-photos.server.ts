/**
 * Product photo uploads from the admin product page, shared by its plain form (several files in
 * one request, no scripts) and the page script's one-photo requests (/admin/product/photo).
 * Limits: {@link MAX_PHOTO_BYTES} per photo, {@link MAX_PHOTOS_PER_UPLOAD} files and
 * {@link MAX_PHOTO_UPLOAD_BYTES} together per request (the server's body limit refuses larger
 * requests before they are read: server/body-limit.ts). Photos are decoded one after the other,
 * so one upload never holds more than one decoded photo in memory.
 */
import { addProductPhoto } from '../../core/catalogue/index.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTO_UPLOAD_BYTES, MAX_PHOTOS_PER_UPLOAD } from '../../core/catalogue/browser.ts';
import { DomainError } from '../../core/errors.ts';
import type { Shop } from '../../core/shop.ts';
import { translate, translateField, type Locale } from '../../core/i18n/index.ts';
import { z } from 'zod';
import { errorMessage, formFiles, readForm } from './page-action.server.ts';

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The upload's fields: the photo files and their shared alternative text (core checks its length). */
const PhotoForm = z.object({ photo: formFiles, alt: z.string().default('') });

/**
 * Adds the photo files of a form to a product, in the order sent, one at a time.
 * @returns how many were added.
 * @throws {DomainError} `invalid` (field `photo`): no file, too many files, over the total or the
 *   per-photo size, or a file that is not a readable image (see `renderPhoto`); `not_found`.
 *   Photos before the failing one stay added.
 */
export async function uploadProductPhotos(shop: Pick<Shop, 'db' | 'env'>, productId: string, form: FormData, adminId: string): Promise<number> {
  const { photo: files, alt } = readForm(PhotoForm, form);
  if (files.length === 0)
    throw new DomainError('invalid', 'Choose an image file', { key: 'photoMissing', fields: { photo: { key: 'adminshop:errors.photoMissing' } } });
  if (files.length > MAX_PHOTOS_PER_UPLOAD)
    throw new DomainError('invalid', `At most ${MAX_PHOTOS_PER_UPLOAD} files at once`, {
      key: 'photoTooManyFiles',
      params: { max: MAX_PHOTOS_PER_UPLOAD },
      fields: { photo: { key: 'adminshop:errors.photoTooManyFiles', params: { max: MAX_PHOTOS_PER_UPLOAD } } },
    });
  const total = files.reduce((n, f) => n + f.size, 0);
  if (total > MAX_PHOTO_UPLOAD_BYTES) {
    const params = { mb: mb(MAX_PHOTO_UPLOAD_BYTES), each: mb(MAX_PHOTO_BYTES) };
    throw new DomainError('invalid', 'These photos together are too large', {
      key: 'photosTooLarge',
      params,
      fields: { photo: { key: 'adminshop:inputs.photosTooLarge', params } },
    });
  }
  const big = files.find((f) => f.size > MAX_PHOTO_BYTES);
  if (big) {
    const params = { name: big.name, mb: mb(MAX_PHOTO_BYTES) };
    throw new DomainError('invalid', `${big.name} is larger than ${params.mb} MB`, {
      key: 'photoFileTooLarge',
      params,
      fields: { photo: { key: 'adminshop:inputs.photoFileTooLarge', params } },
    });
  }
  let added = 0;
  for (const f of files) {
    try {
      await addProductPhoto(shop, productId, new Uint8Array(await f.arrayBuffer()), alt, adminId);
    } catch (e) {
      // name the file when several were sent
      if (e instanceof DomainError && files.length > 1 && e.opts.fields?.photo)
        throw new DomainError(e.code, `${f.name}: ${e.message}`, {
          ...e.opts,
          fields: { photo: { key: 'adminshop:inputs.fileProblem', params: { name: f.name, key: e.opts.fields.photo.key, ...e.opts.fields.photo.params } } },
        });
      throw e;
    }
    added++;
  }
  return added;
}

/** A photo upload error in the admin's language (the field message when there is one). */
export function photoErrorText(lang: Locale, e: DomainError): string {
  const field = e.opts.fields?.photo;
  if (!field) return errorMessage(lang, e, { namespace: 'adminshop' });
  if (field.key === 'adminshop:inputs.fileProblem') {
    const { name, key, ...params } = field.params as { name: string; key: string };
    return translate(lang, field.key, { name, message: translateField(lang, { key, params }) });
  }
  return translateField(lang, field);
}
