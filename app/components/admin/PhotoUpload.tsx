/**
 * The photo upload of the admin product page: several files at once. Without scripts it is a plain
 * multipart form to the page's action (all files in one request, at most
 * {@link MAX_PHOTO_UPLOAD_BYTES} together). With scripts, each photo goes in a request of its own
 * to /admin/product/photo by XMLHttpRequest, whose upload events drive a progress bar; files over
 * {@link MAX_PHOTO_BYTES}, too many files and HEIC files are refused before anything is sent, and
 * each refused file is named with its reason. The photo list is reloaded when all are done.
 *
 * The `accept` list leaves HEIC out on purpose: iOS then hands the page a JPEG copy of a HEIC
 * photo, which the shop can read.
 */
import { useState, type FormEvent } from 'react';
import { Form, useRevalidator } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTO_BYTES, MAX_PHOTO_UPLOAD_BYTES, MAX_PHOTOS_PER_UPLOAD } from '../../../core/catalogue/browser.ts';

const MB = 1024 * 1024;
const HEIC_NAME = /\.(heic|heif)$/i;

type Progress = { phase: 'idle' | 'sending' | 'done'; index: number; count: number; percent: number; added: number; errors: string[] };
const IDLE: Progress = { phase: 'idle', index: 0, count: 0, percent: 0, added: 0, errors: [] };

/** Sends one photo; resolves with the server's answer (never rejects). */
function sendPhoto(productId: string, file: File, alt: string, onProgress: (percent: number) => void): Promise<{ ok: boolean; message?: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/admin/product/photo?id=${encodeURIComponent(productId)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { ok?: boolean; message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText) as { ok?: boolean; message?: string };
      } catch {
        body = null;
      }
      resolve(xhr.status === 200 && body?.ok ? { ok: true } : { ok: false, message: body?.message });
    };
    xhr.onerror = () => resolve({ ok: false });
    xhr.onabort = () => resolve({ ok: false });
    const data = new FormData();
    data.append('photo', file);
    data.append('alt', alt);
    xhr.send(data);
  });
}

/** The upload form with its progress bar (see the module comment). */
export function PhotoUpload({ productId, defaultAlt, busy, disabled }: { productId: string; defaultAlt: string; busy: boolean; disabled: boolean }) {
  const { t } = useTranslation('adminshop');
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<Progress>(IDLE);
  const sending = progress.phase === 'sending';

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    const form = e.currentTarget;
    const input = form.elements.namedItem('photo') as HTMLInputElement | null;
    const files = [...(input?.files ?? [])];
    if (files.length === 0 || typeof XMLHttpRequest === 'undefined') return;
    e.preventDefault();
    if (files.length > MAX_PHOTOS_PER_UPLOAD) {
      setProgress({ ...IDLE, phase: 'done', errors: [t('errors.photoTooManyFiles', { max: MAX_PHOTOS_PER_UPLOAD })] });
      return;
    }
    const errors: string[] = [];
    const ready = files.filter((f) => {
      if (f.size > MAX_PHOTO_BYTES) errors.push(t('inputs.photoFileTooLarge', { name: f.name, mb: MAX_PHOTO_BYTES / MB }));
      else if (HEIC_NAME.test(f.name) || /image\/hei[cf]/i.test(f.type)) errors.push(t('inputs.fileProblem', { name: f.name, message: t('inputs.photoHeic') }));
      else return true;
      return false;
    });
    const alt = String(new FormData(form).get('alt') ?? '');
    let added = 0;
    for (const [index, file] of ready.entries()) {
      setProgress({ phase: 'sending', index, count: ready.length, percent: 0, added, errors });
      const answer = await sendPhoto(productId, file, alt, (percent) => setProgress((p) => ({ ...p, percent })));
      if (answer.ok) added++;
      else errors.push(t('inputs.fileProblem', { name: file.name, message: answer.message ?? t('inputs.uploadFailed') }));
    }
    if (input) input.value = '';
    setProgress({ phase: 'done', index: ready.length, count: ready.length, percent: 100, added, errors: [...errors] });
    if (added > 0) await revalidator.revalidate();
  }

  const overall = progress.count ? Math.round(((progress.index + progress.percent / 100) / progress.count) * 100) : 0;
  return (
    <Form method="post" encType="multipart/form-data" className="admin-form photo-upload" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="photo" />
      <div className="grid-2">
        <div className="field">
          <label htmlFor="photo">{t('photos.upload')}</label>
          <input id="photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp,image/avif" multiple required aria-describedby="photo-hint" />
          <small id="photo-hint" className="card-meta">
            {t('inputs.uploadHint', { mb: MAX_PHOTO_BYTES / MB, n: MAX_PHOTOS_PER_UPLOAD, total: MAX_PHOTO_UPLOAD_BYTES / MB })}
          </small>
        </div>
        <div className="field">
          <label htmlFor="alt">{t('photos.alt')}</label>
          <input id="alt" name="alt" maxLength={200} defaultValue={defaultAlt} />
        </div>
      </div>
      {sending && (
        <div className="upload-progress" data-testid="photo-progress">
          <label htmlFor="photo-progress-bar">
            {progress.percent < 100
              ? t('inputs.progress', { i: progress.index + 1, n: progress.count, percent: progress.percent })
              : t('inputs.processing', { i: progress.index + 1, n: progress.count })}
          </label>
          <progress id="photo-progress-bar" max={100} value={overall}>
            {overall} %
          </progress>
        </div>
      )}
      <div role="status" aria-live="polite">
        {progress.phase === 'done' && progress.added > 0 && (
          <p className="form-success" data-testid="photo-uploaded">
            {t('inputs.uploaded', { n: progress.added })}
          </p>
        )}
      </div>
      {progress.phase === 'done' && progress.errors.length > 0 && (
        <ul className="form-error" role="alert" data-testid="photo-error">
          {progress.errors.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      <button type="submit" className="btn btn-small" disabled={disabled || sending}>
        {busy || sending ? t('photos.uploading') : t('photos.uploadButton')}
      </button>
    </Form>
  );
}
