/**
 * One panel of the admin dashboard: a titled section with a short list, or its "none" line when
 * the count is zero; `children` follows the list (links to the full page, a note).
 */
import type { ReactNode } from 'react';

export function DashPanel<T>({
  id,
  title,
  none,
  items,
  count = items.length,
  itemKey,
  item,
  testId,
  ordered = false,
  className = 'admin-panel',
  children,
}: {
  /** Id of the heading (the section's label). */
  id: string;
  title: ReactNode;
  /** The line shown when there is nothing to list. */
  none: ReactNode;
  items: readonly T[];
  /** How many there are in all (the list shows the latest few); default the items' number. */
  count?: number;
  itemKey: (item: T) => string | number;
  /** The content of one `<li>`. */
  item: (item: T) => ReactNode;
  testId: string;
  /** A ranking (`<ol>`) rather than a list. */
  ordered?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {count === 0 ? (
        <p className="card-meta">{none}</p>
      ) : (
        <List className="dash-list" data-testid={testId}>
          {items.map((x) => (
            <li key={itemKey(x)}>{item(x)}</li>
          ))}
        </List>
      )}
      {children}
    </section>
  );
}
