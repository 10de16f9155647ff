/**
 * `npm run docs:api`: writes docs/api-reference.md from the API's declarations
 * (scripts/lib/api-reference.ts); `npm run docs:api -- --check` exits 1 when the file is out of
 * date instead of writing it.
 */
import fs from 'node:fs';
import { apiDocument, formattedApiReference } from './lib/api-reference.ts';

const file = 'docs/api-reference.md';
const text = await formattedApiReference(await apiDocument(), file);
if (process.argv.includes('--check')) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current !== text) {
    console.error(`${file} is out of date: run npm run docs:api`);
    process.exit(1);
  }
  console.log(`${file} is up to date`);
} else {
  fs.writeFileSync(file, text);
  console.log(`wrote ${file} (${text.split('\n').length} lines)`);
}
