/** The image path of a product, or its generated placeholder (never a broken image). */
export function productImageSrc(p: { id: string; images?: { path: string }[] | null }): string {
  return p.images?.[0]?.path ?? `/images/placeholder/${encodeURIComponent(p.id)}.svg`;
}
