/**
 * The message of a form the server refused as too large (server/body-limit.ts sends the page back
 * with `?toolarge=<MB>`), for pages whose route does not show it in place itself (a route with
 * `handle.bodyLimitNotice` does).
 */
import { useMatches, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';

/** @param container wrap the message in the page's `.container` (layouts whose main has none). */
export function BodyLimitNotice({ container = false }: { container?: boolean }) {
  const { t } = useTranslation('common');
  const [params] = useSearchParams();
  const matches = useMatches();
  const mb = Number(params.get('toolarge'));
  if (!mb || matches.some((m) => (m.handle as { bodyLimitNotice?: boolean } | undefined)?.bodyLimitNotice)) return null;
  const notice = (
    <p className="form-error" role="alert" data-testid="body-limit">
      {t('bodyLimit.tooLarge', { mb })}
    </p>
  );
  return container ? <div className="container">{notice}</div> : notice;
}
