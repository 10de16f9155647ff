/**
 * The mails the shop sends on its domain events (core/events), all made here, as Vendure's email
 * plugin makes its mails from its EmailEventHandlers: a module says what happened, this module
 * decides who is mailed what, in which language, on the one frame (./layout.ts). Each handler
 * queues its mail in the emitter's transaction (the mail exists exactly when the change does) and
 * delivery follows the commit (./queue.ts). Wired once per shop by core/shop.ts openShop.
 */
import type { Db } from '../db/index.ts';
import type { EventBus } from '../events/index.ts';
import type { Shop } from '../shop-type.ts';
import { registerAccountMails } from './account-handlers.ts';
import { registerOrderMails } from './order-handlers.ts';
import { registerReturnMails } from './return-handlers.ts';
import { registerShopMails } from './shop-handlers.ts';

/** Registers every mail handler of `shop` on its event bus. */
export function registerMailHandlers(shop: Shop, bus: EventBus<Db>): void {
  registerAccountMails(shop, bus);
  registerShopMails(shop, bus);
  registerReturnMails(shop, bus);
  registerOrderMails(shop, bus);
}
