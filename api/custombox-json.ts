/**
 * JSON shapes of custom boxes (docs/api.md, "Custom boxes and influencers"): money in CHF,
 * product ids as `productID`. Shared by the cart, order and custombox calls.
 */
import { z } from 'zod';
import type { CartBoxDetails } from '../core/custom-box/index.ts';
import type { OrderBoxSnapshot } from '../core/db/browser.ts';
import { rappenToChf } from '../core/pricing/browser.ts';

const BoxItemJson = z.object({ productID: z.string(), name: z.string(), count: z.number(), unit_price: z.number() });

/** `product_data.box` of a cart line. */
export const CartBoxJson = z.object({
  boxID: z.string(),
  capacity: z.number(),
  box_price: z.number(),
  items: z.array(BoxItemJson),
  message: z.string(),
  message_kind: z.enum(['card', 'engraving']),
});

/** `lines[i].box` of an order. */
export const OrderBoxJson = z.object({
  boxID: z.string(),
  capacity: z.number(),
  box_price: z.number(),
  items: z.array(BoxItemJson.extend({ sku: z.string() })),
  message: z.string(),
  message_kind: z.enum(['card', 'engraving']),
});

export function cartBoxJson(b: CartBoxDetails): z.infer<typeof CartBoxJson> {
  return {
    boxID: b.modelId,
    capacity: b.capacity,
    box_price: rappenToChf(b.boxPrice),
    items: b.items.map((i) => ({ productID: i.productId, name: i.name, count: i.count, unit_price: rappenToChf(i.unitPrice) })),
    message: b.message,
    message_kind: b.messageKind,
  };
}

export function orderBoxJson(b: OrderBoxSnapshot): z.infer<typeof OrderBoxJson> {
  return {
    boxID: b.modelId,
    capacity: b.capacity,
    box_price: rappenToChf(b.boxPrice),
    items: b.items.map((i) => ({ productID: i.productId, sku: i.sku, name: i.name, count: i.count, unit_price: rappenToChf(i.unitPrice) })),
    message: b.message,
    message_kind: b.messageKind,
  };
}
