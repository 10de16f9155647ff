/** Text of a PDF, page by page, with pdfjs-dist (Mozilla's PDF.js) — to check generated PDFs. */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

/** Opens a PDF with PDF.js: its standard fonts from the package, no system fonts, no eval. */
const openPdf = (pdf: Buffer) =>
  getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, standardFontDataUrl: fontDir, isEvalSupported: false }).promise;

export async function pdfText(pdf: Buffer): Promise<string[]> {
  const doc = await openPdf(pdf);
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

/** The text items of a PDF's first page as PDF.js reads them: each drawn line of text, with its position (points, origin bottom left). */
export async function pdfTextItems(pdf: Buffer): Promise<{ str: string; x: number; y: number }[]> {
  const doc = await openPdf(pdf);
  const content = await (await doc.getPage(1)).getTextContent();
  const items = content.items.flatMap((it) =>
    'str' in it && it.str.trim() ? [{ str: it.str, x: it.transform[4] as number, y: it.transform[5] as number }] : [],
  );
  await doc.destroy();
  return items;
}
