/**
 * Fonts and text drawing of the shop's PDFs (invoice, credit note), so that every document is in
 * the customer's language: the PDF standard fonts only write Latin-1, so the documents
 * embed Noto fonts from npm packages, subset by pdfkit to the glyphs used (a few kB to a few
 * tens of kB per document):
 *
 * - Noto Sans (`@embedpdf/fonts-latin`): Latin with its extensions (Polish, Turkish, Vietnamese),
 *   Greek and Cyrillic — every language but the ones below;
 * - Noto Sans JP / KR / Hans (`@embedpdf/fonts-jp`, `-kr`, `-sc`): Japanese, Korean, Chinese, each
 *   with Latin; 4.5–8.4 MB per file, so read from disk only when a document in that language is
 *   drawn (then kept in memory);
 * - Noto Naskh Arabic (`@embedpdf/fonts-arabic`) for Arabic, which has no Latin letters: Latin runs
 *   in an Arabic document are drawn with Noto Sans.
 *
 * Arabic is shaped (joining forms, ligatures) by fontkit, which also reverses each right-to-left
 * run; pdfkit places runs left to right, so {@link PdfText} orders the runs of a line with the
 * Unicode bidirectional algorithm (`bidi-js`) and breaks lines itself for Arabic text.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';
import { isRtl, type Locale } from '../i18n/browser.ts';

type Doc = InstanceType<typeof PDFDocument>;

const require = createRequire(import.meta.url);
const files = new Map<string, Buffer>();

/** A font file of an `@embedpdf/fonts-*` package, read once per process. */
function fontFile(pkg: string, file: string): Buffer {
  const key = `${pkg}/${file}`;
  let buf = files.get(key);
  if (!buf) {
    buf = fs.readFileSync(path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file));
    files.set(key, buf);
  }
  return buf;
}

/** The part of fontkit's font object this module uses. */
type FontkitFont = { createSubset(): unknown; hasGlyphForCodePoint(cp: number): boolean };
/** The part of pdfkit's embedded font (`doc._font`, pdfkit 0.17) this module replaces. */
type EmbeddedFont = { font: FontkitFont; subset: unknown };

const fontkit = require('fontkit') as { create(bytes: Uint8Array): FontkitFont };
const opened = new WeakMap<Buffer, FontkitFont>();

/**
 * The font file's fontkit font, opened once per process. pdfkit opens a font file anew for every
 * document, and fontkit then decodes the font's substitution and kerning tables (GSUB, GPOS) at
 * the first line laid out: two thirds of an invoice's CPU time (a German invoice with its QR-bill:
 * ~320 CPU-ms, ~100 with the font opened once). A fontkit font is meant to be opened once and laid
 * out many times; what is per document (the glyph subset, the layout cache) pdfkit keeps in its
 * own object, which only reads the font.
 */
function openedFont(bytes: Buffer): FontkitFont {
  let font = opened.get(bytes);
  if (!font) opened.set(bytes, (font = fontkit.create(bytes)));
  return font;
}

type Face = { regular: () => Buffer; bold: () => Buffer };

const latin: Face = {
  regular: () => fontFile('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'),
  bold: () => fontFile('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'),
};
const FACES: Partial<Record<Locale, Face>> = {
  ja: { regular: () => fontFile('@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf'), bold: () => fontFile('@embedpdf/fonts-jp', 'NotoSansJP-Bold.otf') },
  ko: { regular: () => fontFile('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'), bold: () => fontFile('@embedpdf/fonts-kr', 'NotoSansKR-Bold.otf') },
  zh: { regular: () => fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'), bold: () => fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf') },
  ar: {
    regular: () => fontFile('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'),
    bold: () => fontFile('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Bold.ttf'),
  },
};

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const ARABIC_LETTER = /[\u0620-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

const BIDI_CONTROL = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
let bidi: ReturnType<typeof bidiFactory> | undefined;

/**
 * Passing OpenType features makes pdfkit lay out a run as a whole (without them it lays out word
 * by word, which puts the spaces of a right-to-left run on the wrong side); fontkit's Arabic
 * shaper adds the joining features itself.
 */
const WHOLE_RUN: PDFKit.Mixins.OpenTypeFeatures[] = ['kern'];

/** Text options {@link PdfText} understands (a subset of pdfkit's). */
export type TextOptions = { width?: number; align?: 'left' | 'right' | 'center' };

/**
 * Text drawing for one document in one language: `font(bold)` chooses the weight, `text()` and
 * `heightOf()` work like pdfkit's `text()` and `heightOfString()` (x, y in PDF points), with
 * Arabic text laid out right to left.
 */
export class PdfText {
  private bold = false;
  private readonly rtl: boolean;

  /** Registers the language's fonts on the document (`body`, `body-bold`, and `latin`, `latin-bold` for Arabic). */
  constructor(
    readonly doc: Doc,
    lang: Locale,
  ) {
    const face = FACES[lang] ?? latin;
    this.rtl = isRtl(lang);
    this.register('body', face.regular());
    this.register('body-bold', face.bold());
    if (this.rtl) {
      this.register('latin', latin.regular());
      this.register('latin-bold', latin.bold());
    }
    doc.font('body');
  }

  /** Registers a font file under `name`, drawn with the process's one fontkit font of that file ({@link openedFont}). */
  private register(name: string, bytes: Buffer): void {
    this.doc.registerFont(name, bytes).font(name);
    const embedded = (this.doc as unknown as { _font: EmbeddedFont })._font;
    embedded.font = openedFont(bytes);
    embedded.subset = embedded.font.createSubset();
  }

  /** Chooses regular or bold for the following text. */
  font(bold: boolean): this {
    this.bold = bold;
    this.doc.font(this.bold ? 'body-bold' : 'body');
    return this;
  }

  private fontName(arabic: boolean): string {
    if (!this.rtl) return this.bold ? 'body-bold' : 'body';
    return `${arabic ? 'body' : 'latin'}${this.bold ? '-bold' : ''}`;
  }

  /** Draws text like pdfkit's `text()` (x, y default to the current position). */
  text(str: string, x?: number, y?: number, options: TextOptions = {}): this {
    if (!this.rtl || !ARABIC.test(str)) {
      this.doc.font(this.fontName(false)).text(str, x, y, options);
      this.doc.font(this.fontName(true));
      return this;
    }
    const left = x ?? this.doc.x;
    let top = y ?? this.doc.y;
    const width = options.width ?? this.doc.page.width - this.doc.page.margins.right - left;
    const lineHeight = this.doc.currentLineHeight(true);
    for (const line of this.wrap(str, width)) {
      const pieces = this.visualRuns(line);
      const total = pieces.reduce((s, p) => s + p.width, 0);
      const align = options.align ?? 'right';
      let cx = align === 'left' ? left : align === 'center' ? left + (width - total) / 2 : left + width - total;
      for (const p of pieces) {
        this.doc.font(p.font).text(p.text, cx, top, { lineBreak: false, features: WHOLE_RUN });
        cx += p.width;
      }
      top += lineHeight;
    }
    this.doc.font(this.fontName(true));
    this.doc.x = left;
    this.doc.y = top;
    return this;
  }

  /** The height the text takes at the given width, like pdfkit's `heightOfString()`. */
  heightOf(str: string, options: TextOptions = {}): number {
    if (!this.rtl || !ARABIC.test(str)) return this.doc.font(this.fontName(false)).heightOfString(str, options);
    const width = options.width ?? this.doc.page.width - this.doc.page.margins.right - this.doc.x;
    return this.wrap(str, width).length * this.doc.currentLineHeight(true);
  }

  /** Width of a string in one run of fonts (Arabic letters in the Arabic font, the rest in Noto Sans). */
  private measure(str: string): number {
    return this.fontRuns(str).reduce((s, r) => s + this.doc.font(r.font).widthOfString(r.text, { features: WHOLE_RUN }), 0);
  }

  /** Splits a string into runs of one font, in logical order. Spaces and neutrals join the run before them. */
  private fontRuns(str: string): { font: string; text: string }[] {
    const runs: { font: string; text: string; arabic: boolean }[] = [];
    for (const ch of str) {
      const arabic = ARABIC.test(ch) || (!/[\p{L}\p{N}]/u.test(ch) && (runs.at(-1)?.arabic ?? false) && this.arabicHas(ch));
      const last = runs.at(-1);
      if (last && last.arabic === arabic) last.text += ch;
      else runs.push({ font: this.fontName(arabic), text: ch, arabic });
    }
    return runs;
  }

  /** Whether the Arabic font has a glyph for a character. */
  private arabicHas(ch: string): boolean {
    const font = (this.doc.font(this.fontName(true)) as unknown as { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
    return font.hasGlyphForCodePoint(ch.codePointAt(0)!);
  }

  /** Greedy line breaking at spaces (and inside a word longer than the line), at most `width` points per line. */
  private wrap(str: string, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of str.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/(?<= )/)) {
        if (line && this.measure((line + word).trimEnd()) > width) {
          lines.push(line.trimEnd());
          line = '';
        }
        line += word;
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  /** The runs of one line in visual order (left to right), each with its font, text as fontkit wants it, and width. */
  private visualRuns(line: string): { font: string; text: string; width: number }[] {
    bidi ??= bidiFactory();
    // numbers and codes with separators (2026-00042, 20.11.2026, CHE-123.456.789) stay one left-to-right unit;
    // words with dots but no digit (the "E.P." of a cigar name) are left to the algorithm, which keeps
    // them in their left-to-right run (an isolate would count as a neutral and leave the run)
    const isolated = line.replace(/[A-Za-z0-9]+(?:[.\-/:][A-Za-z0-9]+)+/g, (m) => (/\d/.test(m) ? `\u2066${m}\u2069` : m));
    const { levels } = bidi.getEmbeddingLevels(isolated, 'rtl');
    const chars = [...isolated];
    // code-point index → UTF-16 index (levels are per UTF-16 unit)
    const runs: { level: number; text: string }[] = [];
    let u = 0;
    for (const ch of chars) {
      const level = levels[u];
      u += ch.length;
      if (BIDI_CONTROL.test(ch)) continue;
      const odd = level % 2 === 1;
      const c = odd ? (bidi.getMirroredCharacter(ch) ?? ch) : ch;
      const last = runs.at(-1);
      if (last && last.level === level) last.text += c;
      else runs.push({ level, text: c });
    }
    // rule L2: from the highest level down to the lowest odd level, reverse every sequence at that level or higher
    const max = Math.max(...runs.map((r) => r.level));
    const minOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
    for (let lv = max; lv >= minOdd; lv--) {
      for (let i = 0; i < runs.length; i++) {
        if (runs[i].level < lv) continue;
        let j = i;
        while (j + 1 < runs.length && runs[j + 1].level >= lv) j++;
        runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
        i = j;
      }
    }
    const out: { font: string; text: string; width: number }[] = [];
    for (const r of runs) {
      let pieces = this.fontRuns(r.text);
      if (r.level % 2 === 1) {
        // right to left: pieces go right to left; fontkit reverses a piece with Arabic letters itself
        pieces = pieces.reverse().map((p) => (ARABIC_LETTER.test(p.text) ? p : { ...p, text: [...p.text].reverse().join('') }));
      }
      for (const p of pieces) out.push({ ...p, width: this.doc.font(p.font).widthOfString(p.text, { features: WHOLE_RUN }) });
    }
    return out;
  }
}
