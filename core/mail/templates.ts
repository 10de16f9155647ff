/**
 * The shop's account mails in the user's language, HTML plus a plain-text part. Texts: namespace
 * `mail` of the one text store (core/i18n/texts.ts); every locale has them. Values put into the
 * HTML part are escaped; Arabic mails are written right to left.
 */
import type { Locale } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { escapeHtml, mailDir } from './layout.ts';
import type { MailMessage } from './service.ts';

/**
 * The mails with a call-to-action link. `passwordChanged` tells a user their password was
 * changed or reset; its link goes to `/forgot` in case it was not them. `adminTwoFactorOn` /
 * `adminTwoFactorOff` tell every admin that an admin's second factor was added or removed
 * (`{{email}}`: that admin), linking to the account in the admin; `wrongCodes` tells an account
 * that its right password was followed by repeated wrong two-factor codes, linking to `/forgot`.
 */
export type LinkMailKind = 'confirm' | 'reset' | 'accountExists' | 'passwordChanged' | 'adminTwoFactorOn' | 'adminTwoFactorOff' | 'wrongCodes';

/**
 * Renders a mail whose point is one link (confirmation, password reset).
 * @param p.to recipient; p.name the greeting name; p.shop the shop's name; p.link absolute URL;
 *   p.params further placeholder values of the kind's texts (e.g. `email`, `count`).
 */
export function renderLinkMail(
  kind: LinkMailKind,
  lang: Locale,
  p: { to: string; name: string; shop: string; link: string; params?: Record<string, string | number> },
): MailMessage {
  const params = { ...p.params, name: p.name, shop: p.shop };
  const subject = textIn(lang, `mail:${kind}.subject`);
  const action = textIn(lang, `mail:${kind}.action`);
  const greeting = textIn(lang, 'mail:greeting', params);
  const intro = textIn(lang, `mail:${kind}.intro`, params);
  const outro = textIn(lang, `mail:${kind}.outro`, params);
  const signature = textIn(lang, 'mail:signature', params);
  const text = [greeting, '', intro, '', `${action}: ${p.link}`, '', outro, '', signature, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(lang)}" dir="${mailDir(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body dir="${mailDir(lang)}" style="margin:0;padding:24px;background:#f6f1ea;font-family:Helvetica,Arial,sans-serif;color:#2b2118">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:28px">
<p style="font-size:20px;margin:0 0 16px;font-family:Georgia,serif;color:#6b3e1f">${e(p.shop)}</p>
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
<p style="margin:24px 0"><a href="${e(p.link)}" style="background:#6b3e1f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${e(action)}</a></p>
<p style="font-size:13px;color:#6d625a">${e(textIn(lang, 'mail:linkHint'))}<br><a href="${e(p.link)}" style="color:#6b3e1f;word-break:break-all">${e(p.link)}</a></p>
<p>${e(outro)}</p>
<p>${e(signature)}</p>
</td></tr></table></body></html>`;
  return { to: p.to, subject, text, html };
}
