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

const Prefs = z.object({
  lang: z.string().max(10).optional(),
  theme: z.enum(['light', 'dark', 'system']).optional(),
  returnTo: z.string().max(2000).optional(),
});

const YEAR = 60 * 60 * 24 * 365;

export async function action({ request, context }: ResourceArgs) {
  const parsed = Prefs.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  const headers = new Headers();
  const secure = secureTransport(context.shop.env) ? '; Secure' : '';
  const lang = matchLocale(parsed.data.lang);
  if (lang) headers.append('Set-Cookie', `lang=${lang}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`);
  if (parsed.data.theme === 'system') headers.append('Set-Cookie', `theme=; Path=/; Max-Age=0; SameSite=Lax${secure}`);
  else if (parsed.data.theme) headers.append('Set-Cookie', `theme=${parsed.data.theme}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`);
  let to = safeRedirect(parsed.data.returnTo);
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
