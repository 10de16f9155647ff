/**
 * A limited release on its product page: before the release time, when it goes on sale (in the
 * visitor's language and the shop's time zone) instead of the add-to-cart form; the limit per
 * customer and a card-only payment, before and after. With JavaScript the page reloads its data
 * when the release opens, so the form appears without a manual reload.
 */
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReleaseSettings } from '../../core/releases/browser.ts';
import { useFormat } from '../lib/format.ts';

/** Longest wait a browser timer takes (about 24.8 days); a later release is not watched. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * @param release the product's release settings.
 * @param waiting whether the release had not opened when the page was made (the server's clock).
 */
export function ReleaseNotice({ release, waiting }: { release: ReleaseSettings; waiting: boolean }) {
  const { t } = useTranslation('catalogue');
  const { dateTime } = useFormat();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const ms = Date.parse(release.opensAt) - Date.now();
    if (ms > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void revalidate(), Math.max(0, ms) + 250);
    return () => clearTimeout(timer);
  }, [waiting, release.opensAt, revalidate]);
  return (
    <div className="release-notice" role="note" data-testid="release-notice">
      <strong>{t('release.title')}</strong>
      {waiting && <p>{t('release.opens', { when: dateTime(release.opensAt) })}</p>}
      {release.perCustomerLimit !== null && <p>{t('release.limit', { max: release.perCustomerLimit })}</p>}
      {!release.allowBankTransfer && <p>{t('release.cardOnly')}</p>}
    </div>
  );
}
