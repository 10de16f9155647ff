/**
 * The shop's own checkout calls (docs/api.md, "Checkout"):
 * `order/create`, `order/list`, `order/get`, and ("Running the shop day to day") `order/cancel` and
 * `order/return`. All need the customer's token; `userID` must be the
 * caller's (an admin may act for anyone).
 */
import { z } from 'zod';
import { createOrder, getOrderFor, listOrdersOfUser, PAYMENT_METHODS, type OrderWithLines } from '../core/orders/index.ts';
import { rappenToChf } from '../core/pricing/browser.ts';
import { requireAuth, requireSelfOrAdmin } from './auth.ts';
import { ApiRouter } from './openapi.ts';
import { orderBoxJson, OrderBoxJson } from './custombox-json.ts';
import { consumeRateLimit } from '../core/rate-limit/index.ts';
import { clientIp } from './client-ip.ts';
import { cancelOrderByCustomer, orderDocuments, orderTracking, requestReturn, RETURN_REASONS, returnsOfOrder } from '../core/returns/index.ts';

const id = z.string().trim().min(1).max(64);
const AddressBody = z.object({
  firstName: z.string().max(80).optional(),
  lastName: z.string().max(80).optional(),
  street: z.string().max(120).optional(),
  postalCode: z.string().max(10).optional(),
  city: z.string().max(80).optional(),
  country: z.string().max(2).optional(),
});
const CreateOrderBody = z.object({ userID: id, paymentMethod: z.enum(PAYMENT_METHODS), address: AddressBody.optional() });
const ListOrdersQuery = z.object({ userID: id });
const GetOrderQuery = z.object({ id });
const CancelOrderBody = z.object({ orderID: id });
const ReturnBody = z.object({
  orderID: id,
  /** Validated by the service, so that another reason gets the terms' own message. */
  reason: z.string().max(40),
  message: z.string().max(5000),
  lines: z
    .array(z.object({ sku: z.string().trim().min(1).max(64), count: z.number().int().min(0).max(10_000) }))
    .max(200)
    .optional(),
  /** The shop's addition: the IBAN a bank-transfer (QR-bill) order's refund goes to. */
  iban: z.string().max(64).optional(),
});

const LineJson = z.object({
  sku: z.string(),
  name: z.string(),
  count: z.number(),
  unit_price: z.number(),
  discount_percent: z.number(),
  line_total: z.number(),
  box: OrderBoxJson.optional(),
});
export const OrderJson = z.object({
  _id: z.string(),
  code: z.string(),
  status: z.string(),
  created_at: z.string(),
  lines: z.array(LineJson),
  subtotal: z.number(),
  discount: z.number(),
  /** Influencer bonus spent on the order (a deduction like the discount), CHF. */
  bonus: z.number(),
  shipping_fee: z.number(),
  total: z.number(),
  vat: z.number(),
  payment_method: z.string(),
  payment_status: z.string(),
  address: z.object({ firstName: z.string(), lastName: z.string(), street: z.string(), postalCode: z.string(), city: z.string(), country: z.string() }),
});

/** An order as the API answers it: money in CHF. */
function orderJson(o: OrderWithLines): z.infer<typeof OrderJson> {
  return {
    _id: o.id,
    code: o.code,
    status: o.status,
    created_at: o.createdAt.toISOString(),
    lines: o.lines.map((l) => ({
      sku: l.sku,
      name: l.name,
      count: l.count,
      unit_price: rappenToChf(l.unitPrice),
      discount_percent: l.discountPercent,
      line_total: rappenToChf(l.lineTotal),
      ...(l.box ? { box: orderBoxJson(l.box) } : {}),
    })),
    subtotal: rappenToChf(o.subtotal),
    discount: rappenToChf(o.discount),
    bonus: rappenToChf(o.bonus),
    shipping_fee: rappenToChf(o.shippingFee),
    total: rappenToChf(o.total),
    vat: rappenToChf(o.vat),
    payment_method: o.paymentMethod,
    payment_status: o.paymentStatus,
    address: o.address,
  };
}

const ReturnJson = z.object({ _id: z.string(), status: z.enum(['requested', 'accepted', 'refused']), reason: z.enum(RETURN_REASONS), created_at: z.string() });
function returnJson(r: {
  id: string;
  status: 'requested' | 'accepted' | 'refused';
  reason: 'damaged' | 'wrong_item';
  createdAt: Date;
}): z.infer<typeof ReturnJson> {
  return { _id: r.id, status: r.status, reason: r.reason, created_at: r.createdAt.toISOString() };
}

const OrderAnswer = z.object({ order: OrderJson });
const NOT_FOUND = "Not found (also for someone else's order)";

export const orderApi = new ApiRouter(['order'])
  .operation({
    method: 'post',
    path: '/create',
    summary: "Turns the caller's cart into an order awaiting payment (stock is taken at once)",
    body: CreateOrderBody,
    auth: 'user',
    responses: {
      201: { description: 'The order', schema: OrderAnswer },
      400: 'Invalid input, empty cart ("your cart is empty, please buy something"), promo no longer applies, delivery outside Switzerland',
      401: 'No or invalid token',
      403: 'Someone else\'s userID, shop closed ("store temporarily closed"), or customer under 18',
      409: 'Not enough stock',
    },
    handler: async (c) => {
      const body = c.req.valid('json');
      await requireSelfOrAdmin(c, body.userID);
      await consumeRateLimit(c.get('shop'), 'order', clientIp(c), body.userID);
      const order = await createOrder(c.get('shop'), {
        userId: body.userID,
        paymentMethod: body.paymentMethod,
        address: body.address,
        locale: c.get('locale'),
      });
      return c.json({ order: orderJson(order) }, 201);
    },
  })
  .operation({
    method: 'get',
    path: '/list',
    summary: "The caller's orders, newest first",
    query: ListOrdersQuery,
    auth: 'user',
    responses: { 200: { description: 'The orders', schema: z.object({ orders: z.array(OrderJson) }) }, 403: "Someone else's userID" },
    handler: async (c) => {
      const { userID } = c.req.valid('query');
      await requireSelfOrAdmin(c, userID);
      const orders = await listOrdersOfUser(c.get('shop'), userID);
      return c.json({ orders: orders.map(orderJson) });
    },
  })
  .operation({
    method: 'get',
    path: '/get',
    summary: "One of the caller's orders, by id or order code",
    query: GetOrderQuery,
    auth: 'user',
    responses: {
      200: {
        description: "The order, with its parcel tracking, returns and documents (invoice, credit notes: PDFs answered to the customer's token)",
        schema: z.object({
          order: OrderJson.extend({
            tracking: z.object({ carrier: z.string(), number: z.string(), url: z.string().nullable() }).nullable(),
            returns: z.array(ReturnJson),
            documents: z.array(z.object({ kind: z.enum(['invoice', 'credit_note']), number: z.string(), url: z.string() })),
          }),
        }),
      },
      404: NOT_FOUND,
    },
    handler: async (c) => {
      const q = c.req.valid('query');
      const auth = await requireAuth(c);
      const shop = c.get('shop');
      const order = await getOrderFor(shop, q.id, auth);
      const [returns, documents] = await Promise.all([returnsOfOrder(shop.db, order.id), orderDocuments(shop.db, order)]);
      return c.json({
        order: {
          ...orderJson(order),
          tracking: orderTracking(order),
          returns: returns.map(returnJson),
          documents: documents.map((d) => ({ kind: d.kind, number: d.number, url: d.url })),
        },
      });
    },
  })
  .operation({
    method: 'post',
    path: '/cancel',
    summary: "Cancels the caller's unpaid order: stock, promo use and bonus are given back",
    body: CancelOrderBody,
    auth: 'user',
    responses: {
      200: { description: 'The cancelled order', schema: OrderAnswer },
      404: NOT_FOUND,
      409: 'The order is paid (then it is a refund, done by the shop) or no longer open',
    },
    handler: async (c) => {
      const body = c.req.valid('json');
      const auth = await requireAuth(c);
      const order = await cancelOrderByCustomer(c.get('shop'), body.orderID, auth.userId);
      return c.json({ order: orderJson(order) });
    },
  })
  .operation({
    method: 'post',
    path: '/return',
    summary: 'Asks to return (part of) a delivered order: goods damaged or wrong item, up to 7 days after delivery',
    body: ReturnBody,
    auth: 'user',
    responses: {
      201: { description: 'The return, status requested', schema: z.object({ return: ReturnJson }) },
      400: 'Not shipped yet, 7 days since delivery passed, another reason, an open return, unknown lines, an invalid IBAN',
      404: NOT_FOUND,
      429: 'Too many return requests from this account (10 an hour) or address (30 an hour)',
    },
    handler: async (c) => {
      const body = c.req.valid('json');
      const auth = await requireAuth(c);
      await consumeRateLimit(c.get('shop'), 'returns', clientIp(c), auth.userId);
      const ret = await requestReturn(c.get('shop'), {
        orderId: body.orderID,
        userId: auth.userId,
        reason: body.reason,
        message: body.message,
        lines: body.lines,
        iban: body.iban,
      });
      return c.json({ return: returnJson(ret) }, 201);
    },
  });
