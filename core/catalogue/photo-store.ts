/**
 * Where product photo files live: on the server's disk under
 * `DATA_DIR/media` by default, or in an S3-compatible bucket when `S3_BUCKET` is set (with
 * `S3_ENDPOINT`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`, `S3_REGION`, `S3_URL_STYLE`; see the
 * configuration table of docs/operations.md). The bucket is spoken to with `aws4fetch` (Signature V4 over
 * `fetch`): PUT, GET, DELETE of single objects and ListObjectsV2 to remove a photo's files. The
 * bucket stays private: the shop serves the files itself (`/media/...`), with immutable caching.
 *
 * Keys are `products/<photo id>/<width>.<avif|webp|jpg>`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Env } from '../config/index.ts';

/** A place for photo files. Keys use `/` and the characters `[0-9a-z.-]` only. */
export interface PhotoStore {
  /** `disk` or `s3`. */
  readonly kind: 'disk' | 's3';
  /** Stores one file (overwriting). @throws {Error} when the store refuses or cannot be reached. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** One file's bytes, or null when there is none. @throws {Error} when the store cannot be reached. */
  get(key: string): Promise<Buffer | null>;
  /** Removes every file whose key starts with `prefix` (a folder such as `products/<id>/`). */
  removePrefix(prefix: string): Promise<void>;
}

type StoreEnv = Pick<Env, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION' | 'S3_URL_STYLE'>;

/** Where photo files live on disk: `DATA_DIR/media` (a temporary directory for the in-memory database). */
export function mediaRoot(env: Pick<Env, 'DATA_DIR'>): string {
  return env.DATA_DIR === 'memory://' ? path.join(os.tmpdir(), 'casa-media') : path.join(env.DATA_DIR, 'media');
}

const SAFE_KEY = /^[0-9a-z][0-9a-z./-]*$/;
function checkKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid photo key ${key}`);
}

class DiskStore implements PhotoStore {
  readonly kind = 'disk' as const;
  constructor(private readonly root: string) {}
  async put(key: string, body: Buffer): Promise<void> {
    checkKey(key);
    const file = path.join(this.root, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, body);
  }
  async get(key: string): Promise<Buffer | null> {
    checkKey(key);
    try {
      return await fs.readFile(path.join(this.root, key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw e;
    }
  }
  async removePrefix(prefix: string): Promise<void> {
    checkKey(prefix);
    await fs.rm(path.join(this.root, prefix), { recursive: true, force: true });
  }
}

class S3Store implements PhotoStore {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;
  private readonly base: string;
  constructor(env: StoreEnv) {
    this.client = new AwsClient({ accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY!, region: env.S3_REGION, service: 's3' });
    const endpoint = new URL(env.S3_ENDPOINT!);
    const origin = `${endpoint.protocol}//${env.S3_URL_STYLE === 'virtual' ? `${env.S3_BUCKET}.` : ''}${endpoint.host}`;
    this.base = `${origin}${endpoint.pathname.replace(/\/$/, '')}${env.S3_URL_STYLE === 'virtual' ? '' : `/${env.S3_BUCKET}`}`;
  }
  private async call(method: string, key: string, init: { body?: Buffer; headers?: Record<string, string>; query?: string } = {}): Promise<Response> {
    const url = `${this.base}/${key}${init.query ? `?${init.query}` : ''}`;
    return this.client.fetch(url, { method, body: init.body ? new Uint8Array(init.body) : undefined, headers: init.headers });
  }
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    checkKey(key);
    const res = await this.call('PUT', key, { body, headers: { 'Content-Type': contentType } });
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer().catch(() => undefined);
  }
  async get(key: string): Promise<Buffer | null> {
    checkKey(key);
    const res = await this.call('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer().catch(() => undefined);
      return null;
    }
    if (!res.ok) throw new Error(`S3 GET ${key}: ${res.status} ${await res.text()}`);
    return Buffer.from(await res.arrayBuffer());
  }
  async removePrefix(prefix: string): Promise<void> {
    checkKey(prefix);
    for (let round = 0; round < 100; round++) {
      const res = await this.call('GET', '', { query: `list-type=2&prefix=${encodeURIComponent(prefix)}&max-keys=1000` });
      const xml = await res.text();
      if (!res.ok) throw new Error(`S3 list ${prefix}: ${res.status} ${xml}`);
      const keys = [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]).filter((k) => k.startsWith(prefix));
      if (keys.length === 0) return;
      for (const k of keys) {
        const del = await this.call('DELETE', k);
        await del.arrayBuffer().catch(() => undefined);
        if (!del.ok && del.status !== 404) throw new Error(`S3 DELETE ${k}: ${del.status}`);
      }
    }
  }
}

const stores = new WeakMap<object, PhotoStore>();

/**
 * The photo store an environment configures: S3 when `S3_BUCKET` is set, else the disk under
 * {@link mediaRoot}. One store per environment object.
 */
export function photoStore(env: StoreEnv): PhotoStore {
  let store = stores.get(env);
  if (!store) {
    store = env.S3_BUCKET ? new S3Store(env) : new DiskStore(mediaRoot(env));
    stores.set(env, store);
  }
  return store;
}
