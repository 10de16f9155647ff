/**
 * The catalogue's attribute values in a reader's language: wrapper, binder, filler, origin,
 * vitola and tasting notes are written in English in the catalogue (data/catalogue.json, the CSV,
 * the admin's product form), often composed — "Sun Grown (Ecuador)", "Dominican Republic,
 * Nicaragua", "Cubra, Mata Fina (Brazil)". Each part is looked up in the value dictionary of the
 * `catalogue` namespace (`catalogue:values.<key>`, key = {@link catalogueValueKey}); a part without
 * an entry (a seed's or a region's own name such as "Habano" or "Estelí") is shown as written.
 * Packaging has its own shapes (packaging.ts); strength its own keys (`catalogue:strength.*`).
 * A per-language text the owner gave for a product (CSV `wrapper_de`, product-texts.ts) is
 * chosen before this runs and shown as written. Pure; safe in the browser (same texts on the
 * server and in the browser, so no hydration difference).
 */
import type { TFunction } from 'i18next';

const MISSING = '\u0000';
const BOX_PRESSED = /^box-pressed\s+(.+)$/i;

/**
 * The dictionary key of a value: accents dropped, lower case, every run of other characters one
 * `-` ("San Andrés" → `san-andres`, "Dominican Republic" → `dominican-republic`), so no key holds
 * i18next's `.` or `:` separators.
 */
export function catalogueValueKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** One part's entry, or null when the dictionary has none. */
function lookup(part: string, t: TFunction): string | null {
  const key = catalogueValueKey(part);
  if (!key) return null;
  const found = t(`catalogue:values.${key}`, { defaultValue: MISSING });
  return found === MISSING ? null : found;
}

/** Splits at the commas outside parentheses ("A, B (C, D)" → ["A", "B (C, D)"]). */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

function translatePart(part: string, t: TFunction, depth: number): string {
  const whole = lookup(part, t);
  if (whole !== null) return whole;
  if (depth > 3) return part;
  const paren = /^(.*?)\s*\((.+)\)$/.exec(part);
  if (paren) {
    const head = paren[1] ? translatePart(paren[1], t, depth + 1) : '';
    const inner = translateList(paren[2], t, depth + 1);
    return head ? `${head} (${inner})` : `(${inner})`;
  }
  const pressed = BOX_PRESSED.exec(part);
  if (pressed) return t('catalogue:valuePattern.boxPressed', { name: translatePart(pressed[1], t, depth + 1) });
  return part;
}

function translateList(text: string, t: TFunction, depth: number): string {
  const whole = lookup(text, t);
  if (whole !== null) return whole;
  const parts = splitTop(text);
  if (parts.length < 2) return translatePart(text.trim(), t, depth);
  return parts.map((p) => translatePart(p, t, depth)).join(t('catalogue:valueSeparator', { defaultValue: ', ' }));
}

/**
 * A catalogue value in the language of `t`: the whole value's entry if the dictionary has one,
 * else each comma-separated part and each part in parentheses translated on its own, parts
 * without an entry as written.
 * @param value the stored (English) value; null/empty gives ''.
 * @param t any `t` of the page's i18next instance (keys are given with their namespace).
 * @example catalogueValue('Sun Grown (Ecuador)', tDe) === 'sonnengereift (Ecuador)'
 */
export function catalogueValue(value: string | null | undefined, t: TFunction): string {
  const text = value?.trim() ?? '';
  return text ? translateList(text, t, 0) : '';
}

/** {@link catalogueValue} of each tasting note (or other list of values), order kept. */
export function catalogueValues(values: readonly string[], t: TFunction): string[] {
  return values.map((v) => catalogueValue(v, t));
}
