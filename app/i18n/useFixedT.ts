/**
 * A light `t` for components rendered many times per page (product cards, prices, strength
 * scales): reads the i18next instance from react-i18next's context and binds a namespace, without
 * `useTranslation`'s per-component bookkeeping (it copies the instance's property descriptors on
 * every mount, a measurable share of a server render with dozens of cards). The instance of a
 * language never changes (app/i18n/client.ts), so nothing needs to subscribe to it.
 */
import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

export function useFixedT(ns = 'common'): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext);
  // in the browser a namespace may not be loaded yet (app/i18n/client.ts): suspend until it is
  if (typeof document !== 'undefined' && !i18n.hasLoadedNamespace(ns)) throw new Promise<void>((resolve) => void i18n.loadNamespaces(ns, () => resolve()));
  return { t: i18n.getFixedT(null, ns), i18n };
}
