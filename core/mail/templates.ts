/**
 * The shop's account mails in the user's language, HTML plus a plain-text part. Texts: namespace
 * `mail` of the one text store (core/i18n/texts.ts); every locale has them. Values put into the
 * HTML part are escaped; Arabic mails are written right to left.
 */
import type { Locale } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import type { SiteBrand } from '../config/browser.ts';
import { buttonHtml, mailLayout, paragraphsHtml } from './layout.ts';
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
 *   p.params further placeholder values of the kind's texts (e.g. `email`, `count`); p.brand the
 *   site brand for the frame's header (default: p.shop, no logo) with p.origin, the shop's public
 *   origin that makes the logo's address absolute.
 */
export function renderLinkMail(
  kind: LinkMailKind,
  lang: Locale,
  p: { to: string; name: string; shop: string; link: string; params?: Record<string, string | number>; brand?: SiteBrand; origin?: string },
): MailMessage {
  const params = { ...p.params, name: p.name, shop: p.shop };
  const subject = textIn(lang, `mail:${kind}.subject`);
  const action = textIn(lang, `mail:${kind}.action`);
  const greeting = textIn(lang, 'mail:greeting', params);
  const intro = textIn(lang, `mail:${kind}.intro`, params);
  const outro = textIn(lang, `mail:${kind}.outro`, params);
  const signature = textIn(lang, 'mail:signature', params);
  const text = [greeting, '', intro, '', `${action}: ${p.link}`, '', outro, '', signature, ''].join('\n');
  // the one frame of every mail (./layout.ts), the shop's name at its top
  const body = [paragraphsHtml([greeting, intro]), buttonHtml(action, p.link, textIn(lang, 'mail:linkHint')), paragraphsHtml([outro, signature])].join('\n');
  const html = mailLayout(lang, { title: subject, brand: p.brand ?? { name: p.shop, logo: null }, origin: p.origin ?? '', body });
  return { to: p.to, subject, text, html };
}
