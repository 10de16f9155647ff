/**
 * Server-side form handling for route actions: FormData -> zod -> typed values or per-field
 * messages (the specification's "The field is required" / "The email is invalid" via the global
 * zod error map in api/validation.ts).
 */
import type { z, ZodType } from 'zod';
import { findNul, NUL_REFUSED } from '../../api/validation.ts';

/** The result of {@link parseForm}. */
export type FormResult<T> = { ok: true; data: T } | { ok: false; fields: Record<string, string>; values: Record<string, string> };

/** Validates form fields (strings; checkboxes are "on" when ticked). */
export function parseForm<T extends ZodType>(schema: T, form: FormData, extra: Record<string, unknown> = {}): FormResult<z.infer<T>> {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') values[k] = v;
  const nul = findNul({ ...values, ...extra });
  if (nul) return { ok: false, fields: { [nul]: NUL_REFUSED }, values: {} };
  const r = schema.safeParse({ ...values, ...extra });
  if (r.success) return { ok: true, data: r.data };
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return { ok: false, fields, values };
}
