/**
 * The one way a page action (React Router route `action`) answers a form: read the posted
 * fields with a zod schema ({@link readForm}), run the core function, and turn a
 * {@link DomainError} into the form's answer ({@link pageAction}): a form message and per-field
 * messages in the visitor's language, with the status of the error's code (docs/api.md,
 * "Conventions", the same mapping as the JSON API). Anything that is not a DomainError is
 * rethrown (a bug, a redirect or a Response: not the visitor's mistake).
 *
 * Field messages are the keyed messages of core/validation.ts, translated by core/i18n
 * `translateFields`: the page shows the same texts as the JSON API's `fields`. Zod issues of a
 * page's own schema become the same kind of DomainError (`invalid`, key `invalidInput`), so
 * one mapping serves both.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { z, type ZodType } from 'zod';
import { findNul, invalidFields, keyOf, messageOf } from '../../core/validation.ts';
import { DomainError, STATUS_FOR, type FieldMessage, type FieldMessages } from '../../core/errors.ts';
import { translate, translateError, translateFields, type Locale } from '../../core/i18n/index.ts';

/**
 * What a failed page action answers (besides a page's own extra values).
 * `error`: the form message; `fields`: text per field name (dotted path for nested input, e.g.
 * `address.postalCode`; `_` for the whole input); `values`: the posted text fields, to show
 * them again (only when the action passed its form, else empty).
 */
type FormFailure = { ok: false; error: string; fields: Record<string, string>; values: Record<string, string> };

/** How a page words and answers its errors; every option is optional. */
export type PageActionOptions<X extends object> = {
  /** The posted form: its text fields come back as `values` on failure (to fill the form again). */
  form?: FormData;
  /**
   * A catalogue namespace with page-specific texts under `<namespace>:errors.<key>` (the admin
   * pages: `adminshop`); a key without one there uses the shared `errors` catalogue.
   */
  namespace?: string;
  /** The form message for an error without a key of its own (default: its English message). */
  fallbackKey?: string;
  /** A page's own wording of some errors: the text, or undefined for the shared wording. */
  message?: (e: DomainError) => string | undefined;
  /** A page's own field texts for an error (e.g. a photo's file name in the message), else the shared ones. */
  fields?: (e: DomainError) => Record<string, string> | undefined;
  /** The page's own values of the answer, e.g. which of its forms answered (`intent`). */
  extra?: (e: DomainError) => X | Promise<X>;
  /**
   * Errors that end the page instead of answering the form (e.g. an unknown link gives the 404
   * page): return what to throw (a Response or `data(...)`), or undefined to answer the form.
   */
  escape?: (e: DomainError) => unknown;
};

/**
 * HTTP status of a page's answer to a domain error: the API's mapping (400 invalid, 401, 403,
 * 404, 409 conflict, 429 rate limited), except that a page has no token to refresh: 401, not 417.
 */
export function failureStatus(e: DomainError): number {
  return e.code === 'token_expired' ? 401 : STATUS_FOR[e.code];
}

/**
 * A domain error's message in `lang`: the `<namespace>:errors.<key>` text when there is one,
 * else the shared `errors` catalogue's (or `fallbackKey`'s), else the English message.
 */
export function errorMessage(lang: Locale, e: DomainError, opts: { namespace?: string; fallbackKey?: string } = {}): string {
  const shared = translateError(lang, e, opts.fallbackKey);
  if (!opts.namespace || !e.opts.key) return shared;
  return translate(lang, `${opts.namespace}:errors.${e.opts.key}`, { ...e.opts.params, defaultValue: shared });
}

/** A domain error's form message: the page's own text, else {@link errorMessage}. */
function failureMessage<X extends object>(lang: Locale, e: DomainError, opts: PageActionOptions<X>): string {
  return opts.message?.(e) ?? errorMessage(lang, e, opts);
}

/**
 * The form's answer to a domain error: `{ ok: false, error, fields, values, ...extra }` with
 * the status of {@link failureStatus}.
 * @param lang the visitor's language (`context.lang`).
 * @throws `err` itself when it is not a DomainError; what `opts.escape` returns for an error that ends the page.
 */
export async function formFailure<X extends object = Record<never, never>>(err: unknown, lang: Locale, opts: PageActionOptions<X> = {}) {
  if (!(err instanceof DomainError)) throw err;
  const escaped = opts.escape?.(err);
  if (escaped !== undefined) throw escaped;
  const failure: FormFailure = {
    ok: false,
    error: failureMessage(lang, err, opts),
    fields: opts.fields?.(err) ?? translateFields(lang, err.opts.fields),
    values: opts.form ? textValues(opts.form) : {},
  };
  const extra = (await opts.extra?.(err)) as X;
  return data({ ...failure, ...extra }, { status: failureStatus(err) });
}

/**
 * Runs a page action's work and answers a domain error as the form's failure
 * ({@link formFailure}); the work's own answer (data, a redirect) is returned as it is.
 * @example
 *   return pageAction(context, async () => {
 *     const input = readForm(Schema, form);
 *     await saveSomething(context.shop.db, input);
 *     return { ok: true as const, message: translate(context.lang, 'ns:saved') };
 *   }, { form });
 * @throws whatever is not a DomainError (bugs, thrown responses), and what `opts.escape` returns.
 */
export async function pageAction<T, X extends object = Record<never, never>>(
  context: { lang: Locale },
  run: () => Promise<T> | T,
  opts: PageActionOptions<X> = {},
) {
  try {
    return await run();
  } catch (err) {
    return await formFailure(err, context.lang, opts);
  }
}

/**
 * The one way an action reads its posted form.
 *
 * With a zod `schema`: the form read by Conform's `parseWithZod` (dotted names become nested
 * objects; a repeated name is an array, read it with {@link formList}; a file field is a `File`,
 * read it with {@link formFile} or {@link formFiles}). Fields stay text (no coercion: the schemas of core take form
 * text, a ticked checkbox is `"on"`), so a schema gives the same result for the form as for the
 * JSON API; take limits (lengths, counts) from core's constants and schemas, never typed again.
 *
 * With a list of `names`: those text fields as posted ('' when absent or a file; the first of a
 * repeated name), for actions that pass them to a core function which validates them.
 *
 * Text with a NUL character is refused as the API refuses it (every text field of the form with
 * a schema, the named ones with a list). Call it inside {@link pageAction}, which answers its
 * error as the form's failure.
 * @param extra values read with the form (e.g. the route's `params`), as if they were fields.
 * @throws {DomainError} `invalid` (key `invalidInput`) with a keyed message per bad field (the
 *   first issue of each field; core/validation.ts names them).
 */
export function readForm<K extends string>(names: readonly K[], form: FormData): Record<K, string>;
export function readForm<S extends ZodType>(schema: S, form: FormData, extra?: Record<string, unknown>): z.infer<S>;
export function readForm(shape: ZodType | readonly string[], form: FormData, extra: Record<string, unknown> = {}): unknown {
  if (Array.isArray(shape)) {
    const texts = Object.fromEntries(shape.map((n: string) => [n, firstText(form, n)]));
    refuseNul(texts);
    return texts;
  }
  refuseNul({ ...textValues(form), ...extra });
  const payload = new FormData();
  for (const [k, v] of form.entries()) payload.append(k, v);
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) payload.set(k, String(v));
  const submission = parseWithZod(payload, {
    schema: shape as ZodType,
    disableAutoCoercion: true,
    error: keyOf,
    formatError: (issues: z.core.$ZodIssue[]): FieldMessage => messageOf(issues[0]),
  });
  if (submission.status === 'success') return submission.value;
  const fields: FieldMessages = {};
  for (const [name, message] of Object.entries(submission.error ?? {})) if (message) fields[name || '_'] = message;
  throw invalidFields(fields);
}

/**
 * A repeated text field of {@link readForm}'s schema (ticked boxes, ids): always an array, of
 * one value when the name was posted once and empty when it was not. At most `max` values when
 * given (a core limit); more are an `invalid` field, not cut.
 */
export function formList(max?: number) {
  const list = max === undefined ? z.array(z.string()) : z.array(z.string()).max(max);
  return z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), list);
}

/** Files posted under one name (a multiple file field), in the order sent; empty parts (none chosen) and text are left out. */
export const formFiles = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((f) => f instanceof File && f.size > 0),
  z.array(z.instanceof(File)),
);

/** A file field of {@link readForm}'s schema: the `File`, or undefined when none was chosen (an empty part) or the post carried text. */
export const formFile = z.preprocess((v) => (v instanceof File && v.size > 0 ? v : undefined), z.instanceof(File).optional());

/** @throws {DomainError} `invalid` (field message `nulRefused`) for the first value with a NUL character. */
function refuseNul(values: Record<string, unknown>): void {
  const nul = findNul(values);
  if (nul) throw invalidFields({ [nul]: { key: 'nulRefused' } });
}

/** The first text value posted under `name` ('' when absent or a file). */
function firstText(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}

/**
 * The new password and its confirmation agree (registration, reset link, first admin, profile).
 * @throws {DomainError} `invalid` (key `passwordsDiffer`, field `passwordConfirm`) when they differ.
 */
export function requireSamePasswords(password: string, confirm: string): void {
  if (password === confirm) return;
  throw new DomainError('invalid', 'The passwords differ', { key: 'passwordsDiffer', fields: { passwordConfirm: { key: 'passwordsDiffer' } } });
}

/** The text fields of a form (the last value of a repeated name), to fill the form again. */
function textValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') values[k] = v;
  return values;
}
