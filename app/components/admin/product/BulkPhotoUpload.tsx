/**
 * The bulk photo upload by SKU (/admin/product/photos): many photos, or zip files of photos, each
 * added to the product whose SKU its file name names (core/catalogue/bulk-photos.ts).
 *
 * Without scripts it is a plain multipart form to the page's action (all files in one request, at
 * most MAX_BULK_PHOTO_UPLOAD_BYTES together), which answers the result table. With scripts, the
 * files chosen (or dropped on the field) are matched at once (/admin/product/photo/match, names
 * and sizes only; zip files are opened in the browser) and the table shows what will happen to
 * each; "Upload" then sends each photo that will be added in a request of its own
 * (/admin/product/photo/bysku) by XMLHttpRequest, whose upload events drive the progress bar
 * (photo n of N, MB sent of MB), and each row shows its result as it comes.
 *
 * The `accept` list leaves HEIC out as the product page's upload does: iOS then hands the page a
 * JPEG copy of a HEIC photo, which the shop can read.
 */
import { useRef, useState, useSyncExternalStore, type DragEvent, type FormEvent } from 'react';
import { Form, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  isZipFile,
  MAX_BULK_PHOTO_FILES,
  MAX_BULK_PHOTO_UPLOAD_BYTES,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_PHOTOS,
  unzipPhotoFiles,
  type PhotoMatch,
} from '../../../../core/catalogue/browser.ts';

const MB = 1024 * 1024;

/** One file's row: its match, and once sent what became of it (`message`: a refusal's own text). */
export type BulkPhotoRow = Omit<PhotoMatch, 'status'> & { status: string; message?: string };

/** A row's result in the admin's language. */
function bulkPhotoStatusText(t: TFunction, row: BulkPhotoRow): string {
  if (row.message) return row.message;
  const params = { sku: row.sku ?? '', n: row.position ?? 0, max: MAX_PHOTOS, mb: MAX_PHOTO_BYTES / MB, mp: MAX_PHOTO_PIXELS / 1_000_000 };
  return t(`bulkPhotos.status.${row.status}`, { ...params, defaultValue: t('bulkPhotos.status.failed') });
}

const mbText = (bytes: number, lang: string) => (bytes / MB).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The result table: file → SKU → product → result. */
function BulkPhotoTable({ rows, caption }: { rows: BulkPhotoRow[]; caption: string }) {
  const { t } = useTranslation('adminshop');
  return (
    <div className="admin-table-wrap">
      <table className="admin-table bulk-photo-table" data-testid="bulk-photo-results">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bulkPhotos.col.file')}</th>
            <th scope="col">{t('bulkPhotos.col.sku')}</th>
            <th scope="col">{t('bulkPhotos.col.product')}</th>
            <th scope="col">{t('bulkPhotos.col.result')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.index}-${i}`} data-status={r.status}>
              <td data-label={t('bulkPhotos.col.file')} className="bulk-photo-file">
                {r.name}
              </td>
              <td data-label={t('bulkPhotos.col.sku')}>{r.product?.sku ?? r.sku ?? '–'}</td>
              <td data-label={t('bulkPhotos.col.product')}>
                {r.product ? <Link to={`/admin/product/add?id=${encodeURIComponent(r.product.id)}#photos`}>{r.product.name}</Link> : '–'}
              </td>
              <td data-label={t('bulkPhotos.col.result')} className={`bulk-photo-result bulk-photo-${r.status}`}>
                {bulkPhotoStatusText(t, r)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Phase = 'idle' | 'matching' | 'ready' | 'sending' | 'done';
type Progress = { index: number; count: number; sent: number; total: number };

/** Sends one photo; resolves with the server's row, or a failed row with the server's message (never rejects). */
function sendPhoto(file: File, row: BulkPhotoRow, onProgress: (loaded: number) => void, failed: string): Promise<BulkPhotoRow> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/admin/product/photo/bysku');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      type Answer = { ok?: boolean; row?: BulkPhotoRow; message?: string };
      let body: Answer | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Answer;
      } catch {
        body = null;
      }
      if (xhr.status === 200 && body?.ok && body.row) resolve({ ...body.row, index: row.index });
      else resolve({ ...row, status: 'failed', message: body?.message ?? failed });
    };
    xhr.onerror = () => resolve({ ...row, status: 'failed', message: failed });
    xhr.onabort = () => resolve({ ...row, status: 'failed', message: failed });
    const data = new FormData();
    data.append('photo', file, file.name);
    xhr.send(data);
  });
}

/** The files chosen, with zip files replaced by the files inside them (bad zips come back as rows). */
async function expandZips(list: File[]): Promise<{ files: File[]; bad: string[]; tooLarge: string[] }> {
  const files: File[] = [];
  const bad: string[] = [];
  const tooLarge: string[] = [];
  for (const f of list) {
    if (!isZipFile(f)) {
      files.push(f);
      continue;
    }
    try {
      for (const e of unzipPhotoFiles(new Uint8Array(await f.arrayBuffer()), { maxFiles: MAX_BULK_PHOTO_FILES })) {
        if (e.bytes) files.push(new File([e.bytes as Uint8Array<ArrayBuffer>], e.name, { type: '' }));
        else tooLarge.push(e.name);
      }
    } catch {
      bad.push(f.name);
    }
  }
  return { files, bad, tooLarge };
}

const noSubscription = () => () => undefined;
const scriptsRun = () => true;
const notYet = () => false;

/**
 * The upload form with its preview, progress and results (see the module comment).
 * @param results the plain form's result rows (the action's answer), shown until files are chosen again.
 */
export function BulkPhotoUpload({ results, error, busy }: { results: BulkPhotoRow[] | null; error: string | null; busy: boolean }) {
  const { t, i18n } = useTranslation('adminshop');
  // true once the page runs its scripts (false while rendered on the server and while hydrating)
  const hydrated = useSyncExternalStore(noSubscription, scriptsRun, notYet);
  const [phase, setPhase] = useState<Phase>('idle');
  const [rows, setRows] = useState<BulkPhotoRow[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress>({ index: 0, count: 0, sent: 0, total: 0 });
  const [dragging, setDragging] = useState(false);
  const files = useRef<File[]>([]);
  const input = useRef<HTMLInputElement>(null);

  async function choose(list: File[]) {
    setProblem(null);
    if (list.length === 0) {
      setPhase('idle');
      setRows([]);
      return;
    }
    setPhase('matching');
    const { files: expanded, bad, tooLarge } = await expandZips(list);
    if (expanded.length > MAX_BULK_PHOTO_FILES) {
      setProblem(t('bulkPhotos.tooManyFiles', { max: MAX_BULK_PHOTO_FILES }));
      setPhase('idle');
      return;
    }
    files.current = expanded;
    let matched: BulkPhotoRow[] = [];
    try {
      const res = await fetch('/admin/product/photo/match', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ files: expanded.map((f) => ({ name: f.name, size: f.size, type: f.type })) }),
      });
      if (!res.ok) throw new Error(String(res.status));
      matched = ((await res.json()) as { rows: BulkPhotoRow[] }).rows;
    } catch {
      setProblem(t('inputs.uploadFailed'));
      setPhase('idle');
      return;
    }
    const extra = (name: string, status: string): BulkPhotoRow => ({ index: -1, name, size: 0, sku: null, product: null, status });
    setRows([...matched, ...tooLarge.map((n) => extra(n, 'tooLarge')), ...bad.map((n) => extra(n, 'badZip'))]);
    setPhase('ready');
  }

  async function upload() {
    const ready = rows.filter((r) => r.status === 'ready');
    if (ready.length === 0) return;
    const total = ready.reduce((n, r) => n + r.size, 0);
    let done = 0;
    setPhase('sending');
    let current = rows;
    for (const [index, row] of ready.entries()) {
      current = current.map((r) => (r === row ? { ...r, status: 'sending' } : r));
      setRows(current);
      setProgress({ index, count: ready.length, sent: done, total });
      const result = await sendPhoto(
        files.current[row.index],
        row,
        (loaded) => setProgress({ index, count: ready.length, sent: done + Math.min(loaded, row.size), total }),
        t('inputs.uploadFailed'),
      );
      done += row.size;
      current = current.map((r) => (r.index === row.index && r.status === 'sending' ? result : r));
      setRows(current);
    }
    setProgress({ index: ready.length, count: ready.length, sent: total, total });
    setPhase('done');
    if (input.current) input.current.value = '';
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    // without scripts (or before they run) the form posts every file to the page's action
    if (typeof XMLHttpRequest === 'undefined' || !hydrated) return;
    e.preventDefault();
    if (phase === 'ready') void upload();
    else if (phase === 'idle') setProblem(t('bulkPhotos.none'));
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    if (phase === 'sending' || phase === 'matching') return;
    void choose([...e.dataTransfer.files]);
  }

  const readyCount = rows.filter((r) => r.status === 'ready').length;
  const added = rows.filter((r) => r.status === 'added').length;
  const sending = phase === 'sending';
  const shown = hydrated && phase !== 'idle' ? rows : (results ?? []);
  const percent = progress.total ? Math.round((progress.sent / progress.total) * 100) : 0;
  const summaryRows = hydrated && phase !== 'idle' ? rows : results;
  const summaryAdded = phase === 'done' ? added : (results?.filter((r) => r.status === 'added').length ?? 0);
  return (
    <Form method="post" encType="multipart/form-data" className="admin-form bulk-photos" onSubmit={onSubmit} id="upload">
      <div
        className={`field bulk-photo-drop${dragging ? ' is-dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="bulk-photo-drop"
      >
        <label htmlFor="bulk-photos">{t('bulkPhotos.files')}</label>
        <input
          ref={input}
          id="bulk-photos"
          name="photos"
          type="file"
          multiple
          required={!hydrated}
          accept="image/jpeg,image/png,image/webp,image/avif,.zip,application/zip"
          aria-describedby="bulk-photos-hint"
          disabled={sending}
          onChange={(e) => void choose([...(e.currentTarget.files ?? [])])}
        />
        <small id="bulk-photos-hint" className="card-meta">
          {t('bulkPhotos.hint', { mb: MAX_PHOTO_BYTES / MB, total: MAX_BULK_PHOTO_UPLOAD_BYTES / MB })}
          {hydrated && ` ${t('bulkPhotos.drop')}`}
        </small>
      </div>
      {(problem ?? error) && (
        <p className="form-error" role="alert" data-testid="bulk-photo-error">
          {problem ?? error}
        </p>
      )}
      {sending || phase === 'done' ? (
        <div className="upload-progress" data-testid="bulk-photo-progress">
          <label htmlFor="bulk-photo-progress-bar">
            {t(phase === 'done' ? 'bulkPhotos.progressDone' : 'bulkPhotos.progress', {
              i: Math.min(progress.index + 1, progress.count),
              n: progress.count,
              sent: mbText(progress.sent, i18n.language),
              total: mbText(progress.total, i18n.language),
            })}
          </label>
          <progress id="bulk-photo-progress-bar" max={100} value={percent}>
            {percent} %
          </progress>
        </div>
      ) : null}
      <div role="status" aria-live="polite" data-testid="bulk-photo-summary">
        {phase === 'matching' && <p className="card-meta">{t('bulkPhotos.matching')}</p>}
        {phase === 'ready' && <p className="card-meta">{t('bulkPhotos.willAdd', { n: readyCount, all: rows.length })}</p>}
        {(phase === 'done' || (!(hydrated && phase !== 'idle') && results)) && summaryRows && (
          <p className={summaryAdded > 0 ? 'form-success' : 'form-error'}>{t('bulkPhotos.summary', { added: summaryAdded, n: summaryRows.length })}</p>
        )}
      </div>
      <button type="submit" className="btn" disabled={busy || sending || phase === 'matching' || (phase === 'ready' && readyCount === 0)}>
        {busy || sending ? t('photos.uploading') : phase === 'ready' ? t('bulkPhotos.uploadN', { n: readyCount }) : t('bulkPhotos.upload')}
      </button>
      {shown.length > 0 && <BulkPhotoTable rows={shown} caption={phase === 'ready' ? t('bulkPhotos.previewCaption') : t('bulkPhotos.resultCaption')} />}
    </Form>
  );
}
