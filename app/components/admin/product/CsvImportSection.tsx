/**
 * The CSV import of the admin's product list in two steps: "check" reads the file and lists what
 * it would do and every bad row (row number, SKU, column); a clean file is kept as a draft that
 * "import" writes in one transaction.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CSV_COLUMNS, CSV_MAX_ROWS, MAX_CSV_BYTES } from '../../../../core/catalogue/browser.ts';
import type { CsvProblem } from '../../../../core/catalogue/index.ts';
import { DataTable } from '../../DataTable.tsx';

const MB = 1024 * 1024;

/** What a check or an import found: counts of rows, creates and updates, and the first problems. */
export type CsvImportOutcome = { applied: boolean; rows: number; created: number; updated: number; problems: CsvProblem[]; problemCount: number };

export function CsvImportSection({
  result: r,
  draft,
  error,
  tooLarge,
  busy,
}: {
  result: CsvImportOutcome | null | undefined;
  /** The id of the checked file kept for the import, if it is clean. */
  draft: string | null | undefined;
  error: string | null | undefined;
  /** The size in MB of a file refused as too large before it reached the page, if any. */
  tooLarge: number | null;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation('adminshop');
  return (
    <section className="section admin-panel" aria-labelledby="import-h" id="import">
      <h2 id="import-h">{t('import.title')}</h2>
      <p className="card-meta">{t('import.hint')}</p>
      <details>
        <summary>{t('import.columns')}</summary>
        <p>
          <code className="admin-wrap">{CSV_COLUMNS.join(', ')}</code>
        </p>
      </details>
      <Form method="post" encType="multipart/form-data" className="toolbar">
        <div className="field field-grow">
          <label htmlFor="csv">{t('import.file')}</label>
          <input id="csv" name="csv" type="file" accept=".csv,text/csv" required aria-describedby="csv-hint" />
          <small id="csv-hint" className="card-meta">
            {t('inputs.csvHint', { mb: MAX_CSV_BYTES / MB, rows: CSV_MAX_ROWS.toLocaleString(i18n.language) })}
          </small>
        </div>
        <button type="submit" className="btn btn-small" disabled={busy}>
          {t('import.check')}
        </button>
      </Form>
      {error && (
        <p className="form-error" role="alert" data-testid="import-error">
          {error}
        </p>
      )}
      {tooLarge && (
        <p className="form-error" role="alert" data-testid="import-error">
          {t('inputs.csvTooLarge', { mb: tooLarge })}
        </p>
      )}
      {busy && (
        <p className="card-meta" role="status">
          {t('inputs.csvWorking')}
        </p>
      )}
      {r && (
        <div role="status" data-testid="import-result">
          {r.applied ? (
            <p className="form-success">{t('import.applied', { created: r.created, updated: r.updated })}</p>
          ) : (
            <p>{t('import.preview', { rows: r.rows, created: r.created, updated: r.updated, bad: r.problemCount })}</p>
          )}
          {r.problemCount > r.problems.length && <p className="card-meta">{t('inputs.moreProblems', { shown: r.problems.length, n: r.problemCount })}</p>}
          {r.problems.length > 0 && (
            <DataTable
              rows={r.problems}
              rowKey={(_, i) => i}
              className="history-table"
              testId="import-problems"
              caption={t('import.problems')}
              captionClassName="form-error"
              columns={[
                { key: 'line', header: t('import.line'), cell: (p) => p.line },
                { key: 'sku', header: t('product.sku'), cell: (p) => p.sku ?? '—' },
                { key: 'column', header: t('import.column'), cell: (p) => <code>{p.field}</code> },
                { key: 'problem', header: t('import.problem'), cell: (p) => p.message },
              ]}
            />
          )}
          {!r.applied && r.problemCount === 0 && r.created + r.updated > 0 && draft && (
            <Form method="post">
              <input type="hidden" name="draft" value={draft} />
              <input type="hidden" name="apply" value="yes" />
              <button type="submit" className="btn" disabled={busy}>
                {t('import.apply', { n: r.created + r.updated })}
              </button>
            </Form>
          )}
        </div>
      )}
    </section>
  );
}
