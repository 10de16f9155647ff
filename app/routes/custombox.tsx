/**
 * The custom box builder (/custombox; specification §1, §4, §5, §9). The customer picks
 * a box model, at least 5 different single cigars (filters by strength and vitola, + / − per
 * variety, a live count against the capacity, the running price), a gift card or engraving text,
 * and presses Create: the box becomes ONE line of the cart (core/custom-box).
 *
 * Works without JavaScript: it is one real form posting to this route's action. The + / − buttons
 * and the filter button are submit buttons the action answers by echoing the form with the change;
 * Create validates on the server and shows the errors. With JavaScript the same controls update
 * the page at once and the preview is live.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/custombox';
import { BOX_MESSAGE_KINDS, type BoxMessageKind } from '../../core/custom-box/browser.ts';
import { createBox } from '../../core/cart/index.ts';
import { boxOptions } from '../../core/custom-box/index.ts';
import { BoxPreview, hueOf } from '../components/custombox/BoxPreview.tsx';
import { StrengthScale } from '../components/StrengthScale.tsx';
import { translate } from '../i18n/resources.server.ts';
import { pageAction } from '../lib/page-action.server.ts';
import { useFormat } from '../lib/format.ts';
import { pageMeta } from '../lib/meta.ts';
import '../styles/custombox.css';

const STRENGTHS = ['Mild', 'Mild-Medium', 'Medium', 'Medium-Full-bodied', 'Full-bodied'] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const o = await boxOptions(context.shop.db);
  return {
    title: translate(context.lang, 'custombox:title'),
    description: translate(context.lang, 'custombox:metaDescription'),
    canonical: `${context.origin}/custombox`,
    min: o.minVarieties,
    limits: o.messageLimits,
    models: o.models.map((m) => ({ id: m.id, name: m.name, capacity: m.capacity, price: m.price, drawing: m.drawing })),
    varieties: o.varieties.map((v) => ({
      id: v.id,
      name: v.name,
      brand: v.brand,
      packaging: v.packaging,
      stock: v.stock,
      strength: v.strength,
      vitola: v.vitola,
      lengthMm: v.lengthMm,
      ringGauge: v.ringGauge,
      wrapper: v.wrapper,
      unitPrice: v.unitPrice,
      basePrice: v.basePrice,
      discountPercent: v.discountPercent,
    })),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta({ title: data.title, description: data.description, canonical: data.canonical }) : []);

/** The builder's state, as the form carries it. */
type Values = { boxID: string; qty: Record<string, number>; messageKind: BoxMessageKind; message: string; strength: string; vitola: string };

const MAX_FIELDS = 400;
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/;
const str = (v: FormDataEntryValue | null, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** Reads the form into {@link Values}; counts are clamped to 0..100, unknown keys ignored. */
function readValues(form: FormData): Values {
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

type ActionResult = { values: Values; error?: string; field?: string; status?: string };

export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ActionResult>({ values: emptyValues(''), error: translate(context.lang, 'custombox:invalidRequest') }, { status: 400 });
  }
  if ([...form.keys()].length > MAX_FIELDS)
    return data<ActionResult>({ values: emptyValues(''), error: translate(context.lang, 'custombox:invalidRequest') }, { status: 400 });
  const values = readValues(form);
  const step = str(form.get('step'), 80);
  if (step) {
    // a + / − pressed without JavaScript: answer the form with the count changed
    const [op, id] = [step.slice(0, 3), step.slice(4)];
    const n = (values.qty[id] ?? 0) + (op === 'inc' ? 1 : -1);
    if (n > 0) values.qty[id] = Math.min(n, 100);
    else delete values.qty[id];
    return { values, status: translate(context.lang, 'custombox:updated') } satisfies ActionResult;
  }
  if (form.get('intent') !== 'create') return { values } satisfies ActionResult; // filter / refresh
  if (CONTROL.test(values.message))
    return data<ActionResult>({ values, error: translate(context.lang, 'custombox:invalidText'), field: 'message' }, { status: 400 });
  return pageAction(
    context,
    async () => {
      await createBox(
        context.shop.db,
        context.cartKey,
        {
          modelId: values.boxID,
          items: Object.entries(values.qty).map(([productId, count]) => ({ productId, count })),
          messageKind: values.messageKind,
          message: values.message,
        },
        context.auth?.userId ?? null,
      );
      return redirect('/shopcart?box=created');
    },
    // the page marks one field: the first the error names, else the box's contents
    { extra: (e): ActionResult => ({ values, field: Object.keys(e.opts.fields ?? {})[0] ?? 'items' }) },
  );
}

function emptyValues(boxID: string): Values {
  return { boxID, qty: {}, messageKind: 'card', message: '', strength: '', vitola: '' };
}

export default function CustomBox({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  // a new answer of the action (no JavaScript, or a server error) resets the state to it
  return <Builder key={JSON.stringify(actionData ?? null)} d={d} result={actionData as ActionResult | undefined} />;
}

function Builder({ d, result }: { d: Route.ComponentProps['loaderData']; result?: ActionResult }) {
  const { t } = useTranslation('custombox');
  const { t: tc } = useTranslation('catalogue');
  const { price } = useFormat();
  const busy = useNavigation().state === 'submitting';
  const first = d.models.find((m) => m.capacity === 10) ?? d.models[0];
  const [v, setV] = useState<Values>(() => result?.values ?? emptyValues(first?.id ?? ''));
  const [clientError, setClientError] = useState<{ error: string; field: string } | null>(null);
  // What the visitor chose before the page's scripts ran (they start after the page's `load`
  // event, ADR 013): hydration keeps React's initial state and would undo a box or a message
  // picked meanwhile, so the form's live values are read once, right after hydration.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!formRef.current) return;
    const live = readValues(new FormData(formRef.current));
    setV((s) => (JSON.stringify(live) === JSON.stringify(s) ? s : live));
  }, []);
  const model = d.models.find((m) => m.id === v.boxID) ?? first;
  const byId = useMemo(() => new Map(d.varieties.map((x) => [x.id, x])), [d.varieties]);
  const chosen = Object.entries(v.qty).filter(([id, n]) => n > 0 && byId.has(id));
  const count = chosen.reduce((s, [, n]) => s + n, 0);
  const varieties = chosen.length;
  const capacity = model?.capacity ?? 0;
  const total = (model?.price ?? 0) + chosen.reduce((s, [id, n]) => s + byId.get(id)!.unitPrice * n, 0);
  const limit = d.limits[v.messageKind];
  const vitolas = useMemo(() => [...new Set(d.varieties.map((x) => x.vitola).filter((x): x is string => Boolean(x)))].sort(), [d.varieties]);
  const visible = (x: (typeof d.varieties)[number]) => (!v.strength || x.strength === v.strength) && (!v.vitola || x.vitola === v.vitola);
  const shownCount = d.varieties.filter(visible).length;
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
    if (submitter?.value !== 'create') {
      e.preventDefault(); // filters apply live with JavaScript
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
          {/* the default button: Enter in a field refreshes the form instead of pressing + or − */}
          <button type="submit" name="intent" value="refresh" className="visually-hidden" tabIndex={-1} aria-hidden="true">
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
            <fieldset className="cb-step" id="cb-boxID" tabIndex={-1}>
              <legend>
                <span className="cb-num">1</span> {t('chooseBox')}
              </legend>
              <div className="cb-models">
                {d.models.map((m) => (
                  <label key={m.id} className={`cb-model${m.id === model?.id ? ' is-on' : ''}`} data-testid="box-model">
                    <input
                      type="radio"
                      name="boxID"
                      value={m.id}
                      checked={m.id === model?.id}
                      onChange={() => {
                        setClientError(null);
                        setV((s) => ({ ...s, boxID: m.id }));
                      }}
                    />
                    <BoxIcon drawing={m.drawing} />
                    <span className="cb-model-name">{t(`drawing.${m.drawing}`)}</span>
                    <span className="cb-model-cap">{t('holds', { count: m.capacity })}</span>
                    <span className="price">{price(m.price)}</span>
                  </label>
                ))}
              </div>
            </fieldset>

            <fieldset className="cb-step" id="cb-items" tabIndex={-1} aria-describedby="cb-rule">
              <legend>
                <span className="cb-num">2</span> {t('chooseCigars')}
              </legend>
              <p id="cb-rule" className="card-meta">
                {t('rule', { min: d.min, capacity })}
              </p>
              <div className="cb-filters">
                <div className="field">
                  <label htmlFor="cb-strength">{tc('spec.strength')}</label>
                  <select
                    id="cb-strength"
                    name="strength"
                    data-early-filter="strength"
                    value={v.strength}
                    onChange={(e) => setV((s) => ({ ...s, strength: e.target.value }))}
                  >
                    <option value="">{t('all')}</option>
                    {STRENGTHS.map((s) => (
                      <option key={s} value={s}>
                        {tc(`strength.${s}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="cb-vitola">{tc('spec.vitola')}</label>
                  <select
                    id="cb-vitola"
                    name="vitola"
                    data-early-filter="vitola"
                    value={v.vitola}
                    onChange={(e) => setV((s) => ({ ...s, vitola: e.target.value }))}
                  >
                    <option value="">{t('all')}</option>
                    {vitolas.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </div>
                <noscript>
                  <button type="submit" name="intent" value="filter" className="btn btn-small btn-ghost">
                    {t('applyFilters')}
                  </button>
                </noscript>
                <p className="card-meta cb-shown" aria-live="polite">
                  {t('shown', { count: shownCount })}
                </p>
              </div>
              {d.varieties.length === 0 && <p className="empty">{t('noCigars')}</p>}
              <ul className="cb-list">
                {d.varieties.map((x) => {
                  const n = v.qty[x.id] ?? 0;
                  const max = Math.min(x.stock, 100);
                  return (
                    <li
                      key={x.id}
                      className={`cb-item${n > 0 ? ' is-on' : ''}`}
                      hidden={!visible(x)}
                      data-testid="box-variety"
                      data-early-item=""
                      data-strength={x.strength ?? ''}
                      data-vitola={x.vitola ?? ''}
                    >
                      <span className="cb-swatch" aria-hidden="true" style={{ background: `hsl(${hueOf(x.id)} 42% 28%)` }} />
                      <div className="cb-item-text">
                        <span className="card-brand">{x.brand}</span>
                        <span className="cb-item-name" id={`cb-name-${x.id}`}>
                          {x.name}
                        </span>
                        <span className="card-meta">
                          {[x.vitola, x.lengthMm ? `${x.lengthMm} mm` : null, x.ringGauge ? t('ring', { rg: x.ringGauge }) : null, x.wrapper]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                        <span className="cb-item-foot">
                          <StrengthScale strength={x.strength} />
                          <span className="price">
                            {price(x.unitPrice)}
                            {x.discountPercent > 0 && <span className="price-old">{price(x.basePrice)}</span>}
                          </span>
                          {x.stock <= 5 && <span className="card-meta">{t('fewLeft', { count: x.stock })}</span>}
                        </span>
                      </div>
                      <div className="cb-stepper" role="group" aria-labelledby={`cb-name-${x.id}`}>
                        <button
                          type="submit"
                          name="step"
                          value={`dec:${x.id}`}
                          className="icon-btn cb-step-btn"
                          disabled={n === 0}
                          aria-label={t('less', { name: x.name })}
                          formNoValidate
                        >
                          −
                        </button>
                        <label className="visually-hidden" htmlFor={`cb-q-${x.id}`}>
                          {t('quantityOf', { name: x.name })}
                        </label>
                        <input
                          id={`cb-q-${x.id}`}
                          className="cb-qty"
                          type="number"
                          inputMode="numeric"
                          name={`qty.${x.id}`}
                          min={0}
                          max={max}
                          value={n === 0 ? '' : n}
                          placeholder="0"
                          onChange={(e) => setQty(x.id, Math.max(0, Math.min(max, Number.parseInt(e.target.value || '0', 10) || 0)))}
                        />
                        <button
                          type="submit"
                          name="step"
                          value={`inc:${x.id}`}
                          className="icon-btn cb-step-btn"
                          disabled={n >= max || count >= capacity}
                          aria-label={t('more', { name: x.name })}
                          formNoValidate
                        >
                          +
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </fieldset>

            <fieldset className="cb-step" id="cb-message" tabIndex={-1}>
              <legend>
                <span className="cb-num">3</span> {t('personalise')}
              </legend>
              <div className="cb-kinds">
                {BOX_MESSAGE_KINDS.map((k) => (
                  <label key={k} className="cb-kind">
                    <input type="radio" name="messageKind" value={k} checked={v.messageKind === k} onChange={() => setV((s) => ({ ...s, messageKind: k }))} />
                    {t(`kind.${k}`)} <span className="card-meta">({t('upTo', { count: d.limits[k] })})</span>
                  </label>
                ))}
              </div>
              <div className="field">
                <label htmlFor="cb-text">{t(`textLabel.${v.messageKind}`)}</label>
                <textarea
                  id="cb-text"
                  name="message"
                  rows={v.messageKind === 'card' ? 3 : 1}
                  maxLength={limit}
                  value={v.message}
                  aria-describedby="cb-text-count"
                  aria-invalid={error?.field === 'message' ? true : undefined}
                  onChange={(e) => {
                    setClientError(null);
                    setV((s) => ({ ...s, message: e.target.value }));
                  }}
                  placeholder={t(`placeholder.${v.messageKind}`)}
                />
                <p id="cb-text-count" className={`card-meta${[...v.message].length > limit ? ' field-error' : ''}`}>
                  {t('chars', { count: [...v.message].length, max: limit })}
                </p>
              </div>
            </fieldset>
          </div>

          <aside className="cb-side" aria-labelledby="cb-summary-h">
            <h2 id="cb-summary-h">{t('yourBox')}</h2>
            {model && (
              <BoxPreview
                drawing={model.drawing}
                capacity={capacity}
                cigars={previewCigars}
                messageKind={v.messageKind}
                message={v.message.slice(0, limit)}
                label={t('previewLabel', { box: t(`drawing.${model.drawing}`), count, capacity })}
              />
            )}
            <div className="cb-meter" aria-hidden="true">
              <span style={{ width: `${Math.min(100, (count / Math.max(1, capacity)) * 100)}%` }} className={over ? 'is-over' : undefined} />
            </div>
            <p className={`cb-count${over ? ' field-error' : ''}`} aria-live="polite" data-testid="box-count">
              {summary} · {t('varieties', { count: varieties, min: d.min })}
            </p>
            {chosen.length > 0 && (
              <ul className="cb-chosen">
                {chosen.map(([id, n]) => (
                  <li key={id}>
                    <span>
                      {n} × {byId.get(id)!.name}
                    </span>
                    <span>{price(byId.get(id)!.unitPrice * n)}</span>
                  </li>
                ))}
              </ul>
            )}
            <div className="summary-row">
              <span>{t('boxPrice')}</span>
              <span>{price(model?.price ?? 0)}</span>
            </div>
            <div className="summary-row summary-total">
              <span>{t('total')}</span>
              <span data-testid="box-total" aria-live="polite">
                {price(total)}
              </span>
            </div>
            <p className="card-meta">{t('pricing')}</p>
            <button type="submit" name="intent" value="create" className="btn" style={{ width: '100%' }} disabled={busy} data-testid="box-create">
              {busy ? t('creating') : t('create')}
            </button>
            <p className="card-meta" style={{ marginTop: 8 }}>
              <Link to="/shopcart">{t('toCart')}</Link>
            </p>
          </aside>
          <div className="cb-bar" aria-hidden="true">
            <span>{summary}</span>
            <strong>{price(total)}</strong>
          </div>
        </Form>
      )}
    </div>
  );
}

/** A small drawing of a closed box in its model's wood (the model choice). */
function BoxIcon({ drawing }: { drawing: string }) {
  const c = { cedar: ['#9a5b32', '#c98f5d'], mahogany: ['#5e2218', '#8c3b28'], ebony: ['#1d1714', '#3a2e27'], leather: ['#6b3f22', '#a8764a'] }[drawing] ?? [
    '#9a5b32',
    '#c98f5d',
  ];
  return (
    <svg viewBox="0 0 80 50" width="80" height="50" aria-hidden="true" className="cb-model-icon">
      <rect x="4" y="14" width="72" height="32" rx="4" fill={c[0]} />
      <rect x="2" y="6" width="76" height="12" rx="3" fill={c[1]} />
      <rect x="32" y="22" width="16" height="8" rx="1" fill="#c9a24a" />
    </svg>
  );
}
