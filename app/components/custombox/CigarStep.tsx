/**
 * Step 2 of the custom box builder: a search by name or brand, filters by brand, strength and
 * vitola, and one page of the single cigars that match (cut on the server,
 * app/lib/custom-box.server.ts), each with a − / + stepper and its count; the pager under it.
 * Without JavaScript the steppers post the form and the search and pager submit it as a GET; the
 * counts of chosen cigars on other pages go with it as hidden fields.
 */
import { useTranslation } from 'react-i18next';
import { catalogueValue, STRENGTHS } from '../../../core/catalogue/browser.ts';
import { ChoiceField } from '../forms.tsx';
import { StrengthScale } from '../StrengthScale.tsx';
import { hueOf } from './BoxPreview.tsx';
import { BoxStep } from './BoxStep.tsx';
import type { BoxValues } from '../../lib/box-form.ts';
import { useFormat } from '../../lib/format.ts';
import type { BoxBuilderData, BoxBuilderVariety } from '../../lib/custom-box.server.ts';

/** A field of the list's search and filters. */
export type ListFilter = 'q' | 'brand' | 'strength' | 'vitola';

export function CigarStep({
  d,
  min,
  capacity,
  count,
  qty,
  values,
  onFilter,
  setQty,
}: {
  /** The page of the list, its place among the pages and the filters' choices. */
  d: Pick<BoxBuilderData, 'varieties' | 'page' | 'pages' | 'found' | 'offered' | 'brands' | 'vitolas'>;
  /** The fewest different cigars a box holds. */
  min: number;
  capacity: number;
  /** Cigars chosen so far. */
  count: number;
  qty: Record<string, number>;
  /** The search and filters as chosen (those of the shown page until the next one has come). */
  values: Pick<BoxValues, ListFilter>;
  onFilter: (filter: ListFilter, value: string) => void;
  setQty: (id: string, n: number) => void;
}) {
  const { t } = useTranslation('custombox');
  const { t: tc } = useTranslation('catalogue');
  const { varieties } = d;
  // the page's items follow a filter at once, in place (before the scripts too, app/lib/early-controls.ts);
  // the server's list for it follows
  const visible = (x: BoxBuilderVariety) =>
    (!values.brand || x.brand === values.brand) && (!values.strength || x.strength === values.strength) && (!values.vitola || x.vitola === values.vitola);
  const onPage = new Set(varieties.map((x) => x.id));
  const elsewhere = Object.entries(qty).filter(([id, n]) => n > 0 && !onPage.has(id));
  return (
    <BoxStep n={2} id="cb-items" title={t('chooseCigars')} describedBy="cb-rule">
      <p id="cb-rule" className="card-meta">
        {t('rule', { min, capacity })}
      </p>
      <div className="cb-filters" role="search">
        <div className="field cb-search">
          <label htmlFor="cb-q">{t('searchLabel')}</label>
          <input id="cb-q" type="search" name="q" value={values.q} maxLength={80} autoComplete="off" onChange={(e) => onFilter('q', e.target.value)} />
        </div>
        {(
          [
            ['brand', values.brand, d.brands, undefined, t('brand')],
            ['strength', values.strength, STRENGTHS, (s: string) => tc(`strength.${s}`), tc('spec.strength')],
            ['vitola', values.vitola, d.vitolas, (v: string) => catalogueValue(v, tc), tc('spec.vitola')],
          ] as const
        ).map(([name, value, list, text, label]) => (
          <ChoiceField
            key={name}
            name={name}
            id={`cb-${name}`}
            label={label}
            data-early-filter={name}
            value={value}
            onChange={(e) => onFilter(name, e.target.value)}
            any={t('all')}
            values={list}
            text={text}
          />
        ))}
        <button type="submit" name="page" value="1" formMethod="get" className="btn btn-small btn-ghost">
          {t('search')}
        </button>
        <p className="card-meta cb-shown" aria-live="polite">
          {t('found', { count: d.found })}
        </p>
      </div>
      {d.offered === 0 ? <p className="empty">{t('noCigars')}</p> : d.found === 0 && <p className="empty">{t('noMatch')}</p>}
      {elsewhere.map(([id, n]) => (
        <input key={id} type="hidden" name={`qty.${id}`} value={n} />
      ))}
      <ul className="cb-list">
        {varieties.map((x) => (
          <CigarItem key={x.id} x={x} n={qty[x.id] ?? 0} hidden={!visible(x)} full={count >= capacity} setQty={setQty} />
        ))}
      </ul>
      {d.pages > 1 && (
        <nav className="cb-pager" aria-label={t('pager')}>
          <button type="submit" name="page" value={d.page - 1} formMethod="get" className="btn btn-small btn-ghost" disabled={d.page <= 1} data-pager="">
            {t('prev')}
          </button>
          <span className="card-meta" aria-current="page">
            {t('pageOf', { page: d.page, pages: d.pages })}
          </span>
          <button
            type="submit"
            name="page"
            value={d.page + 1}
            formMethod="get"
            className="btn btn-small btn-ghost"
            disabled={d.page >= d.pages}
            data-pager=""
            data-testid="box-next-page"
          >
            {t('next')}
          </button>
        </nav>
      )}
    </BoxStep>
  );
}

/** One cigar: brand, name, format, strength, price, and its stepper. */
function CigarItem({
  x,
  n,
  hidden,
  full,
  setQty,
}: {
  x: BoxBuilderVariety;
  n: number;
  hidden: boolean;
  /** The box is full: + is off. */
  full: boolean;
  setQty: (id: string, n: number) => void;
}) {
  const { t } = useTranslation('custombox');
  const { t: tc } = useTranslation('catalogue');
  const { price } = useFormat();
  const max = Math.min(x.stock, 100);
  return (
    <li
      className={`cb-item${n > 0 ? ' is-on' : ''}`}
      hidden={hidden}
      data-testid="box-variety"
      data-early-item=""
      data-brand={x.brand ?? ''}
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
          {[
            catalogueValue(x.vitola, tc),
            x.lengthMm ? `${x.lengthMm} mm` : null,
            x.ringGauge ? t('ring', { rg: x.ringGauge }) : null,
            catalogueValue(x.wrapper, tc),
          ]
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
          disabled={n >= max || full}
          aria-label={t('more', { name: x.name })}
          formNoValidate
        >
          +
        </button>
      </div>
    </li>
  );
}
