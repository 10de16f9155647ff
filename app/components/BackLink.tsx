/** The "← back to …" line above a detail page; the arrow turns round in right-to-left languages (`.dir-arrow`). */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function BackLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <p className={className}>
      <Link to={to}>
        <span className="dir-arrow" aria-hidden="true">
          ←
        </span>{' '}
        {children}
      </Link>
    </p>
  );
}
