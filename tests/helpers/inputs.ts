/**
 * Inputs the size people make them, for upload and import tests: phone-sized JPEG photos of random
 * noise (noise does not compress, so the file is as large as a detailed photo), a HEIC-like file,
 * and large product CSV files in the shop's own export format.
 */
import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';

/** A megabyte (MiB), for the sizes of the inputs and of the limits they test. */
export const MB = 1024 * 1024;

/**
 * A JPEG of random noise of at least `minBytes` (and not much more), 4:3.
 * @param minBytes e.g. 5 MB for a phone photo, 16 MB for one over the limit.
 */
export async function noiseJpeg(minBytes: number): Promise<Buffer> {
  let pixels = minBytes / 0.8;
  for (;;) {
    const width = Math.round(Math.sqrt((pixels * 4) / 3));
    const height = Math.round((width * 3) / 4);
    const jpeg = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    if (jpeg.byteLength >= minBytes) return jpeg;
    pixels *= (minBytes / jpeg.byteLength) * 1.02;
  }
}

/**
 * A file as an iPhone's HEIC photo begins (an ISO `ftyp` box of brand `heic`), whose image data the
 * shop's image library cannot decode.
 */
export function heicLike(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('mif1heic', 16, 'latin1');
  const meta = Buffer.from('0000002c6d657461000000000000002168646c72000000000000000070696374000000000000000000000000', 'hex');
  return Buffer.concat([ftyp, meta, randomBytes(200_000)]);
}

/**
 * A product CSV of `rows` rows in the shop's export format: the exported catalogue's rows, then
 * copies of them under new SKUs (`<sku>-N<i>`) with names and descriptions carrying accents and
 * apostrophes.
 * @param exported the shop's own export (`productsCsv`).
 */
export function bigCatalogueCsv(exported: string, rows: number): { csv: string; records: Record<string, string>[] } {
  const base = parse(exported.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
  const records: Record<string, string>[] = [];
  for (let i = 0; i < rows; i++) {
    const r = base[i % base.length];
    records.push(
      i < base.length
        ? r
        : { ...r, sku: `${r.sku}-N${i}`, name: `${r.name} «Édition d'été» n° ${i}`, description_fr: `Cigare d'été, très apprécié (n° ${i}).` },
    );
  }
  return { csv: stringify(records, { header: true, columns: Object.keys(base[0]) }), records };
}
