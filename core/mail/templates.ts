/**
 * The shop's account mails in the user's language (the five picker languages and
 * the further locales), HTML plus a plain-text part. Texts live in
 * `core/mail/locales/<lng>.json`; a language without texts falls back to English. Values put into
 * the HTML part are escaped; Arabic mails are written right to left.
 */
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import id from './locales/id.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import tr from './locales/tr.json';
import vi from './locales/vi.json';
import zh from './locales/zh.json';
import type { MailMessage } from './service.ts';

type Texts = typeof en;
const TEXTS = { en, de, fr, it, es, ar, id, ja, ko, pl, pt, ru, tr, vi, zh } satisfies Record<string, Texts>;
/** Languages with mail texts (locale codes of `app/i18n/locales.ts`). */
export const MAIL_LOCALES = Object.keys(TEXTS) as (keyof typeof TEXTS)[];

/**
 * The mails with a call-to-action link. `passwordChanged` tells a user
 * their password was changed or reset; its link goes to `/forgot` in case it was not them.
 */
export type LinkMailKind = 'confirm' | 'reset' | 'accountExists' | 'passwordChanged';

/** Escapes text for HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => params[k] ?? '');
}

/** The texts of a language (English when the language has none). */
export function mailTexts(lang: string): Texts {
  const texts: Record<string, Texts> = TEXTS;
  return texts[lang] ?? texts[lang.split('-')[0]] ?? en;
}

/** Writing direction of a mail language (Arabic is right to left). */
export function mailDir(lang: string): 'rtl' | 'ltr' {
  return lang.split('-')[0] === 'ar' ? 'rtl' : 'ltr';
}

/**
 * Renders a mail whose point is one link (confirmation, password reset).
 * @param p.to recipient; p.name the greeting name; p.shop the shop's name; p.link absolute URL.
 */
export function renderLinkMail(kind: LinkMailKind, lang: string, p: { to: string; name: string; shop: string; link: string }): MailMessage {
  const t = mailTexts(lang);
  const k = t[kind];
  const params = { name: p.name, shop: p.shop };
  const greeting = fill(t.greeting, params);
  const intro = fill(k.intro, params);
  const outro = fill(k.outro, params);
  const signature = fill(t.signature, params);
  const text = [greeting, '', intro, '', `${k.action}: ${p.link}`, '', outro, '', signature, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(lang)}" dir="${mailDir(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(k.subject)}</title></head>
<body dir="${mailDir(lang)}" style="margin:0;padding:24px;background:#f6f1ea;font-family:Helvetica,Arial,sans-serif;color:#2b2118">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:28px">
<p style="font-size:20px;margin:0 0 16px;font-family:Georgia,serif;color:#6b3e1f">${e(p.shop)}</p>
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
<p style="margin:24px 0"><a href="${e(p.link)}" style="background:#6b3e1f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${e(k.action)}</a></p>
<p style="font-size:13px;color:#6d625a">${e(t.linkHint)}<br><a href="${e(p.link)}" style="color:#6b3e1f;word-break:break-all">${e(p.link)}</a></p>
<p>${e(outro)}</p>
<p>${e(signature)}</p>
</td></tr></table></body></html>`;
  return { to: p.to, subject: k.subject, text, html };
}
