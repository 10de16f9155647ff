/**
 * The CSV import of the admin's product list in two steps: "check" reads the file and lists what
 * it would do and every bad row (row number, SKU, column); a clean file is kept as a draft that
 * "import" writes in one transaction.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CSV_MAX_ROWS, MAX_CSV_BYTES, type CsvColumnSpec } from '../../../../core/catalogue/browser.ts';
import { DataTable } from '../../DataTable.tsx';

const MB = 1024 * 1024;

/** One bad row as the page lists it: its problem already in the admin's language. */
type CsvProblemRow = { line: number; sku: string | null; field: string; message: string };

/**
 * What a check or an import found: counts of rows, creates and updates, the first problems, and
 * how the file was read (encoding, separator).
 */
export type CsvImportOutcome = {
  applied: boolean;
  rows: number;
  created: number;
  updated: number;
  problems: CsvProblemRow[];
  problemCount: number;
  encoding: string;
  delimiter: string;
  /** The checked file's name, carried to the import for its audit entry ('' when typed in). */
  fileName?: string;
};

/** The names the page shows for the encodings the import reads. */
const ENCODING_NAMES: Record<string, string> = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16', 'windows-1252': 'Windows-1252' };

/** A cell's label, shown in the cell on a phone, where the table's head is hidden (`csv-table`). */
const PhoneLabel = ({ text }: { text: string }) => <span className="show-sm csv-label">{text}: </span>;

/**
 * The column table: each column's name, whether it is required, its format, the allowed values
 * and an example. On a phone each column is a block (`csv-table`): name and "required" on one
 * line, the rest beneath, each with its label.
 */
function ColumnTable({ columns }: { columns: readonly CsvColumnSpec[] }) {
  const { t } = useTranslation('adminshop');
  // a language's own column also says which English column it stands in for, and that empty means that one
  const format = (s: CsvColumnSpec) =>
    [t(`import.format.${s.format}`, { min: s.min, max: s.max }), s.overrides ? t('import.overrides', { column: s.overrides }) : ''].filter(Boolean).join(' ');
  return (
    <DataTable
      rows={columns}
      rowKey={(s) => s.column}
      className="history-table csv-table"
      testId="import-columns"
      caption={t('import.columnsCaption')}
      captionClassName="card-meta"
      columns={[
        { key: 'column', header: t('import.column'), cell: (s) => <code>{s.column}</code> },
        {
          key: 'required',
          header: t('import.required'),
          cell: (s) => (
            <>
              <PhoneLabel text={t('import.required')} />
              {s.required ? t('import.yes') : t('import.no')}
            </>
          ),
        },
        { key: 'format', header: t('import.formatHeader'), cellClassName: 'csv-wide', cell: format },
        {
          key: 'allowed',
          header: t('import.allowed'),
          cellClassName: (s) => (s.allowed ? 'csv-wide' : 'csv-wide hide-sm'),
          cell: (s) =>
            s.allowed ? (
              <>
                <PhoneLabel text={t('import.allowed')} />
                <code className="admin-wrap">{s.allowed.join(', ')}</code>
              </>
            ) : (
              '—'
            ),
        },
        {
          key: 'example',
          header: t('import.example'),
          cellClassName: 'csv-wide',
          cell: (s) => (
            <>
              <PhoneLabel text={t('import.example')} />
              <code className="admin-wrap">{s.example}</code>
            </>
          ),
        },
      ]}
    />
  );
}

export function CsvImportSection({
  columns,
  templateHref,
  result: r,
  draft,
  error,
  tooLarge,
  busy,
}: {
  /**
   * The product CSV's columns (core/catalogue `CSV_COLUMN_SPECS`) and the template as a `data:`
   * link (no request, works without scripts), both from the loader: used in the browser, the
   * specs would join the storefront chunk every page loads (vite.config.ts `clientChunks`).
   */
  columns: readonly CsvColumnSpec[];
  templateHref: string;
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
      <p className="card-meta">{t('import.formats')}</p>
      <p>
        <a href={templateHref} download="products-template.csv" className="btn btn-ghost btn-small" data-testid="import-template">
          {t('import.template')}
        </a>
      </p>
      {/* the column table beside the form on a wide screen, below it on a phone; folded once a file was checked, so the result follows the form */}
      <div className="csv-import-grid">
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
        <details className="csv-columns" open={!r && !error} data-testid="import-columns-details">
          <summary>{t('import.columns')}</summary>
          <ColumnTable columns={columns} />
        </details>
      </div>
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
            <>
              <p>{t('import.preview', { rows: r.rows, created: r.created, updated: r.updated, bad: r.problemCount })}</p>
              <p className="card-meta" data-testid="import-read-as">
                {t('import.readAs', { encoding: ENCODING_NAMES[r.encoding] ?? r.encoding, delimiter: r.delimiter })}
              </p>
            </>
          )}
          {r.problemCount > r.problems.length && <p className="card-meta">{t('inputs.moreProblems', { shown: r.problems.length, n: r.problemCount })}</p>}
          {r.problems.length > 0 && (
            <DataTable
              rows={r.problems}
              rowKey={(_, i) => i}
              className="history-table csv-table csv-problems"
              testId="import-problems"
              caption={t('import.problems')}
              captionClassName="form-error"
              columns={[
                {
                  key: 'line',
                  header: t('import.line'),
                  cell: (p) => (
                    <>
                      <PhoneLabel text={t('import.line')} />
                      {p.line}
                    </>
                  ),
                },
                { key: 'sku', header: t('product.sku'), cellClassName: 'admin-wrap', cell: (p) => p.sku ?? '—' },
                { key: 'column', header: t('import.column'), cell: (p) => <code>{p.field}</code> },
                { key: 'problem', header: t('import.problem'), cellClassName: 'csv-wide', cell: (p) => p.message },
              ]}
            />
          )}
          {!r.applied && r.problemCount === 0 && r.created + r.updated > 0 && draft && (
            <Form method="post">
              <input type="hidden" name="draft" value={draft} />
              <input type="hidden" name="apply" value="yes" />
              {r.fileName && <input type="hidden" name="fileName" value={r.fileName} />}
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
