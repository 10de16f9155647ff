/**
 * Rate limits on the public forms and calls that attackers hammer (docs/architecture.md, "Security
 * rules"): login, registration, forgot password, password reset with a token,
 * e-mail confirmation, the contact form. Counted per client IP and per account (the e-mail address), with
 * `rate-limiter-flexible`: in memory for one process, in Redis when `REDIS_URL` is set so that
 * several processes share the counters (the memory limiter then insures against a Redis outage).
 *
 * A refusal is a {@link DomainError} `rate_limited` (HTTP 429) with the seconds to wait.
 */
import ipaddr from 'ipaddr.js';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';

/** The rate-limited actions. */
export type Bucket =
  'login' | 'register' | 'forgot' | 'reset' | 'confirm' | 'contact' | 'search' | 'password' | 'order' | 'invoice' | 'promo' | 'returns' | 'totp';

/**
 * How many attempts (`points`) are allowed per window (`duration`, seconds), per IP and per account.
 * With `pair` (log-in) the attempts are counted per IP *and* account
 * (`pair` per `duration`), and `account` becomes a generous global cap on the *failures* of one
 * account from all addresses together, per `accountDuration` (default `duration`): a guesser at
 * one address is stopped without locking the account's owner out at theirs, and a distributed
 * guesser still gets only `account` tries per window.
 */
export type Limit = { ip: number; account: number; duration: number; pair?: number; accountDuration?: number };

/**
 * Default limits. Generous enough for a family behind one router, tight enough to make password
 * guessing and mail bombing pointless.
 */
export const DEFAULT_LIMITS: Record<Bucket, Limit> = {
  /**
   * Log-in: 30 per IP and 10 per IP+account per 15 minutes (a correct password resets the latter);
   * at most 100 failed attempts per account per hour from all addresses together (distributed
   * guessing). Replaces "10 wrong passwords lock the account for 15 minutes".
   */
  login: { ip: 30, pair: 10, account: 100, duration: 15 * 60, accountDuration: 60 * 60 },
  register: { ip: 10, account: 5, duration: 60 * 60 },
  forgot: { ip: 10, account: 3, duration: 60 * 60 },
  reset: { ip: 20, account: 10, duration: 60 * 60 },
  confirm: { ip: 30, account: 10, duration: 60 * 60 },
  /** Contact form messages: 5 per IP per hour; the account counter is unused. */
  contact: { ip: 5, account: 5, duration: 60 * 60 },
  /**
   * Live search (docs/architecture.md, "Security rules"): 300 per IP per minute, several times what
   * a person typing produces (the box waits 200 ms between keystrokes); `SEARCH_RATE_LIMIT`
   * (per minute) overrides it, e.g. for load tests. The account counter is unused.
   */
  search: { ip: 300, account: 300, duration: 60 },
  /** Password change with the current password: guessing the current one is pointless. */
  password: { ip: 10, account: 5, duration: 15 * 60 },
  /** Order creation: far more than a household (or an office behind one address) orders in an hour. */
  order: { ip: 200, account: 20, duration: 60 * 60 },
  /** Invoice PDFs: each costs CPU; a customer downloads a handful. */
  invoice: { ip: 60, account: 30, duration: 60 * 60 },
  /** Promo code attempts: per IP and per cart/account, against enumeration. */
  promo: { ip: 20, account: 10, duration: 15 * 60 },
  /**
   * Return requests (with up to 3 photos of 15 MB each, whose decoding costs CPU and memory): a
   * customer asks for a handful of returns a year; 10 tries per account and 30 per IP per hour
   * leave room for a refused photo sent again.
   */
  returns: { ip: 30, account: 10, duration: 60 * 60 },
  /**
   * Wrong two-factor codes after a right password: 5 per account per 15 minutes from all
   * addresses together ({@link failureBudget}, {@link addFailure}), then app codes are refused for
   * the rest of the window (recovery codes still work). Against a thief who has the password and
   * many addresses: about 480 guesses a day at most instead of the log-in's 2,400. The IP counter
   * is unused.
   */
  totp: { ip: 5, account: 5, duration: 15 * 60 },
};

type Limiters = { ip: RateLimiterAbstract; account: RateLimiterAbstract; pair: RateLimiterAbstract | null };
type ShopLimiters = { buckets: Map<Bucket, Limiters>; limits: Record<Bucket, Limit>; redis: unknown | null };

const perShop = new WeakMap<Pick<Shop, 'env'>, Promise<ShopLimiters>>();

// ioredis is only loaded when REDIS_URL is set.
let redisModule: Promise<typeof import('ioredis')> | null = null;

async function create(shop: Pick<Shop, 'env'>): Promise<ShopLimiters> {
  let redis: unknown = null;
  if (shop.env.REDIS_URL) {
    redisModule ??= import('ioredis');
    const { Redis } = await redisModule;
    // no offline queue: while Redis is unreachable the in-memory insurance limiter answers at once
    const client = new Redis(shop.env.REDIS_URL, { enableOfflineQueue: false, lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    // Redis down: the shop keeps selling, each process limiting in memory; said once per outage
    const log = (shop as { log?: Shop['log'] }).log;
    let down = false;
    client.on('error', (err: Error) => {
      if (!down) log?.warn({ error: err.message }, "Redis unreachable: rate limits fall back to this process's memory until it is back");
      down = true;
    });
    client.on('ready', () => {
      if (down) log?.info('Redis reachable again: rate limits shared again');
      down = false;
    });
    await client.connect().catch(() => undefined);
    redis = client;
  }
  const limits = { ...DEFAULT_LIMITS };
  if (shop.env.SEARCH_RATE_LIMIT) limits.search = { ip: shop.env.SEARCH_RATE_LIMIT, account: shop.env.SEARCH_RATE_LIMIT, duration: 60 };
  return { buckets: new Map(), limits, redis };
}

function state(shop: Pick<Shop, 'env'>): Promise<ShopLimiters> {
  let s = perShop.get(shop);
  if (!s) {
    s = create(shop);
    perShop.set(shop, s);
  }
  return s;
}

function build(s: ShopLimiters, bucket: Bucket): Limiters {
  let l = s.buckets.get(bucket);
  if (!l) {
    const { ip, account, duration, pair, accountDuration } = s.limits[bucket];
    const make = (kind: string, points: number, seconds = duration): RateLimiterAbstract => {
      const opts = { keyPrefix: `rl:${bucket}:${kind}`, points, duration: seconds };
      if (!s.redis) return new RateLimiterMemory(opts);
      return new RateLimiterRedis({ ...opts, storeClient: s.redis, insuranceLimiter: new RateLimiterMemory(opts) });
    };
    l =
      pair === undefined
        ? { ip: make('ip', ip), account: make('acct', account), pair: null }
        : { ip: make('ip', ip), account: make('fail', account, accountDuration ?? duration), pair: make('pair', pair) };
    s.buckets.set(bucket, l);
  }
  return l;
}

/**
 * Replaces limits of a shop (tests, or an operator tuning them); takes effect for new counters.
 * @param limits per bucket, partial.
 */
export async function setRateLimits(shop: Pick<Shop, 'env'>, limits: Partial<Record<Bucket, Limit>>): Promise<void> {
  const s = await state(shop);
  for (const [b, l] of Object.entries(limits) as [Bucket, Limit][]) {
    s.limits[b] = l;
    s.buckets.delete(b);
  }
}

function refusal(res: unknown): DomainError {
  const seconds = res instanceof RateLimiterRes ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 60;
  return new DomainError('rate_limited', `Too many attempts. Please try again in ${seconds} seconds.`, { key: 'rateLimited', params: { seconds } });
}

/**
 * The rate-limit key of a client address: an IPv4 address as is (also when
 * written IPv4-mapped, `::ffff:1.2.3.4`), an IPv6 address by its /64 network (one customer line
 * gets a whole /64, so counting single addresses would let one client rotate through billions).
 * Anything unparsable is kept as given.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip || 'unknown';
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/** The key of an IP+account counter. */
const pairKey = (ip: string, account: string) => `${clientKey(ip)}|${account.toLowerCase()}`;

/**
 * Counts one attempt of `bucket` for the client IP and, when given, the account key. For a
 * bucket with `pair` (log-in) the account is counted per IP+account, and the global per-account
 * failure cap is only checked here (failures are added by {@link countFailure}).
 * @param ip the client's address (`unknown` when the transport does not tell).
 * @param account e.g. the lower-cased e-mail address; omitted for calls with no account.
 * @throws {DomainError} `rate_limited` (429) when a counter is exhausted.
 */
export async function consumeRateLimit(shop: Pick<Shop, 'env'>, bucket: Bucket, ip: string, account?: string): Promise<void> {
  const s = await state(shop);
  const l = build(s, bucket);
  try {
    await l.ip.consume(clientKey(ip));
    if (!account) return;
    if (!l.pair) {
      await l.account.consume(account.toLowerCase());
      return;
    }
    const failures = await l.account.get(account.toLowerCase());
    if (failures && failures.consumedPoints >= s.limits[bucket].account) throw failures;
    await l.pair.consume(pairKey(ip, account));
  } catch (e) {
    if (e instanceof Error) throw e;
    throw refusal(e);
  }
}

/**
 * Adds a failed attempt (a wrong password) to the account's global failure counter of a bucket
 * with `pair` (log-in); a no-op for other buckets, whose account counter counts every attempt.
 */
export async function countFailure(shop: Pick<Shop, 'env'>, bucket: Bucket, account: string): Promise<void> {
  const l = build(await state(shop), bucket);
  if (!l.pair) return;
  await l.account.penalty(account.toLowerCase(), 1).catch(() => undefined);
}

/**
 * Forgets the account counter of `bucket` after a success (a correct log-in), so that a user is
 * not limited by their own earlier typos: for a bucket with `pair`, the counter of this IP and
 * account (the global failure cap stays, else a guesser elsewhere would get a fresh allowance
 * each time the owner logs in); otherwise the account counter.
 */
export async function resetRateLimit(shop: Pick<Shop, 'env'>, bucket: Bucket, account: string, ip?: string): Promise<void> {
  const l = build(await state(shop), bucket);
  if (l.pair) {
    if (ip !== undefined) await l.pair.delete(pairKey(ip, account));
    return;
  }
  await l.account.delete(account.toLowerCase());
}

/**
 * What is left of the account's failure budget of `bucket` (failures added by
 * {@link addFailure}; the bucket's `account` limit per `duration`).
 * @returns the failures still allowed and, when none is, the seconds until the window ends.
 */
export async function failureBudget(shop: Pick<Shop, 'env'>, bucket: Bucket, account: string): Promise<{ left: number; retryInS: number }> {
  const s = await state(shop);
  const res = await build(s, bucket)
    .account.get(account.toLowerCase())
    .catch(() => null);
  const used = res?.consumedPoints ?? 0;
  return { left: Math.max(0, s.limits[bucket].account - used), retryInS: res ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0 };
}

/**
 * Adds one failure to the account's counter of `bucket` (never refused itself).
 * @returns the failures counted in the current window and the bucket's limit.
 */
export async function addFailure(shop: Pick<Shop, 'env'>, bucket: Bucket, account: string): Promise<{ count: number; limit: number }> {
  const s = await state(shop);
  const res = await build(s, bucket)
    .account.penalty(account.toLowerCase(), 1)
    .catch(() => null);
  return { count: res?.consumedPoints ?? 0, limit: s.limits[bucket].account };
}

/** Closes the Redis connection of a shop's limiters, if any. */
export async function closeRateLimits(shop: Pick<Shop, 'env'>): Promise<void> {
  const s = await perShop.get(shop);
  const redis = s?.redis as { quit?: () => Promise<unknown> } | null | undefined;
  if (redis?.quit) await redis.quit().catch(() => undefined);
  perShop.delete(shop);
}
