/**
 * The admin's test mail (`email/send`): the text the admin typed, on the one frame of every mail,
 * in the shop's mail language (setting `shopMailLocale`), queued and sent like every other mail.
 */
import { publicOrigin } from '../config/browser.ts';
import { getSettings } from '../config/index.ts';
import { storedLocale } from '../i18n/browser.ts';
import type { Shop } from '../shop-type.ts';
import { composeMail, shopForMail } from './compose.ts';
import { sendMail } from './service.ts';

/**
 * Queues the test mail and tries to send it at once.
 * @param input.content the body as typed (plain text; its line breaks are kept in the HTML part).
 * @returns the outbox id.
 */
export async function sendTestMail(shop: Shop, input: { to: string; subject: string; content: string }): Promise<string> {
  const settings = await getSettings(shop.db);
  const lang = storedLocale(settings.shopMailLocale);
  const mail = composeMail(lang, input.to, input.subject, [input.content], shopForMail(settings, publicOrigin(shop.env)));
  // the text part is the content exactly as typed
  return sendMail(shop, { ...mail, text: input.content });
}
