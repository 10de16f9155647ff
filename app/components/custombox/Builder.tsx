/**
 * The custom box builder (/custombox): one real form, so that it works without JavaScript: the
 * + / − buttons post it to the route's action, which echoes the form with the change; Create is
 * validated on the server; the search, the filters and the pager submit it as a GET, so that the
 * list's page and the choices made so far are query parameters (app/lib/custom-box.server.ts). The
 * chosen cigars that are not on the shown page go with the form as hidden fields. With JavaScript
 * the same controls update the page at once (the pager and search fetch the next page's data
 * only), the preview is live and Create is checked before sending.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Form, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hueOf } from './BoxPreview.tsx';
import { BoxSummary } from './BoxSummary.tsx';
import { CigarStep, type ListFilter } from './CigarStep.tsx';
import { MessageStep } from './MessageStep.tsx';
import { ModelStep } from './ModelStep.tsx';
import { readValues, valuesSearch, type BoxFormResult, type BoxValues } from '../../lib/box-form.ts';
import type { BoxBuilderData, BoxBuilderVariety } from '../../lib/custom-box.server.ts';
import { useFormat } from '../../lib/format.ts';

/** How long typing in the search waits before the list is asked for, in ms. */
const SEARCH_DELAY_MS = 300;

/** The cigars of the loader's data (this page's and the chosen ones elsewhere), by id. */
function varietiesById(d: BoxBuilderData): Map<string, BoxBuilderVariety> {
  return new Map([...d.chosen, ...d.varieties].map((x) => [x.id, x]));
}

export function Builder({ d, result }: { d: BoxBuilderData; result?: BoxFormResult }) {
  const { t } = useTranslation('custombox');
  const { price } = useFormat();
  const busy = useNavigation().state === 'submitting';
  const navigate = useNavigate();
  const first = d.models.find((m) => m.capacity === 10) ?? d.models[0];
  const [v, setV] = useState<BoxValues>(() => result?.values ?? (d.values.boxID ? d.values : { ...d.values, boxID: first?.id ?? '' }));
  // every cigar this page has shown: the chosen ones stay known while another page of the list
  // is shown or on its way (kept in state, adjusted when the loader's data changes)
  const [known, setKnown] = useState(() => varietiesById(d));
  const [knownFor, setKnownFor] = useState(d);
  if (knownFor !== d) {
    setKnownFor(d);
    setKnown((k) => new Map([...k, ...varietiesById(d)]));
  }
  const byId = knownFor === d ? known : new Map([...known, ...varietiesById(d)]);
  // the latest state, for the search's timer and the pager's handler
  const latest = useRef(v);
  useLayoutEffect(() => {
    latest.current = v;
  });
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  /** Shows `page` of the list for the state `s` (its search, filters and choices in the URL). */
  const showPage = (s: BoxValues, page: number, replace = false) => {
    clearTimeout(searchTimer.current);
    void navigate(`/custombox${valuesSearch(s, page)}`, { replace, preventScrollReset: true });
  };
  const [clientError, setClientError] = useState<{ error: string; field: string } | null>(null);
  // What the visitor chose before the page's scripts ran (they start after the page's `load`
  // event, ADR 013): hydration keeps React's initial state and would undo a box or a message
  // picked meanwhile, so the form's live values are read once, in the commit of hydration. A
  // layout effect, not a passive one: a tap during hydration makes React finish hydrating and
  // then run the tap's handler, and a passive effect run after that handler replaced the count
  // it had just added by the form's values (4 taps counted 3).
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    if (!formRef.current) return;
    const live = readValues(new FormData(formRef.current));
    setV((s) => (JSON.stringify(live) === JSON.stringify(s) ? s : live));
  }, []);
  const model = d.models.find((m) => m.id === v.boxID) ?? first;
  const chosen = Object.entries(v.qty).filter(([id, n]) => n > 0 && byId.has(id));
  const count = chosen.reduce((s, [, n]) => s + n, 0);
  const varieties = chosen.length;
  const capacity = model?.capacity ?? 0;
  const total = (model?.price ?? 0) + chosen.reduce((s, [id, n]) => s + byId.get(id)!.unitPrice * n, 0);
  const limit = d.limits[v.messageKind];
  const previewCigars = chosen.flatMap(([id, n]) => {
    const x = byId.get(id)!;
    return Array.from({ length: n }, () => ({ id, lengthMm: x.lengthMm, ringGauge: x.ringGauge, hue: hueOf(id) }));
  });
  const error = clientError ?? (result?.error ? { error: result.error, field: result.field ?? 'items' } : null);
  const over = count > capacity;

  /** Sets a count to `n`, or (with `delta`) changes the count in the latest state by `delta`. */
  const setQty = (id: string, n: number, delta?: number) => {
    setClientError(null);
    setV((s) => {
      const qty = { ...s.qty };
      const next = delta === undefined ? n : (s.qty[id] ?? 0) + delta;
      if (next > 0) qty[id] = Math.min(next, 100);
      else delete qty[id];
      return { ...s, qty };
    });
  };

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === 'step') {
      e.preventDefault();
      const [op, id] = [submitter.value.slice(0, 3), submitter.value.slice(4)];
      // relative to the latest state: a tap right after hydration follows the counts read from the form
      setQty(id, 0, op === 'inc' ? 1 : -1);
      return;
    }
    if (submitter?.name === 'page') {
      // the pager, the search button or Enter in a field: the list's page with the state as it is
      e.preventDefault();
      showPage(latest.current, Number(submitter.value) || 1);
      if (submitter.dataset.pager !== undefined) document.getElementById('cb-items')?.scrollIntoView({ block: 'start' });
      return;
    }
    if (submitter?.value !== 'create') {
      e.preventDefault();
      return;
    }
    let problem: { error: string; field: string } | null = null;
    if (!model) problem = { error: t('errors:boxUnknownModel'), field: 'boxID' };
    else if (varieties < d.min) problem = { error: t('errors:boxMinimumCigars', { min: d.min }), field: 'items' };
    else if (over) problem = { error: t('errors:boxCapacityExceeded', { capacity, count }), field: 'items' };
    else if ([...v.message.trim()].length > limit) problem = { error: t('errors:boxMessageTooLong', { max: limit }), field: 'message' };
    if (problem) {
      e.preventDefault();
      setClientError(problem);
      document.getElementById(`cb-${problem.field}`)?.focus();
    }
  }

  const summary = t('count', { count, capacity });
  return (
    <div className="container cb">
      <header className="page-head">
        <p className="eyebrow">{t('eyebrow')}</p>
        <h1>{t('title')}</h1>
        <p>{t('intro', { min: d.min })}</p>
      </header>
      {d.models.length === 0 ? (
        <div className="empty">
          <p>{t('noModels')}</p>
        </div>
      ) : (
        // before the page's scripts ran, the steppers and filters work in place (data-early-*,
        // app/lib/early-controls.ts) instead of posting the form: a late answer to such a post would
        // replace the page and the counts made after hydration
        <Form
          ref={formRef}
          method="post"
          className="cb-layout"
          onSubmit={onSubmit}
          noValidate
          aria-describedby={error ? 'cb-error' : undefined}
          data-early-steps=""
        >
          {/* the default button: Enter in a field shows the list for the search and the counts as
              typed (a GET of the form) instead of pressing + or − */}
          <button type="submit" name="page" value="1" formMethod="get" className="visually-hidden" tabIndex={-1} aria-hidden="true">
            {t('refresh')}
          </button>
          <div className="cb-main">
            {error && (
              <p className="form-error" role="alert" id="cb-error" data-testid="box-error">
                {error.error}
              </p>
            )}
            {result?.status && !error && (
              <p className="visually-hidden" role="status">
                {result.status}
              </p>
            )}
            <ModelStep
              models={d.models}
              chosen={model?.id}
              onChoose={(id) => {
                setClientError(null);
                setV((s) => ({ ...s, boxID: id }));
              }}
            />
            <CigarStep
              d={d}
              min={d.min}
              capacity={capacity}
              count={count}
              qty={v.qty}
              values={v}
              onFilter={(filter: ListFilter, value: string) => {
                const next = { ...latest.current, [filter]: value };
                setV(next);
                if (filter === 'q') {
                  clearTimeout(searchTimer.current);
                  searchTimer.current = setTimeout(() => showPage(latest.current, 1, true), SEARCH_DELAY_MS);
                } else showPage(next, 1, true);
              }}
              setQty={setQty}
            />
            <MessageStep
              kind={v.messageKind}
              message={v.message}
              limits={d.limits}
              invalid={error?.field === 'message'}
              onKind={(k) => setV((s) => ({ ...s, messageKind: k }))}
              onMessage={(text) => {
                setClientError(null);
                setV((s) => ({ ...s, message: text }));
              }}
            />
          </div>
          <BoxSummary
            model={model}
            summary={summary}
            count={count}
            capacity={capacity}
            varieties={varieties}
            min={d.min}
            chosen={chosen.map(([id, n]) => ({ id, n, name: byId.get(id)!.name, unitPrice: byId.get(id)!.unitPrice }))}
            previewCigars={previewCigars}
            messageKind={v.messageKind}
            message={v.message.slice(0, limit)}
            total={total}
            busy={busy}
          />
          {/* on a phone, the box's state and Create stay at hand while the list scrolls */}
          <div className="cb-bar">
            <span className="cb-bar-text">
              <span>{summary}</span>
              <strong>{price(total)}</strong>
            </span>
            <button type="submit" name="intent" value="create" className="btn btn-small" disabled={busy} data-testid="box-bar-create">
              {busy ? t('creating') : t('create')}
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}
