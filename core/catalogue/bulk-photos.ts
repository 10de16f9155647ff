/**
 * Bulk photo upload by SKU (admin, /admin/product/photos): which product a photo file belongs to,
 * read from its file name, and what will happen to each file of a batch. Pure (no database, no
 * Node): the admin page runs the same rules in the browser for its preview and the server runs
 * them for the upload (`bulk-photo-upload.ts`).
 *
 * A file names its product by SKU, compared without regard to case, optionally followed by a
 * photo number: `CDT-ROB-001.jpg`, `cdt-rob-001_2.jpg`, `CDT-ROB-001-3.heic`,
 * `CDT-ROB-001 (4).png` (the copy a download folder makes). An SKU may itself end in a number
 * (`-001`), so the file's whole name is tried first and the photo number is taken off only when
 * the whole name is no SKU of the catalogue. A product's photos are added in photo-number order
 * (no number first), then by file name.
 */
import { Unzip, UnzipInflate } from 'fflate';
import { MAX_PHOTO_BYTES } from './limits.ts';

/** Most photos per product (here, with the bulk upload's rules, so that the admin page's preview counts them too). */
export const MAX_PHOTOS = 12;
/**
 * Largest request of the bulk photo upload without scripts, bytes (the photos and zip files
 * together). With scripts the page sends each photo in a request of its own, so any number of
 * photos goes; the plain form's body is held in memory while it is read: 100 MB, about 20 phone
 * photos, keeps that bounded.
 */
export const MAX_BULK_PHOTO_UPLOAD_BYTES = 100 * 1024 * 1024;

/** The characters and length of an SKU (as the product form takes it). */
const SKU = /^[A-Za-z0-9._-]{1,64}$/;
/** A photo file's extension: the part after the last dot, when it looks like one. */
const EXTENSION = /\.([A-Za-z][A-Za-z0-9]{1,4})$/;
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'jfif', 'png', 'webp', 'avif', 'gif', 'tif', 'tiff']);
const HEIC_EXTENSIONS = new Set(['heic', 'heif']);
/** Most files one batch is matched and uploaded in (a zip's photos counted one by one). */
export const MAX_BULK_PHOTO_FILES = 500;

/** One way of reading a file name: the SKU it may name and the photo number after it (0: none). */
export type SkuCandidate = { sku: string; number: number };

/** The file's own name without folders (a zip's entries carry their folder) and without extension. */
function stemOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(EXTENSION, '').trim();
}

/**
 * The SKUs a photo file's name may name, most likely first: the whole name without its
 * extension, then without a copy mark (` (2)`), then without a photo number (`_2`, `-2`, 1 to 3
 * digits). Only names made of SKU characters are kept.
 */
export function skuCandidates(name: string): SkuCandidate[] {
  const stem = stemOf(name);
  const out: SkuCandidate[] = [];
  const add = (sku: string, number: number) => {
    if (SKU.test(sku) && !out.some((c) => c.sku.toLowerCase() === sku.toLowerCase())) out.push({ sku, number });
  };
  add(stem, 0);
  const copy = /^(.+?)\s*\((\d{1,3})\)$/.exec(stem) ?? /^(.+?)\s+(\d{1,3})$/.exec(stem);
  if (copy) add(copy[1], Number(copy[2]));
  const numbered = /^(.+)[_-](\d{1,3})$/.exec(stem);
  if (numbered) add(numbered[1], Number(numbered[2]));
  return out;
}

/**
 * The SKU a photo file's name names.
 * @param known with the catalogue's SKUs (a test of one SKU, any case): the first
 *   {@link skuCandidates} it knows, else null. Without: the likeliest reading, for a message
 *   ("no product with SKU …"): the name without a copy mark or an `_2`, and without a `-2` only
 *   when what is left still ends in a number of its own (`CDT-ROB-001-3` → `CDT-ROB-001`, but
 *   `CDT-ROB-001` stays whole).
 * @returns the SKU as the file name writes it, or null when the name is no SKU at all (spaces,
 *   accents, an empty name).
 */
export function skuFromFileName(name: string, known?: (sku: string) => boolean): string | null {
  const candidates = skuCandidates(name);
  if (known) return candidates.find((c) => known(c.sku))?.sku ?? null;
  const stem = stemOf(name);
  const copy = /^(.+?)\s*\((\d{1,3})\)$/.exec(stem);
  if (copy && SKU.test(copy[1])) return copy[1];
  const underscore = /^(.+)_(\d{1,3})$/.exec(stem);
  if (underscore && SKU.test(underscore[1])) return underscore[1];
  const dash = /^(.+[_-]\d+)-(\d{1,3})$/.exec(stem);
  if (dash && SKU.test(dash[1])) return dash[1];
  return candidates[0]?.sku ?? null;
}

/** A file of a batch as the browser or the form names it. `size` in bytes; `type` its MIME type, if known. */
export type PhotoFileInfo = { name: string; size: number; type?: string };
/** A product a batch may add photos to: its SKU, name and how many photos it has now. */
export type BulkPhotoProduct = { id: string; sku: string; name: string; photos: number };
/**
 * What happens to a file: `ready` (it will be added, as photo `position`), or why not:
 * `noSku` (the file name names no SKU), `noProduct` (no product has that SKU), `notImage`
 * (no photo file, by its name and type), `heic` (a HEIC photo, which the shop cannot read:
 * the product page's upload refuses it the same way), `tooLarge` (over MAX_PHOTO_BYTES), `full`
 * (the product has MAX_PHOTOS photos, counting the batch's earlier files).
 */
export type PhotoMatchStatus = 'ready' | 'noSku' | 'noProduct' | 'notImage' | 'heic' | 'tooLarge' | 'full';
/**
 * One file's match. `index`: its place in the list given; `sku`: the product's SKU when one was
 * found, else the SKU the name seems to name (or null); `position`: the photo number it will
 * have (1 = main photo) when `ready`.
 */
export type PhotoMatch = {
  index: number;
  name: string;
  size: number;
  sku: string | null;
  product: { id: string; sku: string; name: string } | null;
  status: PhotoMatchStatus;
  position?: number;
};

/** Whether a file is a photo by its name and type: `photo`, `heic` or `other`. */
export function photoKind(file: Pick<PhotoFileInfo, 'name' | 'type'>): 'photo' | 'heic' | 'other' {
  const ext = EXTENSION.exec(file.name)?.[1].toLowerCase() ?? '';
  const type = (file.type ?? '').toLowerCase();
  if (HEIC_EXTENSIONS.has(ext) || /^image\/hei[cf]/.test(type)) return 'heic';
  if (IMAGE_EXTENSIONS.has(ext) || (ext === '' && type.startsWith('image/'))) return 'photo';
  return 'other';
}

/** Whether a file is a zip archive, by its name or type. */
export function isZipFile(file: Pick<PhotoFileInfo, 'name' | 'type'>): boolean {
  return /\.zip$/i.test(file.name) || /^application\/(x-)?zip(-compressed)?$/i.test(file.type ?? '');
}

const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Matches a batch of files to products and says what will happen to each (see
 * {@link PhotoMatchStatus}), in the order they are to be uploaded: by product SKU, then photo
 * number, then file name; files that will not be added come after, by name.
 * @param products the products the files' names may name (any others are ignored); SKUs match
 *   without regard to case (an exact-case SKU wins when two differ only in case).
 */
export function matchPhotoFiles(files: readonly PhotoFileInfo[], products: readonly BulkPhotoProduct[]): PhotoMatch[] {
  const bySku = new Map<string, BulkPhotoProduct>();
  for (const p of products) {
    const key = p.sku.toLowerCase();
    if (!bySku.has(key)) bySku.set(key, p);
  }
  const exact = new Map(products.map((p) => [p.sku, p]));
  const lookup = (sku: string) => exact.get(sku) ?? bySku.get(sku.toLowerCase());
  const rows = files.map((f, index) => {
    const found = skuCandidates(f.name).find((c) => lookup(c.sku));
    const product = found ? lookup(found.sku)! : null;
    return { file: f, index, product, number: found?.number ?? 0, guess: product?.sku ?? skuFromFileName(f.name) };
  });
  const sortKey = (r: (typeof rows)[number]) => (r.product ? r.product.sku : '\uffff');
  rows.sort(
    (a, b) =>
      natural.compare(sortKey(a), sortKey(b)) || (a.product ? a.number - b.number : 0) || natural.compare(a.file.name, b.file.name) || a.index - b.index,
  );
  const taken = new Map<string, number>();
  const out: PhotoMatch[] = rows.map((r) => {
    const base = { index: r.index, name: r.file.name, size: r.file.size, sku: r.guess };
    const product = r.product ? { id: r.product.id, sku: r.product.sku, name: r.product.name } : null;
    const kind = photoKind(r.file);
    const status = (s: PhotoMatchStatus): PhotoMatch => ({ ...base, product, status: s });
    if (kind === 'other' || r.file.size === 0) return status('notImage');
    if (kind === 'heic') return status('heic');
    if (r.guess === null) return status('noSku');
    if (!r.product) return { ...base, product: null, status: 'noProduct' };
    if (r.file.size > MAX_PHOTO_BYTES) return status('tooLarge');
    const has = taken.get(r.product.id) ?? r.product.photos;
    if (has >= MAX_PHOTOS) return status('full');
    taken.set(r.product.id, has + 1);
    return { ...status('ready'), position: has + 1 };
  });
  // files that will be added first, in upload order; the others after them, by name
  return [...out.filter((m) => m.status === 'ready'), ...out.filter((m) => m.status !== 'ready').sort((a, b) => natural.compare(a.name, b.name))];
}

/**
 * Whether bytes begin as a zip archive (a local file header) and end with its directory's end
 * record (within the last 64 KB, the longest comment a zip may carry): the streaming reader
 * passes over anything else without a word.
 */
function looksLikeZip(zip: Uint8Array): boolean {
  if (zip.byteLength < 22 || zip[0] !== 0x50 || zip[1] !== 0x4b || zip[2] !== 0x03 || zip[3] !== 0x04) return false;
  for (let at = zip.byteLength - 22; at >= Math.max(0, zip.byteLength - 22 - 65_535); at--)
    if (zip[at] === 0x50 && zip[at + 1] === 0x4b && zip[at + 2] === 0x05 && zip[at + 3] === 0x06) return true;
  return false;
}

/** A file taken out of a zip: its name (without folders), bytes, or why it was left out. */
export type ZipEntry = { name: string; bytes: Uint8Array | null; size: number; problem?: 'tooLarge' };

/**
 * The files of a zip archive, in archive order. Folders, macOS resource forks (`__MACOSX/`,
 * `._name`) and hidden files are left out. An entry is never inflated beyond
 * {@link MAX_PHOTO_BYTES} (counted while it is inflated, whatever the archive's header claims):
 * such an entry comes back with `problem: 'tooLarge'` and no bytes.
 * @param limits.maxFiles most entries read (default {@link MAX_BULK_PHOTO_FILES}); the rest are left out.
 * @param limits.maxTotalBytes most bytes inflated altogether; entries beyond come back `tooLarge`.
 * @throws {Error} when the bytes are no zip archive (or an empty one) or an entry is corrupt.
 */
export function unzipPhotoFiles(zip: Uint8Array, limits: { maxFiles?: number; maxTotalBytes?: number } = {}): ZipEntry[] {
  const maxFiles = limits.maxFiles ?? MAX_BULK_PHOTO_FILES;
  let budget = limits.maxTotalBytes ?? Number.POSITIVE_INFINITY;
  const entries: ZipEntry[] = [];
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    const path = file.name;
    const name = path.split('/').pop() ?? '';
    if (path.endsWith('/') || /(^|\/)__MACOSX\//.test(path) || name.startsWith('.') || !name || entries.length >= maxFiles) return;
    const entry: ZipEntry = { name, bytes: null, size: file.originalSize ?? 0 };
    entries.push(entry);
    if ((file.originalSize ?? 0) > MAX_PHOTO_BYTES) {
      entry.problem = 'tooLarge';
      return;
    }
    const parts: Uint8Array[] = [];
    let read = 0;
    file.ondata = (err, chunk, final) => {
      if (err) {
        failure = err;
        return;
      }
      read += chunk.byteLength;
      if (read > MAX_PHOTO_BYTES || read > budget) {
        entry.problem = 'tooLarge';
        entry.size = Math.max(entry.size, read);
        parts.length = 0;
        file.terminate();
        return;
      }
      parts.push(chunk);
      if (final) {
        const bytes = new Uint8Array(read);
        let at = 0;
        for (const p of parts) {
          bytes.set(p, at);
          at += p.byteLength;
        }
        entry.bytes = bytes;
        entry.size = read;
        budget -= read;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  if (!looksLikeZip(zip)) throw new Error('Not a zip archive');
  unzip.push(zip, true);
  if (failure) throw failure;
  if (entries.length === 0) throw new Error('No file in the zip archive');
  return entries;
}
