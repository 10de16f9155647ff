/**
 * The button-styled link to the page's next step, in a paragraph of its own (the products from
 * the home page or a missing product, log in, ask for a new link, a new promotion code).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function NextStep({ to, small = false, children }: { to: string; small?: boolean; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className={small ? 'btn btn-small' : 'btn'}>
        {children}
      </Link>
    </p>
  );
}
