/**
 * Remembers the visitor's language and theme in cookies (POST `lang` and/or `theme`), then goes
 * back to `returnTo`. Works without JavaScript.
 */
import { data, redirect } from 'react-router';
import { z } from 'zod';
import type { ResourceArgs } from './types.ts';
import { matchLocale } from '../../core/i18n/browser.ts';
import { secureTransport } from '../../core/config/browser.ts';
import { safeRedirect } from '../../core/safe-redirect.ts';
import { readForm } from '../lib/page-action.server.ts';

const Prefs = z.object({
  lang: z.string().max(10).optional(),
  theme: z.enum(['light', 'dark', 'system']).optional(),
  returnTo: z.string().max(2000).optional(),
});

const YEAR = 60 * 60 * 24 * 365;

export async function action({ request, context }: ResourceArgs) {
  const form = await request.formData();
  let prefs: z.infer<typeof Prefs>;
  try {
    prefs = readForm(Prefs, form);
  } catch {
    return data({ ok: false }, { status: 400 });
  }
  const headers = new Headers();
  const secure = secureTransport(context.shop.env) ? '; Secure' : '';
  const lang = matchLocale(prefs.lang);
  if (lang) headers.append('Set-Cookie', `lang=${lang}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`);
  if (prefs.theme === 'system') headers.append('Set-Cookie', `theme=; Path=/; Max-Age=0; SameSite=Lax${secure}`);
  else if (prefs.theme) headers.append('Set-Cookie', `theme=${prefs.theme}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`);
  let to = safeRedirect(prefs.returnTo);
  if (lang) {
    const u = new URL(to, 'http://x');
    u.searchParams.delete('lang');
    to = u.pathname + u.search;
  }
  return redirect(to, { headers });
}

export function loader() {
  return redirect('/');
}
