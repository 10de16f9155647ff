/**
 * The server side of the bulk photo upload by SKU (admin, /admin/product/photos): finds the
 * products a batch of files names (`bulk-photos.ts` has the matching rules) and adds each photo
 * with {@link addProductPhoto}, as the product page's upload does: one photo at a time (one
 * decoded photo in memory), each in its own transaction and audited as `product.photo.add`, so
 * a photo refused leaves the others added. The page's script sends one photo per request
 * (one-file batches); the plain form sends them all in one.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FieldMessage } from '../errors.ts';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';
import { products } from '../db/index.ts';
import { matchPhotoFiles, skuCandidates, type BulkPhotoProduct, type PhotoFileInfo, type PhotoMatch, type PhotoMatchStatus } from './bulk-photos.ts';
import { addProductPhoto } from './photos.ts';

/** A file of a batch with its bytes (read when its turn comes). */
export type BulkPhotoFile = PhotoFileInfo & { bytes: () => Promise<Uint8Array> | Uint8Array };

/**
 * What became of a file: `added`, one of the reasons of {@link PhotoMatchStatus} found before
 * or while it was read (`notImage` also for a file that only looked like a photo, `full` also
 * when the product filled up meanwhile), `tooManyPixels` (over MAX_PHOTO_PIXELS), `badZip` (a
 * zip that could not be read) or `failed` (another refusal, told by `problem`).
 */
type BulkPhotoOutcome = Exclude<PhotoMatchStatus, 'ready'> | 'added' | 'tooManyPixels' | 'badZip' | 'failed';
/** One file's result: its match (see {@link PhotoMatch}) with what became of it. */
export type BulkPhotoResult = Omit<PhotoMatch, 'status'> & { status: BulkPhotoOutcome; problem?: FieldMessage };

/** The refusals of `renderPhoto`/`addProductPhoto` that a result names by status, by message key. */
const OUTCOME_OF: Record<string, BulkPhotoOutcome> = {
  photoTooMany: 'full',
  photoNotImage: 'notImage',
  photoMissing: 'notImage',
  photoHeic: 'heic',
  photoTooLarge: 'tooLarge',
  photoTooManyPixels: 'tooManyPixels',
  productNotFound: 'noProduct',
};

/**
 * The products whose SKU (any case) one of the file names may name (see `skuCandidates`), with
 * how many photos each has.
 */
async function photoFileProducts(db: Shop['db'], names: readonly string[]): Promise<BulkPhotoProduct[]> {
  const skus = [...new Set(names.flatMap((n) => skuCandidates(n).map((c) => c.sku.toLowerCase())))];
  if (skus.length === 0) return [];
  return db
    .select({ id: products.id, sku: products.sku, name: products.name, photos: sql<number>`jsonb_array_length(${products.images})::int` })
    .from(products)
    .where(inArray(sql`lower(${products.sku})`, skus));
}

/** What would happen to each file of a batch (the page's preview): see `matchPhotoFiles`. */
export async function matchPhotoUpload(db: Shop['db'], files: readonly PhotoFileInfo[]): Promise<PhotoMatch[]> {
  return matchPhotoFiles(
    files,
    await photoFileProducts(
      db,
      files.map((f) => f.name),
    ),
  );
}

/**
 * Adds a batch of photo files to the products their names name, in the order of
 * `matchPhotoFiles` (by SKU, then photo number, then name), one after the other. A product's
 * photo count is read again for every photo, so a batch never takes a product past MAX_PHOTOS.
 * The photo's alt text is the product's name (editable on the product page).
 * @returns one result per file, in upload order, then the files not added.
 * @throws whatever is no refusal of the file itself (the photo store failing: the photos before
 *   stay added).
 */
export async function addPhotosBySku(shop: Pick<Shop, 'db' | 'env'>, files: readonly BulkPhotoFile[], adminId: string): Promise<BulkPhotoResult[]> {
  const matches = await matchPhotoUpload(shop.db, files);
  const results: BulkPhotoResult[] = [];
  for (const m of matches) {
    if (m.status !== 'ready' || !m.product) {
      results.push({ ...m, status: m.status === 'ready' ? 'noProduct' : m.status });
      continue;
    }
    try {
      const images = await addProductPhoto(shop, m.product.id, await files[m.index].bytes(), m.product.name, adminId);
      results.push({ ...m, status: 'added', position: images.length });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      const status = OUTCOME_OF[e.opts.key ?? ''] ?? 'failed';
      const { position: _, ...rest } = m;
      results.push({ ...rest, status, ...(status === 'failed' && { problem: e.opts.fields?.photo ?? { key: `errors.${e.opts.key ?? 'invalid'}` } }) });
    }
  }
  return results;
}
