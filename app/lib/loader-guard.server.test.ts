import { describe, expect, it } from 'vitest';
import { DomainError } from '../../core/errors.ts';
import { translateError } from '../../core/i18n/index.ts';
import { loaderGuard } from './loader-guard.server.ts';

/** What React Router's `data()` throws: the body and its status. */
type Thrown = { data: unknown; init: { status?: number } | null };

async function thrown(p: Promise<unknown>): Promise<Thrown> {
  try {
    await p;
  } catch (e) {
    return e as Thrown;
  }
  throw new Error('nothing was thrown');
}

describe('loaderGuard', () => {
  it('returns the loader’s own answer when nothing fails', async () => {
    expect(await loaderGuard({ lang: 'en' }, async () => ({ id: 1 }))).toEqual({ id: 1 });
  });

  it('answers not_found with the 404 page, the page’s own body when it gives one', async () => {
    const err = new DomainError('not_found', 'No such order');
    const plain = await thrown(loaderGuard({ lang: 'de' }, () => Promise.reject(err)));
    expect(plain.init?.status).toBe(404);
    expect(plain.data).toBe('Not found');
    const own = await thrown(loaderGuard({ lang: 'de' }, () => Promise.reject(err), { notFound: { notFound: true } }));
    expect(own.data).toEqual({ notFound: true });
  });

  it('answers any other code with its status and its message in the visitor’s language', async () => {
    const err = new DomainError('forbidden', 'Not yours', { key: 'forbidden' });
    const answer = await thrown(loaderGuard({ lang: 'fr' }, () => Promise.reject(err)));
    expect(answer.init?.status).toBe(403);
    expect(answer.data).toBe(translateError('fr', err));
  });

  it('hides the codes it is told to as 404; hide all keeps the rate limit’s 429', async () => {
    const forbidden = new DomainError('forbidden', 'Not yours');
    expect((await thrown(loaderGuard({ lang: 'en' }, () => Promise.reject(forbidden), { hide: ['forbidden'] }))).init?.status).toBe(404);
    expect((await thrown(loaderGuard({ lang: 'en' }, () => Promise.reject(forbidden), { hide: 'all' }))).init?.status).toBe(404);
    const limited = new DomainError('rate_limited', 'Too many');
    expect((await thrown(loaderGuard({ lang: 'en' }, () => Promise.reject(limited), { hide: 'all' }))).init?.status).toBe(429);
  });

  it('rethrows what is not a DomainError (a bug, a redirect)', async () => {
    const bug = new TypeError('boom');
    expect(await thrown(loaderGuard({ lang: 'en' }, () => Promise.reject(bug)))).toBe(bug);
  });
});
