/**
 * Product photos in an S3-compatible bucket: with `S3_BUCKET` and its
 * companions set, uploads, the media route's reads, removals and invoice thumbnails go to the
 * bucket and nothing to `DATA_DIR`. Tested against s3rver, a local S3-compatible server started
 * in this process on a loopback port (it checks each request's access key, not the V4 signature
 * itself).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv, EnvError } from '../../core/config/env.ts';
import { photoStore } from '../../core/catalogue/photo-store.ts';
import { addProductPhoto, invoicePhotos, mediaRoot, readPhotoFile, updateProductPhotos } from '../../core/catalogue/photos.ts';
import type { Shop } from '../../core/shop.ts';
import { productWith } from '../helpers/customers.ts';
import { createTestShop } from '../helpers/shop.ts';

const BUCKET = 'shop-photos';
let server: S3rver;
let dir: string;
let endpoint: string;
let shop: Shop;
const ADMIN = randomUUID();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  shop = await createTestShop({
    env: { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_REGION: 'us-east-1' },
  });
});
afterAll(async () => {
  await shop?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const jpeg = () =>
  sharp({ create: { width: 700, height: 500, channels: 3, background: { r: 90, g: 60, b: 20 } } })
    .jpeg()
    .toBuffer();
/** Keys in the bucket under a prefix, listed over HTTP (ListObjectsV2), independent of the shop's store. */
const inBucket = async (prefix: string) => {
  const aws = new AwsClient({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', service: 's3', region: 'us-east-1' });
  const res = await aws.fetch(`${endpoint}/${BUCKET}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1].slice(prefix.length)).sort();
};

describe('S3 configuration', () => {
  it('a bucket needs endpoint and keys; a bad bucket name is refused', () => {
    expect(() => loadEnv({ S3_BUCKET: BUCKET })).toThrow(EnvError);
    expect(() => loadEnv({ S3_BUCKET: BUCKET })).toThrow(/S3_ENDPOINT: required when S3_BUCKET is set/);
    expect(() => loadEnv({ S3_BUCKET: 'Bad_Name', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toThrow(/S3_BUCKET/);
    expect(loadEnv({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).S3_REGION).toBe('us-east-1');
    expect(photoStore(loadEnv({})).kind).toBe('disk');
    expect(photoStore(shop.env).kind).toBe('s3');
  });
});

describe('photos in the bucket', () => {
  it('uploads every rendering to the bucket (not to DATA_DIR), serves it back, removes it', async () => {
    const p = await productWith(shop, 5, 2000, 50);
    const images = await addProductPhoto(shop, p.id, await jpeg(), 'In the bucket', ADMIN);
    const id = images[0].id!;
    expect(images[0].widths).toEqual([320, 640]);
    expect(fs.existsSync(path.join(mediaRoot(shop.env), 'products', id))).toBe(false);
    expect(await inBucket(`products/${id}/`)).toEqual(['320.avif', '320.jpg', '320.webp', '640.avif', '640.jpg', '640.webp']);
    for (const f of ['320.jpg', '320.webp', '320.avif', '640.jpg']) {
      const file = await readPhotoFile(shop.env, id, f);
      expect(file, f).not.toBeNull();
      expect((await sharp(file!.body).metadata()).width).toBe(Number(f.split('.')[0]));
    }
    expect(await readPhotoFile(shop.env, id, '1280.jpg')).toBeNull();
    expect(await readPhotoFile(shop.env, randomUUID(), '320.jpg')).toBeNull();

    const thumbs = await invoicePhotos(shop, [{ id: 'line-1', productId: p.id }]);
    expect((await sharp(thumbs.get('line-1')!).metadata()).width).toBe(320);

    await updateProductPhotos(shop, p.id, { order: [], alts: {}, remove: [id] }, ADMIN);
    expect(await readPhotoFile(shop.env, id, '320.jpg')).toBeNull();
    expect(await inBucket(`products/${id}/`)).toEqual([]);
  });

  it('an unknown access key: the upload fails with the store error, the product keeps no photo', async () => {
    const bad = await createTestShop({
      env: { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'UNKNOWN', S3_SECRET_ACCESS_KEY: 'wrong-secret', S3_REGION: 'us-east-1' },
    });
    try {
      const p = await productWith(bad, 5, 2000, 51);
      await expect(addProductPhoto(bad, p.id, await jpeg(), '', ADMIN)).rejects.toThrow(/S3 PUT .*403/);
      const { products } = await import('../../core/db/schema/catalogue.ts');
      const { eq } = await import('drizzle-orm');
      const [row] = await bad.db.select({ images: products.images }).from(products).where(eq(products.id, p.id));
      expect(row.images.filter((i) => i.id)).toEqual([]);
    } finally {
      await bad.close();
    }
  });
});
