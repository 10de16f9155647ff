/** The bulk photo upload's matching rules (core/catalogue/bulk-photos.ts). */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { matchPhotoFiles, photoKind, skuCandidates, skuFromFileName, unzipPhotoFiles, type BulkPhotoProduct } from './bulk-photos.ts';
import { MAX_PHOTO_BYTES } from './limits.ts';

const catalogue = new Set(['CDT-ROB-001', 'CDT-TOR-002', 'CDT-ROB', 'PUR.ACC_7']);
const known = (sku: string) => [...catalogue].some((k) => k.toLowerCase() === sku.toLowerCase());

describe('skuFromFileName', () => {
  it('reads the SKU with or without a photo number, any case', () => {
    expect(skuFromFileName('CDT-ROB-001.jpg', known)).toBe('CDT-ROB-001');
    expect(skuFromFileName('CDT-ROB-001_2.jpg', known)).toBe('CDT-ROB-001');
    expect(skuFromFileName('CDT-ROB-001-3.heic', known)).toBe('CDT-ROB-001');
    expect(skuFromFileName('cdt-rob-001 (4).JPEG', known)).toBe('cdt-rob-001');
    expect(skuFromFileName('photos/2026/CDT-TOR-002_10.png', known)).toBe('CDT-TOR-002');
    expect(skuFromFileName('PUR.ACC_7.webp', known)).toBe('PUR.ACC_7');
  });

  it('takes the whole name first: an SKU may end in a number of its own', () => {
    // CDT-ROB is an SKU too, but CDT-ROB-001.jpg names CDT-ROB-001
    expect(skuCandidates('CDT-ROB-001.jpg')).toEqual([
      { sku: 'CDT-ROB-001', number: 0 },
      { sku: 'CDT-ROB', number: 1 },
    ]);
    expect(skuFromFileName('CDT-ROB-001.jpg', known)).toBe('CDT-ROB-001');
    expect(skuFromFileName('CDT-ROB_2.jpg', known)).toBe('CDT-ROB');
  });

  it('without the catalogue, gives the likeliest reading for a message', () => {
    expect(skuFromFileName('CDT-XYZ-999.jpg')).toBe('CDT-XYZ-999');
    expect(skuFromFileName('CDT-XYZ-999-2.jpg')).toBe('CDT-XYZ-999');
    expect(skuFromFileName('CDT-XYZ-999_2.jpg')).toBe('CDT-XYZ-999');
    expect(skuFromFileName('IMG_4711.jpg')).toBe('IMG_4711');
    expect(skuFromFileName('Urlaub am Strand.jpg')).toBeNull();
    expect(skuFromFileName('Zigarre-Größe.jpg')).toBeNull();
    expect(skuFromFileName('.jpg')).toBeNull();
    expect(skuFromFileName('UNKNOWN-1.jpg', known)).toBeNull();
  });

  it('tells photos, HEIC and other files apart by name and type', () => {
    expect(photoKind({ name: 'a.JPG' })).toBe('photo');
    expect(photoKind({ name: 'a.heic' })).toBe('heic');
    expect(photoKind({ name: 'a', type: 'image/heif' })).toBe('heic');
    expect(photoKind({ name: 'a.pdf', type: 'application/pdf' })).toBe('other');
    expect(photoKind({ name: 'notes.txt' })).toBe('other');
  });
});

describe('matchPhotoFiles', () => {
  const products: BulkPhotoProduct[] = [
    { id: 'p1', sku: 'CDT-ROB-001', name: 'Robusto', photos: 0 },
    { id: 'p2', sku: 'CDT-TOR-002', name: 'Toro', photos: 11 },
  ];
  const file = (name: string, size = 1000, type = 'image/jpeg') => ({ name, size, type });

  it('orders a product’s photos by photo number, says why the others are left out, and stops at 12 photos', () => {
    const rows = matchPhotoFiles(
      [
        file('CDT-ROB-001_10.jpg'),
        file('cdt-rob-001-3.jpg'),
        file('CDT-ROB-001_2.jpg'),
        file('CDT-ROB-001.jpg'),
        file('CDT-TOR-002.jpg'),
        file('CDT-TOR-002_2.jpg'),
        file('CDT-NOPE-404.jpg'),
        file('notes.txt', 10, 'text/plain'),
        file('CDT-ROB-001_4.heic', 1000, ''),
        file('CDT-ROB-001_5.jpg', MAX_PHOTO_BYTES + 1),
        file('Strand Sommer.jpg'),
      ],
      products,
    );
    expect(rows.map((r) => [r.name, r.status, r.position ?? null, r.product?.id ?? null, r.sku])).toEqual([
      ['CDT-ROB-001.jpg', 'ready', 1, 'p1', 'CDT-ROB-001'],
      ['CDT-ROB-001_2.jpg', 'ready', 2, 'p1', 'CDT-ROB-001'],
      ['cdt-rob-001-3.jpg', 'ready', 3, 'p1', 'CDT-ROB-001'],
      ['CDT-ROB-001_10.jpg', 'ready', 4, 'p1', 'CDT-ROB-001'],
      ['CDT-TOR-002.jpg', 'ready', 12, 'p2', 'CDT-TOR-002'],
      ['CDT-NOPE-404.jpg', 'noProduct', null, null, 'CDT-NOPE-404'],
      ['CDT-ROB-001_4.heic', 'heic', null, 'p1', 'CDT-ROB-001'],
      ['CDT-ROB-001_5.jpg', 'tooLarge', null, 'p1', 'CDT-ROB-001'],
      ['CDT-TOR-002_2.jpg', 'full', null, 'p2', 'CDT-TOR-002'],
      ['notes.txt', 'notImage', null, null, 'notes'],
      ['Strand Sommer.jpg', 'noSku', null, null, null],
    ]);
    // index points back into the list given
    expect(rows[0].index).toBe(3);
  });
});

describe('unzipPhotoFiles', () => {
  it('takes the photos out of a zip, leaving out folders and macOS extras', () => {
    const zip = zipSync({
      'photos/CDT-ROB-001.jpg': new Uint8Array([1, 2, 3]),
      'photos/CDT-ROB-001_2.jpg': [new Uint8Array(5000).fill(7), { level: 6 }],
      '__MACOSX/photos/._CDT-ROB-001.jpg': new Uint8Array([9]),
      'photos/.DS_Store': new Uint8Array([9]),
    });
    const entries = unzipPhotoFiles(zip);
    expect(entries.map((e) => [e.name, e.size, e.problem ?? null])).toEqual([
      ['CDT-ROB-001.jpg', 3, null],
      ['CDT-ROB-001_2.jpg', 5000, null],
    ]);
    expect([...entries[1].bytes!.subarray(0, 3)]).toEqual([7, 7, 7]);
  });

  it('never inflates an entry past the photo limit, whatever the header says, nor past the total', () => {
    // 16 MB of zeros deflate to a few KB: a zip bomb in small
    const zip = zipSync({ 'CDT-ROB-001.jpg': [new Uint8Array(MAX_PHOTO_BYTES + 1024 * 1024), { level: 9 }], 'b.jpg': new Uint8Array(2000) });
    expect(zip.byteLength).toBeLessThan(100_000);
    // the header's sizes say 1 byte each: counted while inflating
    const lying = new Uint8Array(zip);
    const view = new DataView(lying.buffer);
    for (let at = 0; at < lying.length - 4; at++) {
      const sig = view.getUint32(at, true);
      if (sig === 0x04034b50) view.setUint32(at + 22, 1, true);
      if (sig === 0x02014b50) view.setUint32(at + 24, 1, true);
    }
    for (const bytes of [zip, lying]) {
      const entries = unzipPhotoFiles(bytes, { maxTotalBytes: 1000 });
      expect(entries.map((e) => [e.name, e.bytes, e.problem])).toEqual([
        ['CDT-ROB-001.jpg', null, 'tooLarge'],
        ['b.jpg', null, 'tooLarge'],
      ]);
    }
    expect(() => unzipPhotoFiles(new TextEncoder().encode('not a zip'))).toThrow();
    expect(() => unzipPhotoFiles(new TextEncoder().encode('PK\u0003\u0004 and then no zip at all'))).toThrow();
    expect(() => unzipPhotoFiles(zipSync({}))).toThrow();
  });
});
