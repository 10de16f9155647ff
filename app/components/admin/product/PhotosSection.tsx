/**
 * Photos on the admin's product page: the photos in order, each with its alt text and position,
 * move up or remove; then the upload of new ones (app/components/admin/PhotoUpload.tsx).
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTO_BYTES } from '../../../../core/catalogue/browser.ts';
import { PhotoUpload } from '../PhotoUpload.tsx';
import { ProductPicture } from '../../ProductPicture.tsx';
import type { EditedProduct } from '../../../lib/product-edit.server.ts';

export function PhotosSection({
  product: p,
  problem,
  tooLarge,
  busy,
  uploading,
}: {
  product: EditedProduct;
  /** The message of a refused photo change or upload. */
  problem: string | null;
  /** The size in MB of an upload refused as too large before it reached the page, if any. */
  tooLarge: number | null;
  busy: boolean;
  /** An upload is on its way. */
  uploading: boolean;
}) {
  const { t } = useTranslation('adminshop');
  return (
    <section className="section admin-panel" aria-labelledby="photos-h" id="photos">
      <h2 id="photos-h">{t('photos.title')}</h2>
      {problem !== null && (
        <p className="form-error" role="alert" data-testid="photo-error">
          {problem}
        </p>
      )}
      {tooLarge && (
        <p className="form-error" role="alert" data-testid="photo-limit">
          {t('inputs.photosTooLarge', { mb: tooLarge, each: MAX_PHOTO_BYTES / 1024 / 1024 })}
        </p>
      )}
      {p.images.length === 0 ? (
        <p className="empty">{t('photos.none')}</p>
      ) : (
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="photos" />
          <ol className="photo-list" data-testid="photo-list">
            {p.images.map((img, i) => {
              const key = img.id ?? img.path;
              return (
                <li key={key} className="photo-item">
                  <input type="hidden" name="key" value={key} />
                  <div className="photo-thumb">
                    <ProductPicture product={p} index={i} sizes="160px" width={160} height={120} alt={img.alt ?? ''} loading="lazy" />
                  </div>
                  <div className="photo-fields">
                    <div className="field">
                      <label htmlFor={`alt-${i}`}>{t('photos.alt')}</label>
                      <input id={`alt-${i}`} name={`alt-${key}`} defaultValue={img.alt ?? ''} maxLength={200} />
                    </div>
                    <div className="photo-row">
                      <div className="field">
                        <label htmlFor={`pos-${i}`}>{t('photos.position')}</label>
                        <input id={`pos-${i}`} name={`pos-${key}`} type="number" min={1} max={p.images.length} defaultValue={i + 1} inputMode="numeric" />
                      </div>
                      {i > 0 && (
                        <button type="submit" name="up" value={key} className="btn btn-ghost btn-small" aria-label={t('photos.moveUpN', { n: i + 1 })}>
                          ↑ {t('photos.moveUp')}
                        </button>
                      )}
                      <button type="submit" name="delete" value={key} className="btn btn-ghost btn-small" aria-label={t('photos.removeN', { n: i + 1 })}>
                        {t('photos.remove')}
                      </button>
                    </div>
                    {i === 0 && <span className="card-meta">{t('photos.main')}</span>}
                  </div>
                </li>
              );
            })}
          </ol>
          <button type="submit" className="btn btn-small" disabled={busy}>
            {t('photos.save')}
          </button>
        </Form>
      )}
      <PhotoUpload productId={p.id} defaultAlt={p.name} busy={uploading} disabled={busy} />
    </section>
  );
}
