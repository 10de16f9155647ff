/**
 * The process environment, parsed once with zod (docs/architecture.md, "Configuration").
 *
 * A bad value stops the start with a message naming the variable: {@link loadEnv} throws
 * {@link EnvError}, whose message lists every offending variable and why.
 */
import { z } from 'zod';
import proxyaddr from 'proxy-addr';

/**
 * Parses `TRUST_PROXY`: a number of proxy hops in front of the shop (`1` = one reverse proxy),
 * or comma-separated addresses/CIDRs/names understood by `proxy-addr` (`loopback`, `linklocal`,
 * `uniquelocal`, `10.0.0.0/8`, `::1`). `false`/`0`/unset: no proxy is trusted.
 * @returns a trust function for `proxy-addr` (address, hop index) or null.
 * @throws {Error} for a value that is neither a number nor valid addresses.
 */
export function parseTrustProxy(value: string | undefined): ((addr: string, i: number) => boolean) | null {
  if (value === undefined || value === '' || value === 'false' || value === '0') return null;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_addr, i) => i < hops;
  }
  return proxyaddr.compile(
    value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );
}

const urlish = z.string().min(1);

const EnvSchema = z.object({
  /**
   * `production` unless said otherwise: `npm run dev` sets `development`, the tests
   * `test`. Production requires `PUBLIC_URL` and turns on HSTS, Secure cookies and the Host check.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** TCP port of the HTTP server. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Interface to listen on. Default: `127.0.0.1` behind a proxy (`TRUST_PROXY` set: the proxy is
   * expected on this machine, and a client reaching the port directly could forge the forwarded
   * headers), else `0.0.0.0` (every interface). An explicit value is always kept (a container
   * sets `0.0.0.0`, its proxy being another container).
   */
  HOST: z.string().min(1).optional(),
  /** Base for absolute links in e-mails, sitemaps and canonical URLs, without trailing slash. */
  PUBLIC_URL: z
    .url()
    .refine((u) => {
      const url = URL.canParse(u) ? new URL(u) : null;
      return !url || (/^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search);
    }, 'must be an http(s) origin without path, e.g. https://shop.example.ch')
    .transform((u) => (URL.canParse(u) ? new URL(u).origin : u))
    .optional(),
  /**
   * Reverse proxies whose `X-Forwarded-For`/`-Proto`/`-Host` headers are believed: a hop count
   * (`1`) or comma-separated addresses/CIDRs (`127.0.0.1,10.0.0.0/8`). Unset: none (the TCP peer
   * is the client).
   */
  TRUST_PROXY: z
    .string()
    .refine((v) => {
      try {
        parseTrustProxy(v);
        return true;
      } catch {
        return false;
      }
    }, 'must be a number of hops or comma-separated IP addresses/CIDRs')
    .optional(),
  /** Where the embedded database and generated secrets live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; unset = embedded PGlite in DATA_DIR. */
  DATABASE_URL: urlish.optional(),
  /** Redis for shared rate limits when several processes run; optional. */
  REDIS_URL: urlish.optional(),
  /** SMTP server for outgoing mail; unset = mails stay in the outbox table. */
  SMTP_URL: urlish.optional(),
  /** Secret for signing tokens; unset = generated once and kept in DATA_DIR (mode 0600). */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** With ADMIN_PASSWORD: an admin account created at start when it does not exist yet (first-run bootstrap, tests). */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  /** Live searches allowed per client IP per minute (default 300). */
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  /**
   * Bearer token that unlocks `GET /metrics` (Prometheus text format); unset = `/metrics` answers
   * 404. At least 16 characters.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Graceful stop on SIGTERM (docs/operations.md, "Rolling restarts"): milliseconds between reporting not
   * ready on `/readyz` and closing the listener, so the reverse proxy's health check sees the
   * process leave first (longer than its health-check interval). Default 5000 behind a proxy
   * (`TRUST_PROXY` set), else 0.
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** The bounded wait for requests still running after the listener closed, in milliseconds (default 15000). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The embedded sandbox payment page (no money moves): only with an explicit `on`,
   * and then every page says "Test mode — no real payments". Default off, except in the tests
   * (`NODE_ENV=test`). Never offered while Datatrans is configured.
   */
  PAYMENT_SANDBOX: z.enum(['on', 'off']).optional(),
  /** Datatrans merchant credentials; without them the method is not offered. */
  DATATRANS_MERCHANT_ID: z.string().min(1).optional(),
  DATATRANS_PASSWORD: z.string().min(1).optional(),
  /** Hex-encoded HMAC key for the `Datatrans-Signature` webhook header. */
  DATATRANS_SIGN_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]+$/, 'must be hexadecimal')
    .refine((v) => v.length % 2 === 0, 'must have an even number of hex digits (whole bytes)')
    .optional(),
  /**
   * S3-compatible bucket for product photos; unset = photos on disk under
   * `DATA_DIR/media`. With a bucket, `S3_ENDPOINT` (the service's origin, e.g. MinIO, Cloudflare
   * R2, Exoscale SOS, AWS `https://s3.<region>.amazonaws.com`), `S3_ACCESS_KEY_ID` and
   * `S3_SECRET_ACCESS_KEY` are required.
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name (3-63 lowercase letters, digits, dots, hyphens)')
    .optional(),
  S3_ENDPOINT: z
    .url()
    .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Region the request signatures name (default `us-east-1`, which most S3-compatible services accept). */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** `path` (default: `endpoint/bucket/key`) or `virtual` (`bucket.endpoint/key`) addressing. */
  S3_URL_STYLE: z.enum(['path', 'virtual']).default('path'),
  DATATRANS_API_URL: z.url().default('https://api.sandbox.datatrans.com'),
  DATATRANS_PAY_URL: z.url().default('https://pay.sandbox.datatrans.com'),
});

/** The parsed environment. */
export type Env = Omit<z.infer<typeof EnvSchema>, 'HOST'> & { HOST: string };

/** Thrown by {@link loadEnv} when a variable is invalid; the message names each variable. */
export class EnvError extends Error {}

/**
 * Parses an environment (default `process.env`).
 * @throws {EnvError} naming every invalid variable, e.g. `PORT: Too big: expected number to be <=65535`.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.superRefine((e, ctx) => {
    if (!e.S3_BUCKET) return;
    for (const k of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (!e[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'required when S3_BUCKET is set' });
  }).safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment variable(s):\n${lines.join('\n')}`);
  }
  return { ...parsed.data, HOST: parsed.data.HOST ?? (parsed.data.TRUST_PROXY ? '127.0.0.1' : '0.0.0.0') };
}
