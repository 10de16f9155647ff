/**
 * `react-i18next` for server rendering (ADR 010): the server build resolves the
 * package to this module (vite.config.ts), which re-exports it with a lighter `useTranslation`.
 *
 * The real hook builds, for every component on every render, a fixed `t` (`getFixedT`) and a
 * copy of the i18next instance (`Object.create` with all its property descriptors), subscribes
 * to language changes and checks that the namespaces are loaded — about a tenth of the CPU time
 * of a rendered page. On the server none of that can change during a render: each language has
 * one instance with every namespace loaded (core/i18n/resources.ts), so the `t` of an
 * (instance, namespaces, key prefix) is built once and shared. Same return shape as the real
 * hook: `[t, i18n, ready]` with `.t`, `.i18n`, `.ready`. The browser build keeps the real hook.
 */
import { useContext } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { I18nContext, getI18n } from 'react-i18next-original';

export * from 'react-i18next-original';

type Result = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };
const built = new WeakMap<I18n, Map<string, Result>>();

/** The translation function of `ns` (default: the provider's default namespace), built once. */
export function useTranslation(ns?: string | readonly string[], options: { i18n?: I18n; keyPrefix?: string; lng?: string } = {}): Result {
  const ctx = useContext(I18nContext) as { i18n?: I18n; defaultNS?: string | string[] } | undefined;
  const i18n = options.i18n ?? ctx?.i18n ?? getI18n();
  const wanted = ns ?? ctx?.defaultNS ?? (i18n.options.defaultNS as string | string[] | undefined) ?? 'translation';
  const namespaces = typeof wanted === 'string' ? [wanted] : [...wanted];
  const key = `${namespaces.join(',')}|${options.keyPrefix ?? ''}|${options.lng ?? ''}`;
  let byKey = built.get(i18n);
  if (!byKey) built.set(i18n, (byKey = new Map()));
  let r = byKey.get(key);
  if (!r) {
    // the same call as the real hook (i18next's 4th argument scopes the namespaces; untyped)
    const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (
      lng: string,
      ns: string,
      keyPrefix: string | undefined,
      opts: { scopeNs: string[] },
    ) => TFunction;
    const fixed = getFixedT(options.lng ?? i18n.language, namespaces[0], options.keyPrefix, { scopeNs: namespaces });
    // a key without options always gives the same text in this instance: translate it once
    const plain = new Map<string, string>();
    const t = ((...args: unknown[]) => {
      if (args.length !== 1 || typeof args[0] !== 'string') return (fixed as unknown as (...a: unknown[]) => unknown)(...args);
      let text = plain.get(args[0]);
      if (text === undefined) plain.set(args[0], (text = (fixed as unknown as (k: string) => string)(args[0])));
      return text;
    }) as unknown as TFunction;
    r = Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
    byKey.set(key, r);
  }
  return r;
}
