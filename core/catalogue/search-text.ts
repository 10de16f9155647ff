/**
 * Normalises text for search: lower case, accents removed (Unicode NFD, combining marks
 * dropped), punctuation folded to spaces. "Partagás Serie D" -> "partagas serie d".
 * Used both for the stored `search_text` column and for queries, so matching is
 * case- and accent-insensitive without a database extension.
 */
export function normalizeSearchText(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The searchable text of a product: name, brand, line, vitola and wrapper. */
export function productSearchText(p: { name: string; brand: string; line: string; vitola?: string | null; wrapper?: string | null }): string {
  const parts = [p.name, p.brand, p.line, p.vitola ?? '', p.wrapper ?? ''];
  return normalizeSearchText([...new Set(parts.filter(Boolean))].join(' '));
}

/**
 * A product's stored search text with the names the owner gave it in other languages
 * (`texts.<lang>.name`, CSV `name_<lang>`) added, so a visitor finds "Hausmischung" as well as
 * "Owner Blend". Added when the search index is built, so products saved before need no rewrite.
 */
export function searchTextWithNames(searchText: string, texts: Partial<Record<string, { name?: string }>> | null | undefined): string {
  const names = Object.values(texts ?? {})
    .map((t) => normalizeSearchText(t?.name ?? ''))
    .filter((n) => n && !searchText.includes(n));
  return [searchText, ...new Set(names)].join(' ');
}
