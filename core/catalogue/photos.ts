/**
 * Product photos: uploaded from the admin, checked by decoding them with
 * sharp (anything sharp cannot decode as JPEG, PNG, WebP, AVIF, GIF, TIFF or HEIF is refused),
 * turned upright (EXIF orientation), stripped of metadata, and rendered in {@link PHOTO_WIDTHS}
 * widths (never wider than the original) as AVIF, WebP and JPEG under
 * `products/<photo id>/<width>.<avif|webp|jpg>` in the photo store (`DATA_DIR/media` on disk, or
 * an S3-compatible bucket when configured: `photo-store.ts`). A photo's files never change (a
 * new upload gets a new id), so they are served with immutable caching. The product's `images`
 * list keeps order, alt text, intrinsic size and widths; its first photo is the main one.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { recordAuditOn } from '../audit/index.ts';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from './limits.ts';
import { MAX_PHOTOS } from './bulk-photos.ts';
import { photoStore } from './photo-store.ts';
import { products, type ProductImage } from '../db/index.ts';

export { mediaRoot } from './photo-store.ts';
type StoreEnv = Parameters<typeof photoStore>[0];

/** Widths rendered, in CSS pixels. */
const PHOTO_WIDTHS = [320, 640, 1280] as const;
export { MAX_PHOTO_PIXELS } from './limits.ts';
/** The formats every photo width is stored in. */
type PhotoFormat = 'avif' | 'webp' | 'jpg';
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff', 'heif']);
const PHOTO_ID = /^[0-9a-f-]{36}$/;
const FILE = /^(\d{2,4})\.(avif|webp|jpg)$/;

/** The URL of one rendered file of a photo. */
function photoUrl(id: string, width: number, format: PhotoFormat): string {
  return `/media/products/${id}/${width}.${format}`;
}

/** What an image's header tells: its format (sharp's name), size in pixels, EXIF orientation and coding. */
export type PhotoHeader = { format: string; width: number; height: number; orientation?: number; compression?: string };

/**
 * Reads an image's header without decoding its pixels (libvips opens images lazily: the cost is
 * that of the header, whatever the image's size), so that a photo can be refused for its
 * {@link MAX_PHOTO_PIXELS} before it costs anything. The pixel limit is lifted for this read only:
 * with it, sharp refuses a huge image here as if it were no image at all.
 * @returns the header, or null when the bytes are no image sharp can read.
 */
export async function readPhotoHeader(bytes: Uint8Array): Promise<PhotoHeader | null> {
  try {
    const m = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!m.format || !m.width || !m.height) return null;
    return { format: m.format, width: m.width, height: m.height, orientation: m.orientation, compression: m.compression };
  } catch {
    return null;
  }
}

/** Whether a photo's header says it has more than {@link MAX_PHOTO_PIXELS} pixels. */
export function tooManyPixels(header: Pick<PhotoHeader, 'width' | 'height'>): boolean {
  return header.width * header.height > MAX_PHOTO_PIXELS;
}

/** ISO base media brands of HEIC/HEIF photos coded with HEVC (iPhone and many Android phones). */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

/**
 * Whether bytes are a HEIC photo (HEIF coded with HEVC), by the `ftyp` box's brands. The sharp
 * build installed decodes AVIF but not HEVC, so such a photo is refused with its own message.
 */
function isHeic(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 16) return false;
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (text(4, 8) !== 'ftyp') return false;
  const size = Math.min(((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0, 256, bytes.byteLength);
  const brands = [text(8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(text(at, at + 4));
  return brands.some((b) => HEVC_BRANDS.has(b)) && !brands.includes('avif');
}

/**
 * Decodes and renders an uploaded image. The photo is decoded once (JPEG shrink-on-load keeps a
 * 15 MB, 50-megapixel phone photo to a few hundred MB at most) into the largest width, from which
 * every smaller width and format is made; photos are processed one at a time by the callers.
 * @returns the photo's id, widths and intrinsic size (of the largest rendering).
 * @throws {DomainError} `invalid` (field `photo`) for an empty, too large, HEIC (key `photoHeic`),
 *   too many pixels (`photoTooManyPixels`) or undecodable (`photoNotImage`) file.
 * @throws {Error} when the photo store cannot store the files (nothing is left behind).
 */
export async function renderPhoto(env: StoreEnv, bytes: Uint8Array): Promise<{ id: string; widths: number[]; width: number; height: number }> {
  // the message keys: adminshop:errors.<key>, or adminshop:inputs.<key> for the later ones
  const refuse = (msg: string, key: string, params?: Record<string, string | number>, group = 'errors') =>
    new DomainError('invalid', msg, { key, params, fields: { photo: { key: `adminshop:${group}.${key}`, params } } });
  const notImage = () => refuse('This file is not an image (JPEG, PNG, WebP, AVIF, GIF, TIFF or HEIF)', 'photoNotImage');
  const heic = () => refuse('HEIC photos cannot be read: send JPEG or PNG (iPhone: Camera, Formats, Most Compatible)', 'photoHeic', undefined, 'inputs');
  const pixels = () =>
    refuse(`The photo has more than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels`, 'photoTooManyPixels', { mp: MAX_PHOTO_PIXELS / 1_000_000 }, 'inputs');
  if (bytes.byteLength === 0) throw refuse('Choose an image file', 'photoMissing');
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw refuse(`The image is too large (${MAX_PHOTO_BYTES / 1024 / 1024} MB at most)`, 'photoTooLarge');
  const meta = await readPhotoHeader(bytes);
  if (!meta) throw isHeic(bytes) ? heic() : notImage();
  if (!ACCEPTED.has(meta.format)) throw notImage();
  // refused on the header's word, before any pixel is decoded
  if (tooManyPixels(meta)) throw pixels();
  const upright = meta.orientation && meta.orientation >= 5 ? { w: meta.height, h: meta.width } : { w: meta.width, h: meta.height };
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w <= upright.w);
  if (widths.length === 0) widths.push(upright.w < PHOTO_WIDTHS[0] ? upright.w : PHOTO_WIDTHS[0]);
  const largest = widths[widths.length - 1];
  const id = randomUUID();
  const store = photoStore(env);
  const dir = `products/${id}/`;
  let size = { width: upright.w, height: upright.h };
  const files: { key: string; body: Buffer; type: string }[] = [];
  try {
    // one decode: upright, flattened, at the largest width, as raw pixels (1280 x 960 x 3 = 3.7 MB)
    const master = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, sequentialRead: true })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: master.info.width, height: master.info.height, channels: master.info.channels } };
    for (const w of widths) {
      const base = sharp(master.data, raw).resize({ width: w, withoutEnlargement: true });
      const jpg = await base.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true });
      files.push({ key: `${dir}${w}.jpg`, body: jpg.data, type: 'image/jpeg' });
      files.push({ key: `${dir}${w}.webp`, body: await base.clone().webp({ quality: 78 }).toBuffer(), type: 'image/webp' });
      files.push({ key: `${dir}${w}.avif`, body: await base.clone().avif({ quality: 55, effort: 3 }).toBuffer(), type: 'image/avif' });
      size = { width: jpg.info.width, height: jpg.info.height };
    }
  } catch (e) {
    if (/pixel limit/i.test((e as Error).message)) throw pixels();
    throw isHeic(bytes) || meta.compression === 'hevc' ? heic() : refuse('This image could not be read', 'photoNotImage');
  }
  try {
    for (const f of files) await store.put(f.key, f.body, f.type);
  } catch (e) {
    await store.removePrefix(dir).catch(() => undefined);
    throw e;
  }
  return { id, widths, ...size };
}

/**
 * Adds a photo to a product (last in order), audited as `product.photo.add`.
 * @returns the product's photos after the change.
 * @throws {DomainError} `invalid` (see {@link renderPhoto}, too many photos), `not_found`.
 */
export async function addProductPhoto(
  shop: Pick<Shop, 'db' | 'env'>,
  productId: string,
  bytes: Uint8Array,
  alt: string,
  adminId: string,
): Promise<ProductImage[]> {
  const [exists] = await shop.db
    .select({ n: sql<number>`jsonb_array_length(${products.images})::int` })
    .from(products)
    .where(eq(products.id, productId));
  if (!exists) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
  if (exists.n >= MAX_PHOTOS)
    throw new DomainError('invalid', `At most ${MAX_PHOTOS} photos per product`, {
      key: 'photoTooMany',
      params: { max: MAX_PHOTOS },
      fields: { photo: { key: 'adminshop:errors.photoTooMany', params: { max: MAX_PHOTOS } } },
    });
  const r = await renderPhoto(shop.env, bytes);
  const image: ProductImage = {
    id: r.id,
    path: photoUrl(r.id, r.widths.includes(640) ? 640 : r.widths[r.widths.length - 1], 'jpg'),
    alt: alt.trim().slice(0, 200),
    width: r.width,
    height: r.height,
    widths: r.widths,
  };
  try {
    return await shop.db.transaction(async (tx) => {
      const [p] = await tx.select({ images: products.images }).from(products).where(eq(products.id, productId)).for('update');
      if (!p) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
      const images = [...p.images, image];
      await tx
        .update(products)
        .set({ images, updatedAt: sql`now()` })
        .where(eq(products.id, productId));
      await recordAuditOn(tx, `admin:${adminId}`, 'product.photo.add', productId, {
        before: null,
        after: { photo: image.id, alt: image.alt },
      });
      return images;
    });
  } catch (e) {
    await photoStore(shop.env)
      .removePrefix(`products/${r.id}/`)
      .catch(() => undefined);
    throw e;
  }
}

/** The photo changes of one save: new order (ids), alt texts, and ids to remove. */
export type PhotoChanges = { order: string[]; alts: Record<string, string>; remove: string[] };

/**
 * Reorders photos, changes alt texts and removes photos, in one transaction, audited as
 * `product.photos.update`; removed photos' files are deleted after commit. Photos not named in
 * `order` keep their relative order after the named ones; catalogue images without an id are kept.
 * @returns the product's photos after the change.
 * @throws {DomainError} `not_found`.
 */
export async function updateProductPhotos(shop: Pick<Shop, 'db' | 'env'>, productId: string, changes: PhotoChanges, adminId: string): Promise<ProductImage[]> {
  const key = (i: ProductImage) => i.id ?? i.path;
  const result = await shop.db.transaction(async (tx) => {
    const [p] = await tx.select({ images: products.images }).from(products).where(eq(products.id, productId)).for('update');
    if (!p) throw new DomainError('not_found', 'Product not found', { key: 'productNotFound' });
    const remove = new Set(changes.remove);
    const kept = p.images.filter((i) => !remove.has(key(i)));
    const rank = (i: ProductImage) => {
      const n = changes.order.indexOf(key(i));
      return n === -1 ? changes.order.length + kept.indexOf(i) : n;
    };
    const images = [...kept]
      .sort((a, b) => rank(a) - rank(b))
      .map((i) => (key(i) in changes.alts ? { ...i, alt: changes.alts[key(i)].trim().slice(0, 200) } : i));
    await tx
      .update(products)
      .set({ images, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
    const summary = (list: ProductImage[]) => list.map((i) => `${key(i)}${i.alt ? ` (${i.alt})` : ''}`);
    await recordAuditOn(tx, `admin:${adminId}`, 'product.photos.update', productId, {
      before: { photos: summary(p.images) },
      after: { photos: summary(images) },
    });
    return { images, removed: p.images.filter((i) => remove.has(key(i)) && i.id) };
  });
  for (const r of result.removed) await photoStore(shop.env).removePrefix(`products/${r.id!}/`);
  return result.images;
}

/**
 * One rendered photo file for the media route.
 * @returns the bytes and content type, or null for a malformed or unknown name.
 */
export async function readPhotoFile(env: StoreEnv, photoId: string, file: string): Promise<{ body: Buffer; contentType: string } | null> {
  const m = FILE.exec(file);
  if (!PHOTO_ID.test(photoId) || !m) return null;
  const body = await photoStore(env).get(`products/${photoId}/${file}`);
  return body ? { body, contentType: m[2] === 'jpg' ? 'image/jpeg' : `image/${m[2]}` } : null;
}

/**
 * The photos an invoice shows beside its lines: for each order line whose product has an uploaded
 * photo, the main photo's smallest JPEG rendering (320 px; pdfkit draws JPEG and PNG only).
 * Lines whose product has no uploaded photo, or whose file cannot be read, are left out.
 * @returns photo bytes by order line id.
 */
export async function invoicePhotos(shop: Pick<Shop, 'db' | 'env'>, lines: { id: string; productId: string }[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const ids = [...new Set(lines.map((l) => l.productId))];
  if (ids.length === 0) return out;
  const rows = await shop.db.select({ id: products.id, images: products.images }).from(products).where(inArray(products.id, ids));
  const files = new Map<string, Buffer>();
  for (const r of rows) {
    const main = r.images.find((i) => i.id && PHOTO_ID.test(i.id));
    if (!main?.id) continue;
    const width = main.widths?.length ? Math.min(...main.widths) : PHOTO_WIDTHS[0];
    try {
      const body = await photoStore(shop.env).get(`products/${main.id}/${width}.jpg`);
      if (body) files.set(r.id, body);
    } catch {
      // the invoice goes out without this photo
    }
  }
  for (const l of lines) {
    const f = files.get(l.productId);
    if (f) out.set(l.id, f);
  }
  return out;
}
