import type { ReactNode } from 'react';

/**
 * A line icon of the header and menus: a 24 × 24 drawing in the text colour whose shapes inherit
 * the stroke (width `weight`, round ends and corners), so each icon lists only its shapes; a shape
 * that is filled says so itself. Decorative (`aria-hidden`): the control it sits in carries the name.
 * @param size the rendered width and height, px.
 */
export function LineIcon({ size = 20, weight = 1.7, children }: { size?: number; weight?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
