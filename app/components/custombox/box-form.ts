/**
 * The custom box builder's form: its state as the form carries it, read the same way by the
 * route's action (no JavaScript) and by the page right after hydration.
 */
import { BOX_MESSAGE_KINDS, type BoxMessageKind } from '../../../core/custom-box/browser.ts';

/** The builder's state, as the form carries it. */
export type BoxValues = { boxID: string; qty: Record<string, number>; messageKind: BoxMessageKind; message: string; strength: string; vitola: string };

/** A form field as text of at most `max` characters ('' when absent or a file). */
export const str = (v: FormDataEntryValue | null, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** Reads the form into {@link BoxValues}; counts are clamped to 0..100, unknown keys ignored. */
export function readValues(form: FormData): BoxValues {
  const qty: Record<string, number> = {};
  for (const [k, v] of form) {
    if (!k.startsWith('qty.') || typeof v !== 'string') continue;
    const n = Number.parseInt(v, 10);
    const id = k.slice(4, 68);
    if (id && Number.isFinite(n) && n > 0) qty[id] = Math.min(n, 100);
  }
  const kind = str(form.get('messageKind'), 20);
  return {
    boxID: str(form.get('boxID'), 64),
    qty,
    messageKind: (BOX_MESSAGE_KINDS as readonly string[]).includes(kind) ? (kind as BoxMessageKind) : 'card',
    message: str(form.get('message'), 2000),
    strength: str(form.get('strength'), 40),
    vitola: str(form.get('vitola'), 80),
  };
}

/** An empty builder with the model `boxID` chosen. */
export function emptyValues(boxID: string): BoxValues {
  return { boxID, qty: {}, messageKind: 'card', message: '', strength: '', vitola: '' };
}

/** The action's answer the builder shows: the echoed form, an error and its field, a status for screen readers. */
export type BoxFormResult = { values: BoxValues; error?: string; field?: string; status?: string };
