/**
 * What a production start still lacks: `npm start` prints this list so
 * the operator sees it in the first lines of the log, each with the variable to set. Without
 * `PUBLIC_URL` a production shop still starts (the README's `npm install && npm start`), but it
 * answers only on this machine (`http://localhost:PORT`, see {@link LOOPBACK_HOSTS}) and builds every
 * link from that address, never from a request's Host header.
 */
import type { Env } from './env.ts';

/** Host names a production shop without `PUBLIC_URL` answers to: this machine only. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** `HOST` values that listen on every network interface. */
const ALL_INTERFACES = ['0.0.0.0', '::', '[::]', ''];

/** One line of the start-up report. */
export type ProductionNote = { variable: string; message: string };

/**
 * The production settings that are missing or weak for `env` (empty outside production).
 * Pure: reads only `env`.
 */
export function productionGaps(env: Env): ProductionNote[] {
  if (env.NODE_ENV !== 'production') return [];
  const notes: ProductionNote[] = [];
  if (!env.PUBLIC_URL)
    notes.push({
      variable: 'PUBLIC_URL',
      message: `unset: the shop answers only on this machine (http://localhost:${env.PORT}) and e-mail links point there; set the https address customers use`,
    });
  else if (!env.PUBLIC_URL.startsWith('https:') && !/^http:\/\/(localhost|127\.0\.0\.1)(:|$)/.test(env.PUBLIC_URL))
    notes.push({ variable: 'PUBLIC_URL', message: 'is not https: cookies are sent in clear text and HSTS cannot protect visitors' });
  if (!env.SESSION_SECRET)
    notes.push({
      variable: 'SESSION_SECRET',
      message: 'unset: a generated secret in DATA_DIR/secrets.json signs sessions (set one, 32+ characters, to share it between processes and backups)',
    });
  if (!env.TRUST_PROXY)
    notes.push({
      variable: 'TRUST_PROXY',
      message: "unset: if the shop runs behind a reverse proxy, set it (hops or CIDRs), else every visitor shares the proxy's rate limits",
    });
  else if (/^\d+$/.test(env.TRUST_PROXY) && Number(env.TRUST_PROXY) > 0 && ALL_INTERFACES.includes(env.HOST))
    notes.push({
      variable: 'TRUST_PROXY',
      message: `trusts ${env.TRUST_PROXY} proxy hop(s) while HOST=${env.HOST} listens on every interface: a client reaching the port directly can send any X-Forwarded-For and choose its own IP (rate limits, logs). Set HOST=127.0.0.1 (proxy on this machine) or list the proxy's addresses in TRUST_PROXY`,
    });
  if (!env.DATABASE_URL) notes.push({ variable: 'DATABASE_URL', message: 'unset: embedded PGlite runs without fsync; use PostgreSQL in production' });
  if (!env.SMTP_URL)
    notes.push({ variable: 'SMTP_URL', message: 'unset: e-mails (confirmations, password resets, orders) stay in the outbox and are not sent' });
  if (!(env.DATATRANS_MERCHANT_ID && env.DATATRANS_PASSWORD && env.DATATRANS_SIGN_KEY))
    notes.push({
      variable: 'DATATRANS_MERCHANT_ID, DATATRANS_PASSWORD, DATATRANS_SIGN_KEY',
      message: 'not all set: card/TWINT payment is not offered (bank transfer with QR-bill only)',
    });
  if (env.PAYMENT_SANDBOX === 'on')
    notes.push({
      variable: 'PAYMENT_SANDBOX',
      message: 'is on: customers can mark orders paid on a test page; every page says "Test mode — no real payments"',
    });
  return notes;
}

/** The start-up report as text lines (empty when nothing is missing or outside production). */
export function productionReport(env: Env): string[] {
  const gaps = productionGaps(env);
  if (gaps.length === 0) return [];
  return ['Production configuration (see docs/operations.md, "Configuration"):', ...gaps.map((g) => `  - ${g.variable}: ${g.message}`)];
}

/**
 * Whether the shop is served over HTTPS for browsers: in production, or
 * whenever `PUBLIC_URL` is https. Then HSTS is sent and cookies are `Secure` (browsers also
 * accept Secure cookies on http://localhost, which the end-to-end tests use).
 */
export function secureTransport(env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'>): boolean {
  return env.NODE_ENV === 'production' || Boolean(env.PUBLIC_URL?.startsWith('https:'));
}

/**
 * The origin every absolute URL is built from (links in e-mails, payment return URLs, canonical
 * and sitemap URLs): `PUBLIC_URL`, or `http://localhost:<PORT>` in development and tests without
 * it. Never the request's `Host` header, which the client chooses.
 */
export function publicOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}
