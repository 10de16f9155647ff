/** The frame of a section of the admin's order page, and the pieces its sections share. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A section of the admin's order page: its heading (id `<id>-h`, naming the section) and content. */
export function OrderPanel({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-h`} className="admin-panel" id={id}>
      <h2 id={`${id}-h`} className="checkout-h2">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** ` · Credit note <number>`, linked to its PDF (a refund's or an accepted return's), or nothing without one. */
export function CreditNoteLink({ number }: { number: string | null | undefined }) {
  const { t: ta } = useTranslation('adminshop');
  if (!number) return null;
  return (
    <>
      {' · '}
      <a href={`/admin/order/creditnote?no=${encodeURIComponent(number)}`}>
        {ta('refund.creditNote')} <bdi>{number}</bdi>
      </a>
    </>
  );
}
