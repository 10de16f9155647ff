/** The frame of the account pages (register, confirm, reset, forgot): their title over the content. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AccountPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="container account-page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** The button-styled link to the page's next step (log in, ask for a new link). */
export function NextStep({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="btn">
        {children}
      </Link>
    </p>
  );
}
