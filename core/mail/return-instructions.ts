/**
 * What the customer of an accepted return is told about the item (settings `returnShipping`,
 * `returnAddress`, `returnText`): send it back, and where to, or keep it. The shop's own text is
 * per language; a language without one reads the English text, and without that the built-in
 * text of the mail (`mail:returns.sendBack` / `mail:returns.keepItem`).
 */
import type { ShopSettings } from '../config/index.ts';
import type { Locale } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';

/** The return address as lines: the setting, or else the seller's name and address. */
function returnAddressLines(s: Pick<ShopSettings, 'returnAddress' | 'companyName' | 'street' | 'buildingNumber' | 'postalCode' | 'city'>): string[] {
  const own = s.returnAddress
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (own.length) return own;
  return [s.companyName, `${s.street} ${s.buildingNumber}`.trim(), `${s.postalCode} ${s.city}`];
}

/** The shop's return text in `lang`, else in English, else ''. */
function returnTextFor(s: Pick<ShopSettings, 'returnText'>, lang: Locale): string {
  return (s.returnText[lang] ?? '').trim() || (s.returnText.en ?? '').trim();
}

/**
 * The lines of the acceptance mail about the item, in `lang`: whether to send it back, the
 * address (when sent back), the order code to write on the parcel, and the shop's own text.
 */
export function returnInstructionLines(
  s: Pick<ShopSettings, 'returnShipping' | 'returnAddress' | 'returnText' | 'companyName' | 'street' | 'buildingNumber' | 'postalCode' | 'city'>,
  lang: Locale,
  code: string,
): string[] {
  const out =
    s.returnShipping === 'keep'
      ? [textIn(lang, 'mail:returns.keepItem')]
      : [textIn(lang, 'mail:returns.sendBack', { code }), '', ...returnAddressLines(s).map((l) => `  ${l}`)];
  const own = returnTextFor(s, lang);
  if (own) out.push('', own);
  return out;
}
