/**
 * The frame of a step of the custom box builder: a fieldset named by its number and title,
 * focusable (`tabIndex=-1`) so that the builder can move focus to the step to fix.
 */
import type { ReactNode } from 'react';

export function BoxStep({ n, id, title, describedBy, children }: { n: number; id: string; title: ReactNode; describedBy?: string; children: ReactNode }) {
  return (
    <fieldset className="cb-step" id={id} tabIndex={-1} aria-describedby={describedBy}>
      <legend>
        <span className="cb-num">{n}</span> {title}
      </legend>
      {children}
    </fieldset>
  );
}
