/**
 * One line of a summary block (cart, side cart, order summary, payment box, custom box): the label
 * at the start, the value at the end (`summary-row`; `summary-total` for the total, `card-meta`
 * for a note such as the VAT contained).
 */
import type { HTMLAttributes, ReactNode } from 'react';

export function SummaryRow({
  label,
  value,
  testId,
  className,
  ...valueProps
}: {
  label: ReactNode;
  value: ReactNode;
  /** `data-testid` of the value. */
  testId?: string;
  /** Classes added to `summary-row`. */
  className?: string;
} & Pick<HTMLAttributes<HTMLSpanElement>, 'aria-live'>) {
  return (
    <div className={className ? `summary-row ${className}` : 'summary-row'}>
      <span>{label}</span>
      <span data-testid={testId} {...valueProps}>
        {value}
      </span>
    </div>
  );
}
