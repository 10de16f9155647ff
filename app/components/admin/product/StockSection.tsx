/**
 * Stock on the admin's product page: the stock now, an adjustment with its reason and note, the
 * product's low-stock threshold, and the history of its stock movements.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADJUST_REASONS } from '../../../../core/catalogue/browser.ts';
import { MAX_LOW_STOCK_THRESHOLD } from '../../../../core/jobs/browser.ts';
import { DataTable } from '../../DataTable.tsx';
import { useFormat } from '../../../lib/format.ts';
import type { EditedProduct, StockMovement } from '../../../lib/product-edit.server.ts';

/** A refused adjustment or threshold: its message and the problem of each field at fault. */
type Problem = { error?: string; fields: Record<string, string> };

export function StockSection({
  product: p,
  history,
  stockProblem: stockErr,
  thresholdProblem: thresholdErr,
  busy,
}: {
  product: EditedProduct;
  history: StockMovement[];
  stockProblem: Problem | null;
  thresholdProblem: Problem | null;
  busy: boolean;
}) {
  const { t } = useTranslation('adminshop');
  const { dateTime } = useFormat();
  return (
    <section className="section admin-panel" aria-labelledby="stock-h" id="stock">
      <h2 id="stock-h">{t('stock.title')}</h2>
      <p>
        {t('stock.current')}: <strong data-testid="stock-now">{p.stock}</strong>
      </p>
      <Form method="post" className="toolbar">
        <input type="hidden" name="intent" value="stock" />
        <div className="field">
          <label htmlFor="delta">{t('stock.delta')}</label>
          <input
            id="delta"
            name="delta"
            required
            inputMode="numeric"
            pattern="[+\-]?[0-9]+"
            placeholder="+12 / -3"
            aria-invalid={stockErr?.fields.delta ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="reason">{t('stock.reason')}</label>
          <select id="reason" name="reason" defaultValue="delivery">
            {ADJUST_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`stock.reasons.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-grow">
          <label htmlFor="note">{t('stock.note')}</label>
          <input id="note" name="note" maxLength={300} />
        </div>
        <button type="submit" className="btn btn-small" disabled={busy}>
          {t('stock.apply')}
        </button>
      </Form>
      {stockErr && (
        <p className="form-error" role="alert">
          {stockErr.error}
        </p>
      )}
      <Form method="post" className="toolbar" aria-label={t('lowStock.label')}>
        <input type="hidden" name="intent" value="threshold" />
        <div className="field">
          <label htmlFor="lowStockThreshold">{t('lowStock.label')}</label>
          <input
            id="lowStockThreshold"
            name="lowStockThreshold"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_LOW_STOCK_THRESHOLD}
            step={1}
            required
            defaultValue={p.lowStockThreshold}
            aria-invalid={thresholdErr?.fields.lowStockThreshold ? true : undefined}
            aria-describedby={thresholdErr?.fields.lowStockThreshold ? 'lowStockThreshold-err lowStockThreshold-hint' : 'lowStockThreshold-hint'}
          />
        </div>
        <button type="submit" className="btn btn-small" disabled={busy}>
          {t('lowStock.save')}
        </button>
      </Form>
      <p id="lowStockThreshold-hint" className="card-meta">
        {t('lowStock.hint')}
      </p>
      {thresholdErr?.fields.lowStockThreshold && (
        <p id="lowStockThreshold-err" className="form-error" role="alert">
          {thresholdErr.fields.lowStockThreshold}
        </p>
      )}
      <DataTable
        rows={history}
        rowKey={(h) => h.id}
        className="history-table"
        testId="stock-history"
        caption={t('stock.history')}
        captionClassName="visually-hidden"
        empty={<p className="card-meta">{t('stock.noHistory')}</p>}
        columns={[
          { key: 'when', header: t('stock.when'), cell: (h) => dateTime(h.at) },
          { key: 'change', header: t('stock.change'), cell: (h) => (h.delta > 0 ? `+${h.delta}` : h.delta), className: 'num' },
          { key: 'after', header: t('stock.after'), cell: (h) => h.stockAfter, className: 'num' },
          {
            key: 'reason',
            header: t('stock.reason'),
            cell: (h) => (
              <>
                {t(`stock.reasons.${h.reason}`)}
                {h.note ? <span className="card-meta admin-block">{h.note}</span> : null}
              </>
            ),
          },
          { key: 'by', header: t('stock.by'), cell: (h) => <code>{h.actor}</code>, className: 'hide-sm' },
        ]}
      />
    </section>
  );
}
