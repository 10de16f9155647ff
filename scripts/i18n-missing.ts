/**
 * `npm run i18n:missing [-- <lng> ...]`: prints, per locale and namespace, the keys missing versus
 * English (with the plural forms each language needs), keys English does not know, and texts whose
 * placeholders differ. Exits 1 when anything is missing or wrong, 0 when every catalogue is complete.
 * Without arguments every locale of `core/i18n/locales.ts` is checked.
 */
import { checkCatalogue, englishNamespaces, isClean } from '../core/i18n/index.ts';
import { LOCALES } from '../core/i18n/browser.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = args.filter((a) => !(LOCALES as readonly string[]).includes(a));
if (unknown.length) {
  console.error(`Unknown locale(s): ${unknown.join(', ')}. Known: ${LOCALES.join(', ')}`);
  process.exit(2);
}
const locales = args.length ? args : LOCALES.filter((l) => l !== 'en');
let problems = 0;
for (const lng of locales) {
  const lines: string[] = [];
  for (const ns of englishNamespaces()) {
    const r = checkCatalogue(lng, ns);
    if (isClean(r)) continue;
    problems += r.missing.length + r.extra.length + r.placeholders.length + r.empty.length;
    if (r.missing.length) lines.push(`  ${ns}: ${r.missing.length} missing`, ...r.missing.map((k) => `    - ${k}`));
    if (r.extra.length) lines.push(`  ${ns}: ${r.extra.length} unknown in English`, ...r.extra.map((k) => `    + ${k}`));
    if (r.placeholders.length) lines.push(`  ${ns}: placeholders differ`, ...r.placeholders.map((k) => `    ! ${k}`));
    if (r.empty.length) lines.push(`  ${ns}: empty texts`, ...r.empty.map((k) => `    ∅ ${k}`));
  }
  console.log(lines.length ? `${lng}:\n${lines.join('\n')}` : `${lng}: complete`);
}
if (problems) {
  console.log(`\n${problems} problem(s).`);
  process.exit(1);
}
