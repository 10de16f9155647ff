/** The favicon: a small cigar band mark, SVG. */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2a1d14"/><rect x="8" y="26" width="48" height="12" rx="6" fill="#8b5a2b"/><rect x="34" y="24" width="10" height="16" rx="2" fill="#c9a455"/></svg>`;

export function loader() {
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=604800' } });
}
