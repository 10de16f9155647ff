/**
 * What each column of the product CSV takes (pure; safe in the browser): the import's checks word
 * their problems from it, and the import page shows it as the column table and builds the
 * template file from its examples. The limits are those of the product form's schema
 * (core/catalogue/admin.ts `ProductInputSchema`).
 */
import { CATEGORIES, CSV_COLUMNS, CSV_LANGS, STRENGTHS } from './limits.ts';
import { PRODUCT_TEXT_FIELDS, PRODUCT_TEXT_LANGS, productTextColumn, type ProductTextField, type ProductTextLang } from './product-texts.ts';

/**
 * How a column's cell is written: `text` (at most `max` characters), `int` (a whole number from
 * `min` to `max`), `chf` (CHF with at most 2 decimals, `.` or `,`), `bool` (yes/no words, blank =
 * the default), `choice` (one of `allowed`), `sku` (letters A–Z, digits, `.` `-` `_`), `notes`
 * (texts separated by `|`).
 */
type CsvColumnFormat = 'text' | 'int' | 'chf' | 'bool' | 'choice' | 'sku' | 'notes';

/** One column of the product CSV. */
export type CsvColumnSpec = {
  column: (typeof CSV_COLUMNS)[number];
  required: boolean;
  /** A language's own text of this English column (`name` for `name_de`): pages in that language show it instead; empty = the English one. */
  overrides?: string;
  format: CsvColumnFormat;
  min?: number;
  max?: number;
  allowed?: readonly string[];
  /** A cell of the template's example row (a cigar). */
  example: string;
};

/** Cell words read as "yes" (English, German, French, Italian, Spanish, and Excel's TRUE in those languages); anything else is "no". */
export const CSV_TRUE_WORDS = ['true', '1', 'yes', 'y', 'x', 'ja', 'wahr', 'oui', 'vrai', 'si', 'sì', 'vero', 'verdadero'] as const;

const text = (column: CsvColumnSpec['column'], max: number, example: string, required = false): CsvColumnSpec => ({
  column,
  required,
  format: 'text',
  max,
  example,
});

/** The example cells of the per-language columns (the template's cigar in each language). */
const LANGUAGE_EXAMPLES: Record<ProductTextLang, Record<ProductTextField, string>> = {
  de: {
    name: 'Hemingway Signature',
    wrapper: 'Kamerun',
    binder: 'Dominikanische Republik',
    filler: 'Dominikanische Republik',
    origin: 'Dominikanische Republik',
    tastingNotes: 'Zeder | Kakao',
  },
  fr: {
    name: 'Hemingway Signature',
    wrapper: 'Cameroun',
    binder: 'République dominicaine',
    filler: 'République dominicaine',
    origin: 'République dominicaine',
    tastingNotes: 'cèdre | cacao',
  },
  it: {
    name: 'Hemingway Signature',
    wrapper: 'Camerun',
    binder: 'Repubblica Dominicana',
    filler: 'Repubblica Dominicana',
    origin: 'Repubblica Dominicana',
    tastingNotes: 'cedro | cacao',
  },
  es: {
    name: 'Hemingway Signature',
    wrapper: 'Camerún',
    binder: 'República Dominicana',
    filler: 'República Dominicana',
    origin: 'República Dominicana',
    tastingNotes: 'cedro | cacao',
  },
};

/** A language's column of a free-text field (`wrapper_de`): as long as the English column allows, never required. */
function languageColumn(field: ProductTextField, lang: ProductTextLang): CsvColumnSpec {
  const base = field === 'tastingNotes' ? 'tasting_notes' : field;
  const example = LANGUAGE_EXAMPLES[lang][field];
  const column = productTextColumn(field, lang) as CsvColumnSpec['column'];
  return field === 'tastingNotes'
    ? { column, required: false, format: 'notes', max: 60, example, overrides: base }
    : { ...text(column, 200, example), overrides: base };
}

/** Every column of {@link CSV_COLUMNS}, in that order. */
export const CSV_COLUMN_SPECS: readonly CsvColumnSpec[] = [
  { column: 'sku', required: true, format: 'sku', max: 64, example: 'AF-HEM-ROB-S1' },
  { column: 'category', required: true, format: 'choice', allowed: CATEGORIES, example: 'cigar' },
  text('brand', 100, 'Arturo Fuente', true),
  text('line', 100, 'Hemingway', true),
  text('name', 200, 'Hemingway Signature', true),
  text('vitola', 200, 'Robusto'),
  { column: 'length_mm', required: false, format: 'int', min: 1, max: 10_000, example: '152' },
  { column: 'ring_gauge', required: false, format: 'int', min: 1, max: 10_000, example: '47' },
  text('wrapper', 200, 'Cameroon'),
  text('binder', 200, 'Dominican Republic'),
  text('filler', 200, 'Dominican Republic'),
  text('origin', 200, 'Dominican Republic'),
  { column: 'strength', required: false, format: 'choice', allowed: STRENGTHS, example: 'Medium' },
  text('packaging', 60, 'single', true),
  { column: 'units_per_package', required: false, format: 'int', min: 1, max: 1000, example: '1' },
  { column: 'price_chf', required: true, format: 'chf', min: 0, max: 100_000, example: '14.50' },
  { column: 'discount_percent', required: false, format: 'int', min: 0, max: 100, example: '0' },
  { column: 'stock', required: false, format: 'int', min: 0, max: 1_000_000, example: '24' },
  { column: 'popular', required: false, format: 'bool', example: 'no' },
  { column: 'promotional', required: false, format: 'bool', example: 'no' },
  { column: 'active', required: false, format: 'bool', example: 'yes' },
  ...CSV_LANGS.map((l) =>
    text(
      `description_${l}`,
      5000,
      { en: 'Creamy and balanced.', de: 'Cremig und ausgewogen.', fr: 'Crémeux et équilibré.', it: 'Cremoso ed equilibrato.', es: 'Cremoso y equilibrado.' }[l],
      l === 'en',
    ),
  ),
  { column: 'tasting_notes', required: false, format: 'notes', max: 60, example: 'cedar | cocoa' },
  ...PRODUCT_TEXT_LANGS.flatMap((l) => PRODUCT_TEXT_FIELDS.map((f) => languageColumn(f, l))),
];

/** The spec of a column (undefined for a name that is not a product CSV column). */
export function csvColumnSpec(column: string): CsvColumnSpec | undefined {
  return CSV_COLUMN_SPECS.find((s) => s.column === column);
}

/**
 * The import template: the header and one example row, separated by `;` (what Excel in
 * Switzerland opens as columns and writes back), with a UTF-8 byte order mark so that Excel reads
 * umlauts right. No example cell contains `;` or `"`, so none needs quoting.
 */
export function csvTemplate(): string {
  return `\uFEFF${CSV_COLUMNS.join(';')}\r\n${CSV_COLUMN_SPECS.map((s) => s.example).join(';')}\r\n`;
}
