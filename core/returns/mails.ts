/**
 * The returns module's mails: to the customer at each step (in the order's language) and to the
 * shop about a new return request (in the shop's mail language), queued in the caller's
 * transaction and delivered after it.
 */
import { eq } from 'drizzle-orm';
import { users, type Db, type OrderRow, type OrderWithLines, type ReturnRow } from '../db/index.ts';
import { boxModelName } from '../custom-box/index.ts';
import { getSettings } from '../config/index.ts';
import { publicOrigin } from '../config/browser.ts';
import { storedLocale } from '../i18n/browser.ts';
import { textIn } from '../i18n/index.ts';
import { deliverOutbox, queueMail, type MailMessage } from '../mail/index.ts';
import { adminOrderUrl, customerMailText, shopMailAddress } from '../orders/index.ts';
import type { Shop } from '../shop-type.ts';

export async function queueCustomerMail(
  tx: Db,
  shop: Shop,
  order: OrderRow,
  subject: 'cancelledSubject' | 'requestedSubject' | 'acceptedSubject' | 'refusedSubject',
  lines: string[],
  attachments: MailMessage['attachments'] = [],
) {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  if (!user) return null;
  const settings = await getSettings(tx);
  const lang = storedLocale(order.locale);
  const url = `${publicOrigin(shop.env)}/client/historydetails?id=${order.code}`;
  const text = customerMailText(lang, order, [lines.join('\n'), textIn(lang, 'mail:returns.orderPage', { url })], settings.companyName);
  return queueMail(
    tx,
    { to: user.email, subject: textIn(lang, `mail:returns.${subject}`, { code: order.code }), text, attachments },
    Boolean(shop.env.SMTP_URL),
  );
}

/**
 * Queues the shop's mail about a new return request (to the shop's order address, in the shop's
 * mail language): order, customer, reason, items, the customer's message, photos, whether the
 * refund IBAN is known, and the link to the order in the admin, where the return is decided. A
 * custom box is named by its model in that language (core/custom-box boxModelName), as in the
 * order mails, not by the English name its line was stored with.
 */
export async function queueShopReturnMail(tx: Db, shop: Shop, order: OrderWithLines, r: ReturnRow): Promise<string> {
  const settings = await getSettings(tx);
  const lang = storedLocale(settings.shopMailLocale);
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  const a = order.address;
  const text = [
    textIn(lang, 'mail:returns.shopRequested', {
      code: order.code,
      customer: `${a.firstName} ${a.lastName}`,
      email: user?.email ?? '',
      reason: textIn(lang, `mail:returns.${r.reason}`),
    }),
    '',
    ...r.lines.map((l) => {
      const box = order.lines.find((x) => x.id === l.lineId)?.box;
      return `${l.count} × ${box ? boxModelName({ name: l.name, capacity: box.capacity }, lang) : l.name} (${l.sku})`;
    }),
    '',
    `${textIn(lang, 'mail:returns.shopMessage')}: ${r.message}`,
    textIn(lang, 'mail:returns.shopPhotos', { count: r.photos.length }),
    ...(order.paymentMethod === 'qr-bill' ? [r.iban ? textIn(lang, 'mail:returns.shopIbanGiven') : textIn(lang, 'mail:returns.shopIbanMissing')] : []),
    '',
    textIn(lang, 'mail:returns.shopDecide', { url: adminOrderUrl(shop.env, order.id) }),
  ].join('\n');
  return queueMail(
    tx,
    { to: shopMailAddress(settings), subject: textIn(lang, 'mail:returns.shopRequestedSubject', { code: order.code }), text },
    Boolean(shop.env.SMTP_URL),
  );
}

export async function deliver(shop: Shop, ids: (string | null)[], what: string): Promise<void> {
  const list = ids.filter((x): x is string => Boolean(x));
  if (list.length) await deliverOutbox(shop, list).catch((err) => shop.log.warn({ err }, `${what} mail delivery failed`));
}
