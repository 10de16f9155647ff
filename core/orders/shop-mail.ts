/**
 * The shop hears of every order (api-contract "Running the shop day to day"): when an order is
 * created, whatever the payment method, a mail goes to the shop's own address (setting
 * `orderNotificationEmail`, else the configuration's `email`) in the shop's mail language, with
 * the order code, line items, total, payment method and a link to the order in the admin.
 */
import type { ShopSettings } from '../config/browser.ts';
import { publicOrigin } from '../config/browser.ts';
import type { Db } from '../db/index.ts';
import { resolveLocale } from '../i18n/browser.ts';
import { renderShopNewOrder } from '../mail/index.ts';
import { queueMail } from '../mail/index.ts';
import type { Shop } from '../shop.ts';
import type { OrderWithLines } from '../db/index.ts';

/** The address the shop's own mails go to (new orders, low stock). */
export function shopMailAddress(settings: Pick<ShopSettings, 'email' | 'orderNotificationEmail'>): string {
  return settings.orderNotificationEmail || settings.email;
}

/** Absolute URL of an order's page in the admin. */
export function adminOrderUrl(env: Shop['env'], orderId: string): string {
  return `${publicOrigin(env)}/admin/order/details?id=${encodeURIComponent(orderId)}`;
}

/**
 * Queues the new-order mail to the shop, inside the transaction that creates the order.
 * @param customer the buyer's e-mail (the order's address carries the name).
 * @returns the outbox id.
 */
export async function queueShopOrderMail(tx: Db, shop: Shop, order: OrderWithLines, customer: { email: string }, settings: ShopSettings): Promise<string> {
  const a = order.address;
  const mail = renderShopNewOrder(
    shopMailAddress(settings),
    resolveLocale({ stored: settings.shopMailLocale }),
    {
      code: order.code,
      status: order.status,
      paymentMethod: order.paymentMethod,
      total: order.total,
      customer: { name: `${a.firstName} ${a.lastName}`, email: customer.email, address: `${a.street}, ${a.postalCode} ${a.city}, ${a.country}` },
      lines: order.lines.map((l) => ({ count: l.count, name: l.name, sku: l.sku, lineTotal: l.lineTotal })),
    },
    { adminUrl: adminOrderUrl(shop.env, order.id) },
  );
  return queueMail(tx, mail, Boolean(shop.env.SMTP_URL));
}
