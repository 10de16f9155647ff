/**
 * Log-in back-off (SECURITY.md, first review, finding 10): per IP and account a guesser is stopped
 * after 10 tries while the owner still logs in, and distributed guessing meets a cap per account on
 * failures (across two processes: tests/integration/cluster.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { login } from '../../core/accounts/index.ts';
import { DomainError } from '../../core/errors.ts';
import { setRateLimits } from '../../core/rate-limit/limiter.ts';
import { GOOD_PASSWORD, customerWithPassword } from '../helpers/accounts.ts';
import { useTestSuite } from '../helpers/suite.ts';

describe('log-in back-off per IP and account, with a global cap per account', () => {
  const t = useTestSuite({ catalogue: null });
  const attempt = (email: string, password: string, ip: string) =>
    login(t.shop, { email, password }, { ip }).then(
      () => 200,
      (e: unknown) => (e instanceof DomainError ? (({ unauthenticated: 401, rate_limited: 429 } as Record<string, number>)[e.code] ?? 400) : 500),
    );

  it('a guesser at one address is stopped after 10 tries; the owner still logs in from theirs', async () => {
    const u = await customerWithPassword(t.shop);
    const guesses: number[] = [];
    for (let i = 0; i < 12; i++) guesses.push(await attempt(u.email, 'Wrong-password-123', '203.0.113.7'));
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(guesses.slice(10)).toEqual([429, 429]);
    expect(await attempt(u.email, GOOD_PASSWORD, '198.51.100.4')).toBe(200);
    // the guesser's address stays limited for this account even after the owner's success
    expect(await attempt(u.email, GOOD_PASSWORD, '203.0.113.7')).toBe(429);
  });

  it('distributed guessing hits the per-account cap on failures', async () => {
    await setRateLimits(t.shop, { login: { ip: 1000, pair: 10, account: 5, duration: 900, accountDuration: 3600 } });
    const u = await customerWithPassword(t.shop);
    for (let i = 0; i < 5; i++) expect(await attempt(u.email, 'Wrong-password-123', `192.0.2.${i + 1}`)).toBe(401);
    expect(await attempt(u.email, 'Wrong-password-123', '192.0.2.99')).toBe(429);
    // successes do not count against the cap
    const v = await customerWithPassword(t.shop);
    for (let i = 0; i < 7; i++) expect(await attempt(v.email, GOOD_PASSWORD, '192.0.2.50')).toBe(200);
  });
});
