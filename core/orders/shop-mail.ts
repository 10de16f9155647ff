/**
 * The shop hears of every order (docs/api.md, "Running the shop day to day"): when an order is
 * created, whatever the payment method, a mail goes to the shop's own address (setting
 * `orderNotificationEmail`, else the configuration's `email`) in the shop's mail language, with
 * the order code, the customer, the whole order (a custom box's cigars and text, discount with
 * its code, bonus, shipping, total), the payment method and a link to the order in the admin.
 */
import type { ShopSettings } from '../config/browser.ts';
import { publicOrigin } from '../config/browser.ts';
import type { Db, OrderWithLines } from '../db/index.ts';
import { storedLocale } from '../i18n/browser.ts';
import { queueMail, renderShopNewOrder, shopForMail } from '../mail/index.ts';
import type { Shop } from '../shop-type.ts';

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
  const mail = renderShopNewOrder(shopMailAddress(settings), storedLocale(settings.shopMailLocale), order, shopForMail(settings, publicOrigin(shop.env)), {
    customerEmail: customer.email,
    adminUrl: adminOrderUrl(shop.env, order.id),
  });
  return queueMail(tx, mail, Boolean(shop.env.SMTP_URL));
}
