/**
 * The custom box builder's form: its state as the form carries it, read the same way by the
 * route's action (no JavaScript), by its loader (the form's GET: paging and searching,
 * app/lib/custom-box.server.ts) and by the page right after hydration.
 */
import { BOX_MESSAGE_KINDS, type BoxMessageKind } from '../../core/custom-box/browser.ts';
import { MAX_ID_LENGTH } from '../../core/validation.ts';

/** The builder's state, as the form carries it. */
export type BoxValues = {
  boxID: string;
  qty: Record<string, number>;
  messageKind: BoxMessageKind;
  message: string;
  /** The list's search (words of a name or brand) and filters; empty for none. */
  q: string;
  brand: string;
  strength: string;
  vitola: string;
};

/** The fields of a form, or of a query string (the builder's GET: paging and searching). */
type Fields = Iterable<[string, FormDataEntryValue]>;

/**
 * Reads the form (or query string) into {@link BoxValues}, in one pass over its fields (the
 * first text of each name; files ignored): the builder's own lenient reader, shared with the
 * browser, which cuts over-long text instead of refusing it (the route's action reads its
 * other fields with readForm; core checks the box when it is created). Counts are clamped to
 * 0..100, unknown keys ignored.
 */
export function readValues(form: Fields): BoxValues {
  const qty: Record<string, number> = {};
  const first: Record<string, string> = {};
  for (const [k, v] of form) {
    if (typeof v !== 'string') continue;
    first[k] ??= v;
    if (!k.startsWith('qty.')) continue;
    const n = Number.parseInt(v, 10);
    const id = k.slice(4, 4 + MAX_ID_LENGTH);
    if (id && Number.isFinite(n) && n > 0) qty[id] = Math.min(n, 100);
  }
  const text = (name: string, max: number) => (first[name] ?? '').slice(0, max);
  const kind = text('messageKind', 20);
  return {
    boxID: text('boxID', MAX_ID_LENGTH),
    qty,
    messageKind: (BOX_MESSAGE_KINDS as readonly string[]).includes(kind) ? (kind as BoxMessageKind) : 'card',
    // cut well beyond the longest text core takes (MESSAGE_LIMITS), so core still names it too long
    message: text('message', 2000),
    q: text('q', 80),
    brand: text('brand', 80),
    strength: text('strength', 40),
    vitola: text('vitola', 80),
  };
}

/** An empty builder with the model `boxID` chosen. */
export function emptyValues(boxID: string): BoxValues {
  return { boxID, qty: {}, messageKind: 'card', message: '', q: '', brand: '', strength: '', vitola: '' };
}

/**
 * The builder's state as a query string (the GET of its form, without the empty fields), for
 * `page` of the list: what a pager or filter navigates to with JavaScript.
 */
export function valuesSearch(v: BoxValues, page: number): string {
  const s = new URLSearchParams();
  for (const k of ['q', 'brand', 'strength', 'vitola'] as const) if (v[k]) s.set(k, v[k]);
  if (page > 1) s.set('page', String(page));
  if (v.boxID) s.set('boxID', v.boxID);
  for (const [id, n] of Object.entries(v.qty)) if (n > 0) s.set(`qty.${id}`, String(n));
  if (v.messageKind !== 'card') s.set('messageKind', v.messageKind);
  if (v.message) s.set('message', v.message);
  const text = s.toString();
  return text ? `?${text}` : '';
}

/** The action's answer the builder shows: the echoed form, an error and its field, a status for screen readers. */
export type BoxFormResult = { values: BoxValues; error?: string; field?: string; status?: string };
