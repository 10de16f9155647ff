/** The frame of the account pages (register, confirm, reset, forgot): their title over the content. */
import type { ReactNode } from 'react';

export function AccountPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="container account-page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
