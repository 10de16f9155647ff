/**
 * Defence in depth: a QR-bill checkout with an IBAN stored before the settings checked it
 * (written straight into `shop_config`, as an old version, a script or SQL could) keeps the
 * order and answers no error page; the customer is told the payment details follow, the shop's
 * address gets one alert mail and the dashboard lists the order, the QR-bill download answers a
 * message instead of a 500, the job retries, and saving a valid IBAN sends the order mail with
 * its QR-bill. Mail through the in-process SMTP server; PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addToCart } from '../../core/cart/service.ts';
import { getSettings } from '../../core/config/service.ts';
import { orderMailRetries } from '../../core/db/schema/order-mail-retries.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { runJobs } from '../../core/jobs/runner.ts';
import { shopMailAddress } from '../../core/mail/index.ts';
import { productWith } from '../helpers/customers.ts';
import { userWithCookie } from '../helpers/http.ts';
import { settingsForm } from '../helpers/settings.ts';
import { decodeQp } from '../helpers/smtp.ts';
import { useTestSuite } from '../helpers/suite.ts';

const BROKEN = 'CH69 0070 0110 0012 3456 8';
const GOOD = 'CH93 0076 2011 6238 5295 7';

describe('a QR-bill checkout with a broken stored IBAN', () => {
  const t = useTestSuite({ http: true, smtp: true });

  /** A customer with one product in the cart posts the /payment form for bank transfer. */
  async function checkout(index: number) {
    const made = await userWithCookie(t.shop, 'Customer');
    const customer = { ...made, email: `customer-${made.userId.slice(0, 8)}@example.ch` };
    const p = await productWith(t.shop, 10, 4500, index);
    await addToCart(t.shop.db, customer.userId, p.id, 1, customer.userId);
    const res = await t.http.fetch('/payment', {
      method: 'POST',
      body: new URLSearchParams({
        intent: 'pay',
        paymentMethod: 'qr-bill',
        firstName: 'Lukas',
        lastName: 'Meier',
        street: 'Marktgasse 5',
        postalCode: '3011',
        city: 'Bern',
        country: 'CH',
      }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test', 'accept-language': 'de-CH' },
      cookie: customer.cookie,
      redirect: 'manual',
    });
    const [order] = await t.shop.db.select().from(orders).where(eq(orders.userId, customer.userId));
    return { customer, res, order };
  }

  const mailsTo = (to: string) => t.smtp.mails.filter((m) => m.to.includes(to));

  it('keeps the order, answers no 500, tells the customer and alerts the shop once; the job retries; a valid IBAN sends the QR-bill', async () => {
    await t.shop.db.execute(sql`update shop_config set settings = settings || ${JSON.stringify({ iban: BROKEN })}::jsonb where id = 1`);
    const shopAddress = shopMailAddress(await getSettings(t.shop.db));

    // the order is made and the customer is sent on to the result page, not to an error page
    const first = await checkout(5);
    expect(first.res.status).toBe(302);
    expect(first.res.headers.get('location')).toBe(`/paymentsuccess?order=${first.order.code}`);
    expect(first.order).toMatchObject({ status: 'pending_payment', paymentMethod: 'qr-bill' });
    const [retry] = await t.shop.db.select().from(orderMailRetries).where(eq(orderMailRetries.orderId, first.order.id));
    expect(retry).toMatchObject({ kind: 'order_received', attempts: 1 });
    expect(retry.lastError).toMatch(/IBAN/);

    const page = await t.http.fetch(first.res.headers.get('location')!, { cookie: first.customer.cookie, headers: { 'accept-language': 'de-CH' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="success-details-follow"');
    expect(html).toContain('Die QR-Rechnung mit den Zahlungsangaben konnte gerade nicht erstellt werden');
    expect(html).not.toContain('data-testid="qr-bill-download"');

    // the QR-bill download says what is going on instead of failing
    const pdf = await t.http.fetch(`/client/invoice?id=${first.order.code}`, { cookie: first.customer.cookie, headers: { 'accept-language': 'de-CH' } });
    expect(pdf.status).toBe(503);
    expect(await pdf.text()).toContain('Die QR-Rechnung kann gerade nicht erstellt werden');

    // the shop hears of it once (new-order mail + alert), not once per order
    await t.smtp.waitFor(2);
    const alerts = () => mailsTo(shopAddress).filter((m) => /Handlungsbedarf/.test(m.raw));
    expect(alerts()).toHaveLength(1);
    expect(decodeQp(alerts()[0].raw)).toContain(first.order.code);
    expect(mailsTo(first.customer.email)).toHaveLength(0);
    const second = await checkout(6);
    expect(second.res.status).toBe(302);
    expect(alerts()).toHaveLength(1);

    // the dashboard lists both orders waiting
    const admin = await userWithCookie(t.shop, 'Admin');
    const dash = await (await t.http.fetch('/admin/home', { cookie: admin.cookie })).text();
    const panel = /data-testid="dash-mail-retries"[\s\S]*?<\/ul>/.exec(dash)![0];
    expect(panel).toContain(first.order.code);
    expect(panel).toContain(second.order.code);
    expect(dash).toContain('This IBAN is not valid');

    // the job tries again when due and fails again while the IBAN is broken
    await t.shop.db.update(orderMailRetries).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    const [job] = await runJobs(t.shop, { force: true, only: ['order-mail-retry'] });
    expect(job).toMatchObject({ outcome: 'ran', summary: '0 order mail(s) made again, 2 still failing' });
    const [again] = await t.shop.db.select().from(orderMailRetries).where(eq(orderMailRetries.orderId, first.order.id));
    expect(again.attempts).toBe(2);
    expect(again.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // saving a valid IBAN makes both mails at once, with the QR-bill attached
    const before = mailsTo(first.customer.email).length + mailsTo(second.customer.email).length;
    expect(before).toBe(0);
    const saved = await t.http.postForm('/admin/settings', { ...settingsForm(await getSettings(t.shop.db)), iban: GOOD }, admin.cookie);
    expect(saved.status).toBe(200);
    expect(await t.shop.db.select().from(orderMailRetries)).toEqual([]);
    await t.smtp.waitFor(t.smtp.mails.length >= 5 ? t.smtp.mails.length : 5);
    for (const c of [first, second]) {
      const [mail] = mailsTo(c.customer.email);
      expect(mail.raw).toContain(`qr-bill-${c.order.code}.pdf`);
    }
    const after = await t.http.fetch(`/paymentsuccess?order=${first.order.code}`, { cookie: first.customer.cookie });
    expect(await after.text()).toContain('data-testid="qr-bill-download"');
    const bill = await t.http.fetch(`/client/invoice?id=${first.order.code}`, { cookie: first.customer.cookie });
    expect(bill.status).toBe(200);
    expect(bill.headers.get('content-type')).toContain('application/pdf');
  });
});
