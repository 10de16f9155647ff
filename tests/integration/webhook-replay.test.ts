/**
 * Datatrans webhooks (SECURITY.md, first review, finding 10): a correctly signed webhook older than
 * 5 minutes is a replay and changes nothing, the same signed message twice is a duplicate, and a
 * late "canceled" of a first payment attempt does not cancel the order a second attempt pays; and
 * a signature header with a repeated `t=` or `s0=` (SECURITY.md, second review, low) is refused.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, orderEvents } from '../../core/db/schema/orders.ts';
import { payments } from '../../core/db/schema/payments.ts';
import { signPayload, signatureParts, verifySignature } from '../../core/payments/signature.ts';
import { customerWithCart } from '../helpers/customers.ts';
import { useTestSuite } from '../helpers/suite.ts';

describe('webhooks: timestamps, replays and a late "canceled"', () => {
  const t = useTestSuite({ datatrans: true });
  const webhook = (raw: string, signature: string) =>
    t.api.raw('/payment/webhook/datatrans', { method: 'POST', headers: { 'content-type': 'application/json', 'Datatrans-Signature': signature }, body: raw });
  async function orderWithAttempt(index: number) {
    const { c } = await customerWithCart(t.shop, { stock: 10, basePrice: 5000, index });
    const created = await t.api.post('/order/create', { userID: c.id, paymentMethod: 'datatrans' }, c.headers);
    expect(created.status).toBe(201);
    const start = async () =>
      /\/v1\/start\/(\d+)$/.exec((await t.api.post('/payment/start', { orderID: created.body.order._id }, c.headers)).body.redirectUrl)![1];
    return { orderId: created.body.order._id as string, start };
  }
  const statusOf = async (id: string) => (await t.shop.db.select().from(orders).where(eq(orders.id, id)))[0];

  it('refuses a correctly signed webhook whose timestamp is older than 5 minutes (a replay), changing nothing', async () => {
    const { orderId, start } = await orderWithAttempt(40);
    const tx = await start();
    const { raw } = t.datatrans.webhookFor(tx, 'settled');
    const old = await webhook(raw, signPayload(t.datatrans.signKey, raw, Date.now() - 6 * 60 * 1000));
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(/too old/);
    expect((await statusOf(orderId)).status).toBe('pending_payment');
    expect(await t.shop.db.select().from(payments).where(eq(payments.providerRef, tx))).toEqual([]);
  });

  it('answers the same signed message twice as a duplicate: a replayed "canceled" does nothing the second time', async () => {
    const { orderId, start } = await orderWithAttempt(41);
    const tx = await start();
    const canceled = t.datatrans.webhookFor(tx, 'canceled');
    expect((await webhook(canceled.raw, canceled.signature)).status).toBe(200);
    const again = await webhook(canceled.raw, canceled.signature);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect((await statusOf(orderId)).status).toBe('cancelled');
  });

  it('a late "canceled" of the first attempt does not cancel the order a second attempt pays', async () => {
    const { orderId, start } = await orderWithAttempt(42);
    const first = await start();
    const second = await start();
    const late = t.datatrans.webhookFor(first, 'canceled');
    expect((await webhook(late.raw, late.signature)).status).toBe(200);
    expect((await statusOf(orderId)).status).toBe('pending_payment');
    const paid = t.datatrans.webhookFor(second, 'settled');
    expect((await webhook(paid.raw, paid.signature)).status).toBe(200);
    expect((await statusOf(orderId)).status).toBe('paid');
    // a "canceled" of the first attempt arriving after the payment is only noted
    const later = t.datatrans.webhookFor(first, 'canceled');
    expect((await webhook(later.raw, later.signature.replace(/t=\d+/, `t=${Date.now() + 5}`))).status).toBe(401); // re-timed without re-signing: forged
    const resigned = { raw: later.raw, signature: signPayload(t.datatrans.signKey, later.raw, Date.now() + 10) };
    expect((await webhook(resigned.raw, resigned.signature)).status).toBe(200);
    expect((await statusOf(orderId)).status).toBe('paid');
    const notes = await t.shop.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(notes.some((n) => /older transaction .* ignored/.test(n.note ?? ''))).toBe(true);
    expect(notes.some((n) => /already paid/.test(n.note ?? ''))).toBe(true);
    // the latest attempt's own failure still cancels an unpaid order
    const other = await orderWithAttempt(43);
    const only = await other.start();
    const failed = t.datatrans.webhookFor(only, 'failed');
    expect((await webhook(failed.raw, failed.signature)).status).toBe(200);
    expect((await statusOf(other.orderId)).status).toBe('cancelled');
  });
});

const KEY = 'a1'.repeat(32);

describe('webhook signatures', () => {
  it('a header with a repeated t= (or s0=) is refused, so an old signed body cannot pass with a fresh timestamp in front', () => {
    const body = '{"transactionId":"1","status":"settled"}';
    const old = Date.now() - 60 * 60 * 1000;
    const signed = signPayload(KEY, body, old);
    expect(verifySignature(KEY, body, signed)).toBe(true);
    const forged = `t=${Date.now()},${signed}`;
    expect(verifySignature(KEY, body, forged)).toBe(false);
    expect(signatureParts(forged)).toBeNull();
    expect(verifySignature(KEY, body, `${signed},s0=${'0'.repeat(64)}`)).toBe(false);
    expect(signatureParts(signed)).toEqual({ t: old, s0: signed.split('s0=')[1] });
  });
});
