/** Loader helper for the information pages: the page in the visitor's language, meta, canonical. */
import type { AppLoadContext } from 'react-router';
import { getCachedSettings as getSettings } from '../../core/config/index.ts';
import { legalPage, type LegalPageName } from '../i18n/legal.server.ts';

/** Loads `name` for the request's language; `path` is the page's own path (canonical URL). */
export async function loadInfoPage(context: AppLoadContext, name: LegalPageName, path: string) {
  const settings = await getSettings(context.shop.db);
  return { page: legalPage(context.lang, name, settings), canonical: `${context.origin}${path}` };
}
