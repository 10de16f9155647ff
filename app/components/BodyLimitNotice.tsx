/**
 * The message of a form the server refused as too large (server/body-limit.ts sends the page back
 * with `?toolarge=<MB>`), for pages whose route does not show it in place itself (a route with
 * `handle.bodyLimitNotice` does).
 */
import { useMatches, useRouteLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RootData } from '../root.tsx';

/**
 * The size comes from the root loader (`tooLarge`: the value of the URL the server rendered the
 * page for), not from the address bar: a page from the shared cache is rendered without a value
 * the cache does not key, and a notice the browser alone drew would be a hydration mismatch.
 * @param container wrap the message in the page's `.container` (layouts whose main has none).
 */
export function BodyLimitNotice({ container = false }: { container?: boolean }) {
  const { t } = useTranslation('common');
  const mb = (useRouteLoaderData('root') as RootData | undefined)?.tooLarge;
  const matches = useMatches();
  if (!mb || matches.some((m) => (m.handle as { bodyLimitNotice?: boolean } | undefined)?.bodyLimitNotice)) return null;
  const notice = (
    <p className="form-error" role="alert" data-testid="body-limit">
      {t('bodyLimit.tooLarge', { mb })}
    </p>
  );
  return container ? <div className="container">{notice}</div> : notice;
}
