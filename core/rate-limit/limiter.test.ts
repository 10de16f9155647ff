/**
 * Rate limits: per IP and per account, 429 when exhausted; in memory for one process, shared
 * through Redis (127.0.0.1:6379 on the development and CI machines) when REDIS_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.ts';
import { closeRateLimits, consumeRateLimit, countFailure, resetRateLimit, setRateLimits } from './limiter.ts';
import { DomainError } from '../errors.ts';

const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof DomainError && e.code === 'rate_limited' ? 429 : 500),
  );

describe('rate limits in memory', () => {
  it('count per IP and per account, and forget the account after a success', async () => {
    const shop = { env: loadEnv({ NODE_ENV: 'test', DATA_DIR: 'memory://' }) };
    await setRateLimits(shop, { login: { ip: 4, account: 2, duration: 60 } });
    expect(await status(consumeRateLimit(shop, 'login', '1.1.1.1', 'a@x.ch'))).toBe(200);
    expect(await status(consumeRateLimit(shop, 'login', '1.1.1.1', 'A@x.ch'))).toBe(200);
    expect(await status(consumeRateLimit(shop, 'login', '1.1.1.1', 'a@x.ch'))).toBe(429);
    await resetRateLimit(shop, 'login', 'a@x.ch');
    expect(await status(consumeRateLimit(shop, 'login', '1.1.1.1', 'a@x.ch'))).toBe(200);
    // the IP has used its 4 points now
    expect(await status(consumeRateLimit(shop, 'login', '1.1.1.1', 'b@x.ch'))).toBe(429);
    expect(await status(consumeRateLimit(shop, 'login', '2.2.2.2', 'b@x.ch'))).toBe(200);
    const err = await consumeRateLimit(shop, 'login', '1.1.1.1').catch((e: DomainError) => e);
    expect((err as DomainError).opts.params?.seconds).toBeGreaterThan(0);
  });
});

describe('log-in back-off per IP and account', () => {
  it('counts per IP+account, resets only the succeeding address, and caps failures per account', async () => {
    const shop = { env: loadEnv({ NODE_ENV: 'test', DATA_DIR: 'memory://' }) };
    await setRateLimits(shop, { login: { ip: 100, pair: 2, account: 3, duration: 60, accountDuration: 60 } });
    expect(await status(consumeRateLimit(shop, 'login', '1.1.1.1', 'v@x.ch'))).toBe(200);
    expect(await status(consumeRateLimit(shop, 'login', '1.1.1.1', 'v@x.ch'))).toBe(200);
    expect(await status(consumeRateLimit(shop, 'login', '1.1.1.1', 'v@x.ch'))).toBe(429);
    // the owner at another address is not affected, and their success resets only their counter
    expect(await status(consumeRateLimit(shop, 'login', '2.2.2.2', 'v@x.ch'))).toBe(200);
    await resetRateLimit(shop, 'login', 'v@x.ch', '2.2.2.2');
    expect(await status(consumeRateLimit(shop, 'login', '1.1.1.1', 'v@x.ch'))).toBe(429);
    // three failures from anywhere close the account to everybody for the window
    for (let i = 0; i < 3; i++) await countFailure(shop, 'login', 'V@x.ch');
    expect(await status(consumeRateLimit(shop, 'login', '3.3.3.3', 'v@x.ch'))).toBe(429);
    expect(await status(consumeRateLimit(shop, 'login', '3.3.3.3', 'w@x.ch'))).toBe(200);
  });
});

describe('rate limits in Redis', () => {
  const env = () => loadEnv({ NODE_ENV: 'test', DATA_DIR: 'memory://', REDIS_URL: 'redis://127.0.0.1:6379' });
  const a = { env: env() };
  const b = { env: env() };
  afterAll(async () => {
    await closeRateLimits(a);
    await closeRateLimits(b);
  });

  it('share the counters between processes', async () => {
    await setRateLimits(a, { forgot: { ip: 3, account: 3, duration: 30 } });
    await setRateLimits(b, { forgot: { ip: 3, account: 3, duration: 30 } });
    const ip = `test-${randomBytes(8).toString('hex')}`;
    expect(await status(consumeRateLimit(a, 'forgot', ip))).toBe(200);
    expect(await status(consumeRateLimit(b, 'forgot', ip))).toBe(200);
    expect(await status(consumeRateLimit(a, 'forgot', ip))).toBe(200);
    expect(await status(consumeRateLimit(b, 'forgot', ip))).toBe(429);
  });
});

describe('clientKey', () => {
  it('counts IPv6 clients by /64 and IPv4-mapped addresses as IPv4', async () => {
    const { clientKey } = await import('./limiter.ts');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:ffff:1:2:3'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('unknown')).toBe('unknown');
  });
});
