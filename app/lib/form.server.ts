/**
 * Server-side form handling for route actions: FormData -> zod -> typed values or per-field
 * messages in the page's language (keyed messages of core/validation.ts, translated by core/i18n
 * `translateFields`: the same texts as the JSON API's `fields`).
 */
import type { z, ZodType } from 'zod';
import { findNul, safeParseInput } from '../../core/validation.ts';
import { translateFields } from '../i18n/resources.server.ts';

/** The result of {@link parseForm}. */
export type FormResult<T> = { ok: true; data: T } | { ok: false; fields: Record<string, string>; values: Record<string, string> };

/**
 * Validates form fields (strings; checkboxes are "on" when ticked).
 * @param lang the page's language, for the field messages.
 */
export function parseForm<T extends ZodType>(schema: T, form: FormData, lang: string, extra: Record<string, unknown> = {}): FormResult<z.infer<T>> {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') values[k] = v;
  const nul = findNul({ ...values, ...extra });
  if (nul) return { ok: false, fields: translateFields(lang, { [nul]: { key: 'nulRefused' } }), values: {} };
  const r = safeParseInput(schema, { ...values, ...extra });
  if (r.ok) return { ok: true, data: r.data };
  return { ok: false, fields: translateFields(lang, r.fields), values };
}
