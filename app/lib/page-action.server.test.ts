import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../../core/errors.ts';
import { translate, translateField } from '../../core/i18n/index.ts';
import { formFile, formList, pageAction, readForm, requireSamePasswords } from './page-action.server.ts';

/** What React Router's `data()` carries: the answer and its status. */
type Answer = { data: Record<string, unknown>; init: { status?: number } | null };

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
};

describe('pageAction', () => {
  it('returns the work’s own answer when nothing fails', async () => {
    expect(await pageAction({ lang: 'en' }, async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it('turns a DomainError into a form message and field messages in the visitor’s language, with the status of its code', async () => {
    const err = new DomainError('conflict', 'E-mail taken', { key: 'emailTaken', fields: { email: { key: 'emailTaken' } } });
    const answer = (await pageAction({ lang: 'de' }, () => Promise.reject(err))) as unknown as Answer;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.ok).toBe(false);
    expect(answer.data.error).toBe(translate('de', 'errors:emailTaken'));
    expect(answer.data.fields).toEqual({ email: translateField('de', { key: 'emailTaken' }) });
    expect(answer.data.error).not.toBe(translate('en', 'errors:emailTaken')); // really German
  });

  it('maps each code to its status (400 invalid, 404, 429; 401 for an expired token on a page)', async () => {
    const status = async (code: DomainError['code']) =>
      ((await pageAction({ lang: 'en' }, () => Promise.reject(new DomainError(code, 'x')))) as unknown as Answer).init?.status;
    expect(await status('invalid')).toBe(400);
    expect(await status('not_found')).toBe(404);
    expect(await status('rate_limited')).toBe(429);
    expect(await status('token_expired')).toBe(401);
  });

  it('adds the page’s own values, wording and posted text fields', async () => {
    const err = new DomainError('invalid', 'Bad', { key: 'invalidInput' });
    const answer = (await pageAction({ lang: 'en' }, () => Promise.reject(err), {
      form: form({ name: 'Ana', intent: 'save' }),
      message: (e) => (e.opts.key === 'invalidInput' ? 'Fix the marked fields' : undefined),
      extra: () => ({ intent: 'save' }),
    })) as unknown as Answer;
    expect(answer.data).toMatchObject({ ok: false, error: 'Fix the marked fields', intent: 'save', values: { name: 'Ana', intent: 'save' } });
  });

  it('throws what `escape` returns for an error that ends the page', async () => {
    const notFound = new Response(null, { status: 404 });
    await expect(
      pageAction({ lang: 'en' }, () => Promise.reject(new DomainError('not_found', 'gone')), {
        escape: (e) => (e.code === 'not_found' ? notFound : undefined),
      }),
    ).rejects.toBe(notFound);
  });

  it('rethrows anything that is not a DomainError (bugs, thrown responses)', async () => {
    const bug = new TypeError('boom');
    await expect(pageAction({ lang: 'en' }, () => Promise.reject(bug))).rejects.toBe(bug);
    const redirect = new Response(null, { status: 302, headers: { Location: '/login' } });
    await expect(pageAction({ lang: 'en' }, () => Promise.reject(redirect))).rejects.toBe(redirect);
  });
});

describe('readForm', () => {
  const Schema = z.object({
    email: z.email(),
    age: z.string().regex(/^\d+$/, 'wholeNumber'),
    note: z.string().max(5).optional(),
    ok: z.literal('on').optional(),
  });

  it('returns the parsed text fields (no coercion: a ticked checkbox stays "on")', () => {
    expect(readForm(Schema, form({ email: 'a@b.ch', age: '42', ok: 'on' }))).toEqual({ email: 'a@b.ch', age: '42', ok: 'on' });
  });

  it('turns zod issues into a 400 answer with a field message per bad field', async () => {
    const answer = (await pageAction({ lang: 'en' }, async () => readForm(Schema, form({ email: 'nope', age: 'x', note: 'too long' })))) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toBe(translate('en', 'errors:invalidInput'));
    expect(answer.data.fields).toEqual({
      email: translateField('en', { key: 'emailInvalid' }),
      age: translateField('en', { key: 'wholeNumber' }),
      note: translateField('en', { key: 'tooLongMax', params: { max: 5 } }),
    });
  });

  it('names a missing field as required', () => {
    try {
      readForm(Schema, form({ age: '1' }));
      expect.unreachable();
    } catch (e) {
      expect((e as DomainError).opts.fields).toEqual({ email: { key: 'fieldRequired' } });
    }
  });

  it('refuses text with a NUL character as the API does', () => {
    expect(() => readForm(Schema, form({ email: 'a@b.ch', age: '1', note: 'a\u0000' }))).toThrow(DomainError);
    expect(() => readForm(['email'], form({ email: 'a\u0000' }))).toThrow(DomainError);
    // a list of names answers for the fields it reads: another field is its own reader's to refuse
    expect(readForm(['email'], form({ email: 'a@b.ch', message: 'b\u0000' }))).toEqual({ email: 'a@b.ch' });
  });

  it('reads a list of names as text as posted: absent or a file is empty, a repeated name gives its first value', () => {
    const f = form({ email: ' a@b.ch ', role: 'Admin' });
    f.append('role', 'Customer');
    f.append('photo', new File(['x'], 'x.jpg'));
    expect(readForm(['email', 'role', 'photo', 'missing'], f)).toEqual({ email: ' a@b.ch ', role: 'Admin', photo: '', missing: '' });
  });

  it('reads a repeated name as a list (one value or none too), refusing more than its limit', () => {
    const List = z.object({ ids: formList(2) });
    expect(readForm(List, form({}))).toEqual({ ids: [] });
    expect(readForm(List, form({ ids: 'a' }))).toEqual({ ids: ['a'] });
    const three = form({ ids: 'a' });
    three.append('ids', 'b');
    three.append('ids', 'c');
    expect(() => readForm(List, three)).toThrow(DomainError);
  });

  it('reads a file field as the File, or undefined when none was chosen or the post carried text', () => {
    const Upload = z.object({ csv: formFile });
    const f = new FormData();
    f.append('csv', new File(['a;b'], 'list.csv', { type: 'text/csv' }));
    expect(readForm(Upload, f).csv?.name).toBe('list.csv');
    const empty = new FormData();
    empty.append('csv', new File([], ''));
    expect(readForm(Upload, empty).csv).toBeUndefined();
    expect(readForm(Upload, form({ csv: 'list.csv' })).csv).toBeUndefined();
    expect(readForm(Upload, form({})).csv).toBeUndefined();
  });
});

describe('requireSamePasswords', () => {
  it('marks the confirmation when the two passwords differ', async () => {
    const answer = (await pageAction({ lang: 'en' }, async () => requireSamePasswords('secret-one-1', 'secret-two-2'))) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toBe(translate('en', 'errors:passwordsDiffer'));
    expect(answer.data.fields).toEqual({ passwordConfirm: translate('en', 'errors:passwordsDiffer') });
    expect(() => requireSamePasswords('same-password', 'same-password')).not.toThrow();
  });
});
