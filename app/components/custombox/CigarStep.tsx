/**
 * Step 2 of the custom box builder: the single cigars, filtered by strength and vitola, each with
 * a − / + stepper and its count. Without JavaScript the steppers and the filter button post the
 * form (the route's action answers with the change).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { STRENGTHS } from '../../../core/catalogue/browser.ts';
import { ChoiceField } from '../forms.tsx';
import { StrengthScale } from '../StrengthScale.tsx';
import { hueOf } from './BoxPreview.tsx';
import { BoxStep } from './BoxStep.tsx';
import { useFormat } from '../../lib/format.ts';
import type { BoxBuilderVariety } from '../../lib/custom-box.server.ts';

export function CigarStep({
  varieties,
  min,
  capacity,
  count,
  qty,
  strength,
  vitola,
  onFilter,
  setQty,
}: {
  varieties: BoxBuilderVariety[];
  /** The fewest different cigars a box holds. */
  min: number;
  capacity: number;
  /** Cigars chosen so far. */
  count: number;
  qty: Record<string, number>;
  strength: string;
  vitola: string;
  onFilter: (filter: 'strength' | 'vitola', value: string) => void;
  setQty: (id: string, n: number) => void;
}) {
  const { t } = useTranslation('custombox');
  const { t: tc } = useTranslation('catalogue');
  const vitolas = useMemo(() => [...new Set(varieties.map((x) => x.vitola).filter((x): x is string => Boolean(x)))].sort(), [varieties]);
  const visible = (x: BoxBuilderVariety) => (!strength || x.strength === strength) && (!vitola || x.vitola === vitola);
  const shownCount = varieties.filter(visible).length;
  return (
    <BoxStep n={2} id="cb-items" title={t('chooseCigars')} describedBy="cb-rule">
      <p id="cb-rule" className="card-meta">
        {t('rule', { min, capacity })}
      </p>
      <div className="cb-filters">
        {(
          [
            ['strength', strength, STRENGTHS, (s: string) => tc(`strength.${s}`)],
            ['vitola', vitola, vitolas, undefined],
          ] as const
        ).map(([name, value, values, text]) => (
          <ChoiceField
            key={name}
            name={name}
            id={`cb-${name}`}
            label={tc(`spec.${name}`)}
            data-early-filter={name}
            value={value}
            onChange={(e) => onFilter(name, e.target.value)}
            any={t('all')}
            values={values}
            text={text}
          />
        ))}
        <noscript>
          <button type="submit" name="intent" value="filter" className="btn btn-small btn-ghost">
            {t('applyFilters')}
          </button>
        </noscript>
        <p className="card-meta cb-shown" aria-live="polite">
          {t('shown', { count: shownCount })}
        </p>
      </div>
      {varieties.length === 0 && <p className="empty">{t('noCigars')}</p>}
      <ul className="cb-list">
        {varieties.map((x) => (
          <CigarItem key={x.id} x={x} n={qty[x.id] ?? 0} hidden={!visible(x)} full={count >= capacity} setQty={setQty} />
        ))}
      </ul>
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
  const { price } = useFormat();
  const max = Math.min(x.stock, 100);
  return (
    <li
      className={`cb-item${n > 0 ? ' is-on' : ''}`}
      hidden={hidden}
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
          {[x.vitola, x.lengthMm ? `${x.lengthMm} mm` : null, x.ringGauge ? t('ring', { rg: x.ringGauge }) : null, x.wrapper].filter(Boolean).join(' · ')}
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
