/**
 * The custom box builder's summary beside the steps: the live drawing, the fill meter, the count
 * against the capacity and the varieties against the minimum, the cigars chosen, the prices and
 * the Create button.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BoxMessageKind } from '../../../core/custom-box/browser.ts';
import { BoxPreview, type PreviewCigar } from './BoxPreview.tsx';
import { useFormat } from '../../lib/format.ts';
import { SummaryRow } from '../SummaryRow.tsx';

export function BoxSummary({
  model,
  summary,
  count,
  capacity,
  varieties,
  min,
  chosen,
  previewCigars,
  messageKind,
  message,
  total,
  busy,
}: {
  model: { drawing: string; price: number } | undefined;
  /** "n of capacity cigars", as the sticky bar says it too. */
  summary: string;
  count: number;
  capacity: number;
  /** Different cigars chosen. */
  varieties: number;
  min: number;
  /** Each chosen cigar: its name, count and unit price (Rappen). */
  chosen: { id: string; name: string; n: number; unitPrice: number }[];
  previewCigars: PreviewCigar[];
  messageKind: BoxMessageKind;
  /** The text as it fits (cut to the limit). */
  message: string;
  /** Box and cigars, in Rappen. */
  total: number;
  busy: boolean;
}) {
  const { t } = useTranslation('custombox');
  const { price } = useFormat();
  const over = count > capacity;
  return (
    <aside className="cb-side" aria-labelledby="cb-summary-h">
      <h2 id="cb-summary-h">{t('yourBox')}</h2>
      {model && (
        <BoxPreview
          drawing={model.drawing}
          capacity={capacity}
          cigars={previewCigars}
          messageKind={messageKind}
          message={message}
          label={t('previewLabel', { box: t(`drawing.${model.drawing}`), count, capacity })}
        />
      )}
      <div className="cb-meter" aria-hidden="true">
        <span style={{ width: `${Math.min(100, (count / Math.max(1, capacity)) * 100)}%` }} className={over ? 'is-over' : undefined} />
      </div>
      <p className={`cb-count${over ? ' field-error' : ''}`} aria-live="polite" data-testid="box-count">
        {summary} · {t('varieties', { count: varieties, min })}
      </p>
      {chosen.length > 0 && (
        <ul className="cb-chosen">
          {chosen.map((c) => (
            <li key={c.id}>
              <span>
                {c.n} × {c.name}
              </span>
              <span>{price(c.unitPrice * c.n)}</span>
            </li>
          ))}
        </ul>
      )}
      <SummaryRow label={t('boxPrice')} value={price(model?.price ?? 0)} />
      <SummaryRow className="summary-total" label={t('total')} value={price(total)} testId="box-total" aria-live="polite" />
      <p className="card-meta">{t('pricing')}</p>
      <button type="submit" name="intent" value="create" className="btn" style={{ width: '100%' }} disabled={busy} data-testid="box-create">
        {busy ? t('creating') : t('create')}
      </button>
      <p className="card-meta" style={{ marginTop: 8 }}>
        <Link to="/shopcart">{t('toCart')}</Link>
      </p>
    </aside>
  );
}
