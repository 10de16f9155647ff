/**
 * Page links for a paged list: the current page marked, the others as links. With many pages it
 * shows the first, the last and two on each side of the current one, with "…" between.
 */
import { Link } from 'react-router';

/** The page numbers to show (1-based), `null` standing for a gap. */
export function pagerItems(page: number, pageCount: number): (number | null)[] {
  if (pageCount <= 9) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = new Set([1, pageCount, ...[-2, -1, 0, 1, 2].map((d) => page + d)].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1] > 1 ? [null, n] : [n]));
}

export function Pager({
  page,
  pageCount,
  href,
  label,
  pageLabel,
}: {
  page: number;
  pageCount: number;
  href: (n: number) => string;
  label: string;
  pageLabel?: (n: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      {pagerItems(page, pageCount).map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} aria-hidden="true">
            …
          </span>
        ) : n === page ? (
          <span key={n} aria-current="page">
            {n}
          </span>
        ) : (
          <Link key={n} to={href(n)} aria-label={pageLabel?.(n)}>
            {n}
          </Link>
        ),
      )}
    </nav>
  );
}
