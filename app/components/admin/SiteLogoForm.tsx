/**
 * The settings' logo form (core/brand): a file to upload (checked and rendered as product photos
 * are) or the current logo with "remove". Its own multipart form beside the settings form, so a
 * logo is not re-sent with every settings change. Works without scripts.
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_LOGO_BYTES, siteBrand, type SiteLogo } from '../../../core/config/browser.ts';

export function SiteLogoForm({ logo, name, error }: { logo: SiteLogo | null; name: string; error?: string }) {
  const { t } = useTranslation('admin');
  const brand = siteBrand({ siteName: name, siteLogo: logo });
  return (
    <Form method="post" encType="multipart/form-data" className="admin-form" data-testid="logo-form">
      <fieldset>
        <legend>{t('settings.logo')}</legend>
        {brand.logo ? (
          <p>
            <img
              src={brand.logo.src}
              srcSet={brand.logo.srcSet}
              sizes={`${brand.logo.width}px`}
              width={brand.logo.width}
              height={brand.logo.height}
              alt={t('settings.logoCurrent')}
            />
          </p>
        ) : (
          <p className="card-meta">{t('settings.logoNone')}</p>
        )}
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor="siteLogo">{t('settings.logoFile')}</label>
          <input
            id="siteLogo"
            name="siteLogo"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/avif"
            required
            aria-describedby={error ? 'siteLogo-hint siteLogo-error' : 'siteLogo-hint'}
            aria-invalid={error ? true : undefined}
          />
          <small id="siteLogo-hint" className="card-meta">
            {t('settings.logoHint', { mb: MAX_LOGO_BYTES / 1024 / 1024 })}
          </small>
          {error && (
            <span id="siteLogo-error" className="field-error" role="alert">
              {error}
            </span>
          )}
        </div>
        <div className="toolbar">
          <button type="submit" name="intent" value="logo" className="btn">
            {t('settings.logoUpload')}
          </button>
          {brand.logo && (
            <button type="submit" name="intent" value="logo-remove" className="btn btn-ghost" formNoValidate data-testid="logo-remove">
              {t('settings.logoRemove')}
            </button>
          )}
        </div>
      </fieldset>
    </Form>
  );
}
