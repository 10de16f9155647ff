/**
 * Custom box calls (docs/api.md, "Custom boxes and influencers"): `custombox/options` lists the
 * box models and the single cigars in stock; `custombox/create` builds a box into a cart as one
 * line. Anonymous carts may hold boxes (the anonymous id is the credential); paying needs an account.
 */
import { z } from 'zod';
import { boxImagePath, boxOptions } from '../core/custom-box/index.ts';
import { BOX_MESSAGE_KINDS } from '../core/custom-box/browser.ts';
import { createBox } from '../core/cart/index.ts';
import { rappenToChf } from '../core/pricing/browser.ts';
import { resolveCartOwner } from './cart-access.ts';
import { ApiRouter } from './openapi.ts';
import { cartProductsJson } from './serializers.ts';
import { jsonBodyLimit } from './validation.ts';

/** Printable text: no NUL or other control characters except line breaks. */
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/;
const id = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((s) => !CONTROL.test(s), 'invalidValue');

const CreateBoxBody = z.object({
  userID: id,
  boxID: id,
  items: z.array(z.object({ productID: id, count: z.number().int().min(1).max(100) })).max(100),
  message: z
    .string()
    .max(1000)
    .refine((s) => !CONTROL.test(s), 'invalidValue')
    .optional(),
  messageKind: z.enum(BOX_MESSAGE_KINDS).optional(),
});

const OptionsAnswer = z.object({
  minVarieties: z.number(),
  maxCigars: z.number(),
  messageLimits: z.object({ card: z.number(), engraving: z.number() }),
  boxes: z.array(z.object({ _id: z.string(), name: z.string(), capacity: z.number(), price: z.number(), images: z.array(z.object({ path: z.string() })) })),
  varieties: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      brand: z.string(),
      packaging: z.string(),
      price: z.number(),
      base_price: z.number(),
      discount_percent: z.number(),
      stock: z.number(),
      strength: z.string().nullable(),
      vitola: z.string().nullable(),
      length_mm: z.number().nullable(),
      ring_gauge: z.number().nullable(),
      wrapper: z.string().nullable(),
    }),
  ),
});

export const customboxApi = new ApiRouter(['custombox'], jsonBodyLimit())
  .operation({
    method: 'get',
    path: '/options',
    summary: 'The box models (by sort order) and the single cigars in stock a custom box can hold',
    auth: 'none',
    responses: { 200: { description: 'Box models and varieties; money in CHF, `price` of a variety after its discount', schema: OptionsAnswer } },
    handler: async (c) => {
      const o = await boxOptions(c.get('shop').db);
      return c.json({
        minVarieties: o.minVarieties,
        maxCigars: o.maxCigars,
        messageLimits: o.messageLimits,
        boxes: o.models.map((m) => ({ _id: m.id, name: m.name, capacity: m.capacity, price: rappenToChf(m.price), images: [{ path: boxImagePath(m) }] })),
        varieties: o.varieties.map((v) => ({
          _id: v.id,
          name: v.name,
          brand: v.brand,
          packaging: v.packaging,
          price: rappenToChf(v.unitPrice),
          base_price: rappenToChf(v.basePrice),
          discount_percent: v.discountPercent,
          stock: v.stock,
          strength: v.strength,
          vitola: v.vitola,
          length_mm: v.lengthMm,
          ring_gauge: v.ringGauge,
          wrapper: v.wrapper,
        })),
      } satisfies z.infer<typeof OptionsAnswer>);
    },
  })
  .operation({
    method: 'post',
    path: '/create',
    summary: 'Builds a custom box into the cart as ONE line (count 1, base_price = box price + its cigars); remove it with cart/delete and its line id',
    body: CreateBoxBody,
    auth: 'optional',
    responses: {
      201: "The cart's products, with the new box line (`product_data.box`), and `lineID`",
      400: '"A minimum of 5 cigars is required" (field `items`) for fewer than 5 different varieties; more cigars than the box holds; a text longer than its limit (`message`); an unknown box (`boxID`); an unknown variety or one that is not a single cigar (`items`); NUL or control characters',
      401: "A registered user's cart without a token",
      403: "Someone else's cart",
      409: "A variety's stock is short",
    },
    handler: async (c) => {
      const body = c.req.valid('json');
      const owner = await resolveCartOwner(c, body.userID);
      const { cart, lineId } = await createBox(
        c.get('shop').db,
        owner.cartKey,
        {
          modelId: body.boxID,
          items: body.items.map((i) => ({ productId: i.productID, count: i.count })),
          message: body.message,
          messageKind: body.messageKind,
        },
        owner.userId,
      );
      return c.json({ cart: { products: cartProductsJson(cart) }, lineID: lineId }, 201);
    },
  });
