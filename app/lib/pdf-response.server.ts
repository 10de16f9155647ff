/**
 * The answer of a PDF download (invoice, credit note): shown in the browser (`inline`) under the
 * given file name, and never stored by a cache (the documents are personal).
 */
export function pdfResponse(pdf: Uint8Array, fileName: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'private, no-store' },
  });
}
