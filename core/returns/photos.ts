/**
 * Return photos: checked, re-encoded and stored under `returns/<return id>/` in the photo store,
 * answered to the return's customer or an admin.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { isEffectiveAdmin } from '../accounts/browser.ts';
import { MAX_PHOTO_PIXELS, photoStore, readPhotoHeader, tooManyPixels } from '../catalogue/index.ts';
import { orderReturns, type ReturnPhoto } from '../db/index.ts';
import type { Shop } from '../shop-type.ts';
import { invalid } from './invalid.ts';
import { MAX_RETURN_PHOTO_BYTES, MAX_RETURN_PHOTOS } from './limits.ts';

/** A photo as uploaded: its bytes. */
export type ReturnPhotoUpload = { bytes: Uint8Array; name?: string };

/** Image formats accepted for return photos (sharp's format names). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Stored photos are re-encoded (upright, no metadata such as GPS) at most this wide/high. */
const PHOTO_MAX_SIDE = 2000;

/**
 * Checks and re-encodes the photos (upright, metadata stripped, at most 2000 px) as JPEG. Every
 * photo is checked first (count, bytes, format and pixels, from its header) and only then are
 * they decoded, one after the other and after the photos of other requests in this process
 * ({@link oneDecodeAtATime}): a refused photo costs no decoding of the others.
 * @throws {DomainError} `invalid`, field `photos`: too many, too large, not JPEG/PNG/WebP, more
 *   than {@link MAX_PHOTO_PIXELS} pixels (`returns.photoTooManyPixels`), undecodable.
 */
export async function preparePhotos(uploads: ReturnPhotoUpload[]): Promise<{ photo: ReturnPhoto; body: Buffer }[]> {
  const given = uploads.filter((u) => u.bytes.byteLength > 0);
  if (given.length > MAX_RETURN_PHOTOS) throw invalid('photos', 'photoTooMany', `At most ${MAX_RETURN_PHOTOS} photos`, { max: MAX_RETURN_PHOTOS });
  const notImage = (name: string) => invalid('photos', 'photoNotImage', `The file ${name} is not a JPEG, PNG or WebP photo`, { name });
  for (const u of given) {
    const name = u.name ?? '';
    if (u.bytes.byteLength > MAX_RETURN_PHOTO_BYTES)
      throw invalid('photos', 'photoTooLarge', `The photo ${name} is too large (15 MB at most)`, { name, max: MAX_RETURN_PHOTO_BYTES / 1024 / 1024 });
    const header = await readPhotoHeader(u.bytes);
    if (!header || !PHOTO_FORMATS.has(header.format)) throw notImage(name);
    if (tooManyPixels(header)) {
      const mp = MAX_PHOTO_PIXELS / 1_000_000;
      throw invalid('photos', 'photoTooManyPixels', `The photo ${name} has more than ${mp} megapixels`, { name, mp });
    }
  }
  return given.length ? oneDecodeAtATime(() => decodePhotos(given)) : [];
}

/**
 * The tail of the queue of return photo decodes in this process: a request's photos are decoded
 * after the previous request's, so that parallel requests cost one decode's memory at a time (a
 * 40-megapixel PNG takes about 0.4 CPU-seconds and 120 MB while it is decoded) instead of one each.
 */
let decodeQueue: Promise<unknown> = Promise.resolve();

/** Runs `job` once every decode queued before it has ended (successfully or not). */
function oneDecodeAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = decodeQueue.then(job, job);
  decodeQueue = run.catch(() => undefined);
  return run;
}

/** Decodes checked photos one after the other (see {@link preparePhotos}). */
async function decodePhotos(given: ReturnPhotoUpload[]): Promise<{ photo: ReturnPhoto; body: Buffer }[]> {
  const notImage = (name: string) => invalid('photos', 'photoNotImage', `The file ${name} is not a JPEG, PNG or WebP photo`, { name });
  const out: { photo: ReturnPhoto; body: Buffer }[] = [];
  for (const u of given) {
    let body: Buffer;
    try {
      body = await sharp(u.bytes, { limitInputPixels: MAX_PHOTO_PIXELS })
        .rotate()
        .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    } catch {
      throw notImage(u.name ?? '');
    }
    out.push({ photo: { id: randomUUID(), contentType: 'image/jpeg', ext: 'jpg' }, body });
  }
  return out;
}

/** The store key of a return photo. */
export function photoKey(returnId: string, photo: Pick<ReturnPhoto, 'id' | 'ext'>): string {
  return `returns/${returnId}/${photo.id}.${photo.ext}`;
}

/**
 * One photo of a return for its customer or an admin.
 * @returns the JPEG bytes, or null (unknown return or photo, or someone else's).
 */
export async function readReturnPhoto(
  shop: Pick<Shop, 'db' | 'env'>,
  viewer: { userId: string; role: string },
  returnId: string,
  photoId: string,
): Promise<{ body: Buffer; contentType: string } | null> {
  if (!/^[0-9a-f-]{36}$/.test(returnId) || !/^[0-9a-f-]{36}$/.test(photoId)) return null;
  const [r] = await shop.db.select().from(orderReturns).where(eq(orderReturns.id, returnId));
  if (!r || (r.userId !== viewer.userId && !isEffectiveAdmin(viewer))) return null;
  const photo = r.photos.find((p) => p.id === photoId);
  if (!photo) return null;
  const body = await photoStore(shop.env).get(photoKey(r.id, photo));
  return body ? { body, contentType: photo.contentType } : null;
}
