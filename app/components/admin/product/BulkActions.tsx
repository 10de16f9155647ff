/**
 * The admin product list's bulk tools: the bar above the table (the action, the percentage for a
 * discount, what it applies to: the ticked products, the page, or every product the filter
 * finds), the confirmation an archive asks for (a form of its own that posts the same choice
 * again with `confirm=yes`), and the starting catalogue's box with its one-step archive. Plain
 * forms: without JavaScript the choice of "all on this page" stands in for the header checkbox.
 */
import { useId } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../forms.tsx';

/** An archive awaiting its confirmation: what it applies to, how many it archives, the ticked ids. */
export type BulkConfirmation = { scope: 'selected' | 'page' | 'filter' | 'starting'; n: number; ids: string[] };

export function BulkBar({
  actions,
  pageCount,
  total,
  fields,
  error,
  busy,
}: {
  actions: readonly string[];
  /** Products on this page. */
  pageCount: number;
  /** Products the filter finds on all pages. */
  total: number;
  /** Field messages of a refused bulk action (`discountPercent`, `id`, `bulk`). */
  fields: Record<string, string>;
  error: string | null | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation('adminshop');
  const id = useId();
  const fieldError = fields.discountPercent ?? fields.id ?? fields.bulk;
  return (
    <fieldset className="bulk-bar" data-testid="bulk-bar" aria-busy={busy}>
      <legend>{t('products.bulk.legend')}</legend>
      <div className="field">
        <label htmlFor={`${id}-action`}>{t('products.bulk.action')}</label>
        <select id={`${id}-action`} name="bulk" defaultValue="archive" aria-invalid={fields.bulk ? true : undefined}>
          {actions.map((a) => (
            <option key={a} value={a}>
              {t(`products.bulk.actions.${a}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field bulk-percent">
        <label htmlFor={`${id}-percent`}>{t('products.bulk.discount')}</label>
        <input
          id={`${id}-percent`}
          name="discountPercent"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          aria-invalid={fields.discountPercent ? true : undefined}
          aria-describedby={fields.discountPercent ? `${id}-error` : `${id}-percent-hint`}
        />
        <small id={`${id}-percent-hint`} className="card-meta">
          {t('products.bulk.discountHint')}
        </small>
      </div>
      <fieldset className="bulk-scope">
        <legend>{t('products.bulk.scope')}</legend>
        <label>
          <input type="radio" name="scope" value="selected" defaultChecked /> {t('products.bulk.scopes.selected')} (
          <span data-ticked aria-live="polite">
            0
          </span>
          )
        </label>
        <label>
          <input type="radio" name="scope" value="page" /> {t('products.bulk.scopes.page', { n: pageCount })}
        </label>
        <label>
          <input type="radio" name="scope" value="filter" /> {t('products.bulk.scopes.filter', { n: total })}
        </label>
      </fieldset>
      <SubmitButton className="btn btn-small" data-testid="bulk-apply">
        {t('products.bulk.apply')}
      </SubmitButton>
      {(fieldError || error) && (
        <p id={`${id}-error`} className="form-error" role="alert" data-testid="bulk-error">
          {fieldError ?? error}
        </p>
      )}
    </fieldset>
  );
}

/** The archive's confirmation: the count, "Yes, archive" (the same choice posted again) and Cancel. */
export function BulkConfirm({ confirm, values, busy }: { confirm: BulkConfirmation; values: Record<string, string>; busy: boolean }) {
  const { t } = useTranslation('adminshop');
  const starting = confirm.scope === 'starting';
  const { pathname, search } = useLocation();
  return (
    <Form method="post" className="bulk-confirm" data-testid="bulk-confirm" aria-busy={busy} aria-labelledby="bulk-confirm-title">
      <h2 id="bulk-confirm-title">{t(starting ? 'products.starting.confirmTitle' : 'products.bulk.confirmTitle')}</h2>
      <p>{t(starting ? 'products.starting.confirmText' : 'products.bulk.confirmText', { n: confirm.n })}</p>
      <input type="hidden" name="intent" value={starting ? 'starting' : 'bulk'} />
      <input type="hidden" name="bulk" value="archive" />
      <input type="hidden" name="confirm" value="yes" />
      <input type="hidden" name="scope" value={confirm.scope === 'filter' ? 'filter' : 'selected'} />
      {confirm.ids.map((id) => (
        <input key={id} type="hidden" name="id" value={id} />
      ))}
      {values.discountPercent !== undefined && <input type="hidden" name="discountPercent" value={values.discountPercent} />}
      <div className="admin-actions">
        {confirm.n > 0 && (
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the question the admin just asked for; the keyboard answers it from here
          <SubmitButton className="btn btn-small btn-danger" data-testid="bulk-confirm-yes" autoFocus>
            {t('products.bulk.confirmYes', { n: confirm.n })}
          </SubmitButton>
        )}
        <Link to={`${pathname}${search}`} className="btn btn-ghost btn-small">
          {t('products.bulk.cancel')}
        </Link>
      </div>
    </Form>
  );
}

/** The starting catalogue's box: how many demo products there are and are listed, and the one-step archive. */
export function StartingCatalogue({ counts }: { counts: { total: number; listed: number } }) {
  const { t } = useTranslation('adminshop');
  if (counts.total === 0) return null;
  return (
    <Form method="post" className="starting-catalogue" data-testid="starting-catalogue" aria-labelledby="starting-title">
      <h2 id="starting-title">{t('products.starting.title')}</h2>
      <p className="card-meta">{t('products.starting.text', { total: counts.total, listed: counts.listed })}</p>
      <div className="admin-actions">
        <input type="hidden" name="intent" value="starting" />
        {counts.listed > 0 && (
          <SubmitButton className="btn btn-small btn-ghost" data-testid="starting-archive">
            {t('products.starting.archive')}
          </SubmitButton>
        )}
        <Link to="?source=seeded" className="btn btn-small btn-ghost">
          {t('products.starting.show')}
        </Link>
      </div>
    </Form>
  );
}
