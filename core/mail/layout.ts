/**
 * The one HTML frame of every mail the shop sends: `<html lang dir>` in the mail's language (Arabic
 * right to left), the site brand (name, and logo when the admin set one) at the top, the body, in a
 * 560 px card that narrows on a phone. Mail clients ignore style sheets, so the styles are inline.
 * Every value put into the HTML is escaped here or by the caller through {@link escapeHtml}.
 */
import type { SiteBrand } from '../config/browser.ts';
import { isRtl, type Locale } from '../i18n/browser.ts';

/** Escapes text for HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** Writing direction of a mail language (Arabic is right to left). */
export function mailDir(lang: Locale): 'rtl' | 'ltr' {
  return isRtl(lang) ? 'rtl' : 'ltr';
}

/** The colours of the frame and of its buttons. */
export const MAIL_COLOURS = { page: '#f6f1ea', ink: '#2b2118', brand: '#6b3e1f', muted: '#6d625a', rule: '#e6ddd2' } as const;

/** Plain-text paragraphs (a blank line between paragraphs, line breaks inside one) as HTML paragraphs. */
export function paragraphsHtml(paragraphs: string[]): string {
  return paragraphs.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
}

/** A call-to-action link drawn as a button, with the address written out under it for clients that do not show buttons. */
export function buttonHtml(label: string, url: string, hint?: string): string {
  const e = escapeHtml;
  return (
    `<p style="margin:22px 0"><a href="${e(url)}" style="background:${MAIL_COLOURS.brand};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${e(label)}</a></p>` +
    `\n<p style="font-size:13px;color:${MAIL_COLOURS.muted};margin:0 0 14px">${hint ? `${e(hint)}<br>` : ''}<a href="${e(url)}" style="color:${MAIL_COLOURS.brand};word-break:break-all">${e(url)}</a></p>`
  );
}

/**
 * A whole HTML mail.
 * @param p.title the subject (the document's title); p.brand the site brand (core/config siteBrand);
 *   p.origin the shop's public origin, to make the logo's address absolute; p.body the body's HTML,
 *   already escaped.
 */
export function mailLayout(lang: Locale, p: { title: string; brand: SiteBrand; origin: string; body: string }): string {
  const e = escapeHtml;
  const dir = mailDir(lang);
  const c = MAIL_COLOURS;
  const logo = p.brand.logo;
  const head = logo
    ? `<img src="${e(p.origin + logo.src)}" width="${logo.width}" height="${logo.height}" alt="${e(logo.alt)}" style="display:block;border:0;height:${logo.height}px;width:auto">`
    : `<span style="font-size:20px;font-family:Georgia,serif;color:${c.brand}">${e(p.brand.name)}</span>`;
  return `<!doctype html>
<html lang="${e(lang)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(p.title)}</title></head>
<body dir="${dir}" style="margin:0;padding:16px;background:${c.page};font-family:Helvetica,Arial,sans-serif;color:${c.ink};line-height:1.45">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px 0">${head}</td></tr>
<tr><td style="padding:16px 24px 24px;text-align:start">
${p.body}
</td></tr></table></body></html>`;
}
