/**
 * A mail written once as blocks and sent as both parts: the plain text (for clients that show no
 * HTML, and the outbox page) and the HTML in the one frame ({@link mailLayout}). Blocks are a
 * paragraph, a heading with lines (an address), an order's summary, or a call-to-action link.
 */
import type { ShopSettings, SiteBrand } from '../config/browser.ts';
import { siteBrand } from '../config/browser.ts';
import type { Locale } from '../i18n/browser.ts';
import { buttonHtml, escapeHtml, mailLayout, paragraphsHtml } from './layout.ts';
import { orderSummaryHtml, orderSummaryText, type OrderSummary } from './order-summary.ts';
import type { MailMessage } from './service.ts';

/** What the frame of every mail needs of the shop: its brand, public origin (for links and the logo), company name and time zone. */
export type ShopForMail = { brand: SiteBrand; origin: string; companyName: string; timeZone: string };

/** {@link ShopForMail} from the settings and the shop's public origin (core/config publicOrigin). */
export function shopForMail(settings: Pick<ShopSettings, 'siteName' | 'siteLogo' | 'companyName' | 'timeZone'>, origin: string): ShopForMail {
  return { brand: siteBrand(settings), origin, companyName: settings.companyName, timeZone: settings.timeZone };
}

/** One block of a mail. A string is a paragraph (line breaks kept). */
export type MailBlock =
  string | { heading: string; lines: string[] } | { summary: OrderSummary; heading?: string } | { button: { label: string; url: string; hint?: string } };

function blockText(lang: Locale, b: MailBlock): string {
  if (typeof b === 'string') return b;
  if ('heading' in b && 'lines' in b) return [`${b.heading}:`, ...b.lines.map((l) => `  ${l}`)].join('\n');
  if ('summary' in b) return [...(b.heading ? [`${b.heading}:`] : []), ...orderSummaryText(lang, b.summary)].join('\n');
  return `${b.button.label}: ${b.button.url}`;
}

function blockHtml(lang: Locale, b: MailBlock): string {
  const e = escapeHtml;
  if (typeof b === 'string') return paragraphsHtml([b]);
  if ('heading' in b && 'lines' in b) return `<p style="margin:0 0 14px"><strong>${e(b.heading)}</strong><br>${b.lines.map(e).join('<br>')}</p>`;
  if ('summary' in b) return `${b.heading ? `<p style="margin:0 0 6px"><strong>${e(b.heading)}</strong></p>\n` : ''}${orderSummaryHtml(lang, b.summary)}`;
  return buttonHtml(b.button.label, b.button.url, b.button.hint);
}

/**
 * A mail from its blocks: the text part is the blocks a blank line apart, the HTML part the same
 * blocks in the frame, in `lang` (with its direction).
 */
export function composeMail(lang: Locale, to: string, subject: string, blocks: MailBlock[], shop: ShopForMail): MailMessage {
  const text = blocks.map((b) => blockText(lang, b)).join('\n\n') + '\n';
  const body = blocks.map((b) => blockHtml(lang, b)).join('\n');
  return { to, subject, text, html: mailLayout(lang, { title: subject, brand: shop.brand, origin: shop.origin, body }) };
}
