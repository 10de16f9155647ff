/**
 * Bank-transfer payments the admin sees and the customer makes, on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, through the whole HTTP application (plain form posts, as
 * without JavaScript) and the in-process SMTP server:
 * - a payment recorded by hand on the admin's order page: partial payments add up and the order
 *   becomes paid only at the full amount (invoice number, payment-received mail); more than is
 *   open, a day in the future, a cancelled order and a non-admin are refused; the same form sent
 *   twice (or twice at once) records one payment; each payment writes its audit entry;
 * - a camt.054 upload answers which orders it paid or part-paid, which credits matched nothing,
 *   which were already recorded, and refuses a file that is not camt.054 or holds no credit;
 * - the customer's order page and the payment-success page show beneficiary, IBAN, reference and
 *   amount as text, without the "no documents yet" line;
 * - the order-received mail lists the items, the discount, shipping, the address and the payment data.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, cookieName } from '../../core/accounts/cookies.ts';
import { addToCart } from '../../core/cart/service.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { payments } from '../../core/db/schema/payments.ts';
import { getSettings } from '../../core/config/index.ts';
import { createOrder, findOrder, transitionOrder, type OrderWithLines } from '../../core/orders/index.ts';
import { manualPaymentToday, recordManualPayment } from '../../core/payments/index.ts';
import { createPromo } from '../../core/promos/service.ts';
import type { Shop } from '../../core/shop.ts';
import type { ApiClient } from '../helpers/api.ts';
import { camt054 } from '../helpers/camt054.ts';
import { createCustomer, productWith, type TestCustomer } from '../helpers/customers.ts';
import { userWithCookie, type TestHttp } from '../helpers/http.ts';
import { decodeQp, type TestSmtp, waitForMail } from '../helpers/smtp.ts';
import { openTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let http: TestHttp;
let api: ApiClient;
let smtp: TestSmtp;
let admin: { userId: string; cookie: string };
let next = 0;

beforeAll(async () => {
  ({ shop, http, api, smtp } = await openTestSuite({ smtp: true, http: true }));
  admin = await userWithCookie(shop, 'Admin');
});
afterAll(() => shop?.close());

const cookieOf = (c: TestCustomer) => `${cookieName(ACCESS_COOKIE, shop.env)}=${c.token}`;

/** A bank-transfer (QR-bill) order of `count` units at `price` Rappen (a new product each time). */
async function qrOrder(c: TestCustomer, price = 4_500, count = 2): Promise<OrderWithLines> {
  const p = await productWith(shop, 50, price, next++);
  await addToCart(shop.db, c.id, p.id, count, c.id);
  const o = await createOrder(shop, { userId: c.id, paymentMethod: 'qr-bill' });
  return (await findOrder(shop.db, o.id))!;
}

/** A quoted-printable mail with its encoded UTF-8 bytes (`=C3=97`) decoded too. */
const decodeUtf8Qp = (raw: string) =>
  decodeQp(raw).replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .slice(1)
        .split('=')
        .map((h) => parseInt(h, 16)),
    ).toString('utf8'),
  );

/** How a QR-bill prints a reference: a creditor reference (RF…) in fours, a QR reference as 2 digits then fives. */
const grouped = (ref: string) =>
  ref.startsWith('RF')
    ? ref.replace(/(.{4})/g, '$1 ').trim()
    : `${ref.slice(0, 2)} ${ref
        .slice(2)
        .replace(/(.{5})/g, '$1 ')
        .trim()}`;

const mailTo = (email: string, subject: string) => waitForMail(smtp, email, subject, decodeUtf8Qp);

/** The admin's order page and the one-time key of its payment form (null when the form is not offered). */
async function adminPage(orderId: string): Promise<{ html: string; key: string | null }> {
  const res = await http.fetch(`/admin/order/details?id=${orderId}`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  const html = await res.text();
  return { html, key: /name="paymentKey" value="([^"]+)"/.exec(html)?.[1] ?? null };
}

/** Posts the payment form as a browser without scripts does. */
function postPayment(orderId: string, fields: Record<string, string>, cookie = admin.cookie) {
  return http.postForm(
    `/admin/order/details?id=${orderId}`,
    { id: orderId, intent: 'payment', day: manualPaymentToday('Europe/Zurich'), method: 'bank_transfer', note: '', ...fields },
    cookie,
  );
}

const manualPayments = (orderId: string) =>
  shop.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'manual')));

describe('recording a payment by hand', () => {
  it('adds up two partial payments (85,50, then the rest) and pays the order only at the full amount, with its mail and audit entries', async () => {
    const c = await createCustomer(shop);
    const o = await qrOrder(c); // 2 × CHF 45.00, free or paid shipping: the total decides
    const first = 8_550;
    const rest = o.total - first;
    let page = await adminPage(o.id);
    expect(page.html).toContain('data-testid="manual-payment-form"');
    const res1 = await postPayment(o.id, { amount: '85,50', paymentKey: page.key!, method: 'cash', note: 'Am Schalter' });
    expect(res1.status).toBe(302);
    expect(res1.headers.get('location')).toContain('done=paymentRecorded');
    let row = (await findOrder(shop.db, o.id))!;
    expect(row).toMatchObject({ status: 'pending_payment', paymentStatus: 'partial', paidAmount: first, invoiceNumber: null });

    page = await adminPage(o.id);
    expect(page.html).toContain('data-testid="manual-payment-open"');
    const res2 = await postPayment(o.id, { amount: (rest / 100).toFixed(2), paymentKey: page.key!, method: 'twint' });
    expect(res2.headers.get('location')).toContain('done=paymentPaid');
    row = (await findOrder(shop.db, o.id))!;
    expect(row).toMatchObject({ status: 'paid', paymentStatus: 'paid', paidAmount: o.total });
    expect(row.invoiceNumber).toMatch(new RegExp(`-${o.code}$`));
    expect((await manualPayments(o.id)).map((p) => p.amount).sort((a, b) => a - b)).toEqual([first, rest].sort((a, b) => a - b));
    await mailTo(c.email, o.code);

    const audit = await shop.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.payment.record'), eq(auditLog.entityId, o.id)));
    expect(audit).toHaveLength(2);
    expect(audit.every((a) => a.actor === `admin:${admin.userId}`)).toBe(true);
    expect(audit.map((a) => (a.after as { paidAmount: number }).paidAmount).sort((a, b) => a - b)).toEqual([first, o.total]);
    expect(audit.find((a) => (a.after as { method: string }).method === 'cash')?.after).toMatchObject({ amount: first, note: 'Am Schalter' });
    // a fully paid order offers the form no more
    expect((await adminPage(o.id)).key).toBeNull();
  });

  it('refuses more than is still open, an amount of 0 or text, and a day in the future, with field messages; nothing is recorded', async () => {
    const c = await createCustomer(shop);
    const o = await qrOrder(c);
    const { key } = await adminPage(o.id);
    const tooMuch = await postPayment(o.id, { amount: ((o.total + 1) / 100).toFixed(2), paymentKey: key! });
    expect(tooMuch.status).toBe(400);
    const html = await tooMuch.text();
    expect(html).toMatch(new RegExp(`(Only|nur noch) CHF ${(o.total / 100).toFixed(2).replace('.', '\\.')}`));
    expect(html).toContain('aria-invalid="true"');
    expect((await postPayment(o.id, { amount: '0', paymentKey: key! })).status).toBe(400);
    expect((await postPayment(o.id, { amount: 'zehn', paymentKey: key! })).status).toBe(400);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const later = await postPayment(o.id, { amount: '10', paymentKey: key!, day: future });
    expect(later.status).toBe(400);
    expect(await later.text()).toMatch(/future|Zukunft/);
    expect(await manualPayments(o.id)).toHaveLength(0);
    expect((await findOrder(shop.db, o.id))!.paidAmount).toBe(0);
  });

  it('records the same form once when it is sent twice, one after the other or at the same moment', async () => {
    const c = await createCustomer(shop);
    const o = await qrOrder(c);
    const { key } = await adminPage(o.id);
    expect((await postPayment(o.id, { amount: '20', paymentKey: key! })).headers.get('location')).toContain('done=paymentRecorded');
    expect((await postPayment(o.id, { amount: '20', paymentKey: key! })).headers.get('location')).toContain('done=paymentDuplicate');
    const same = { orderId: o.id, amount: 1_000, day: manualPaymentToday('Europe/Zurich'), method: 'cash' as const, note: '', key: crypto.randomUUID() };
    const both = await Promise.all([recordManualPayment(shop, same, admin.userId), recordManualPayment(shop, same, admin.userId)]);
    expect(both.map((b) => b.result).sort()).toEqual(['duplicate', 'recorded']);
    expect((await manualPayments(o.id)).map((p) => p.amount).sort((a, b) => a - b)).toEqual([1_000, 2_000]);
    expect((await findOrder(shop.db, o.id))!.paidAmount).toBe(3_000);
  });

  it('refuses a cancelled order, saying what to do, and a customer who posts the form', async () => {
    const c = await createCustomer(shop);
    const o = await qrOrder(c);
    const { key } = await adminPage(o.id);
    const asCustomer = await postPayment(o.id, { amount: '10', paymentKey: key! }, cookieOf(c));
    expect([302, 303, 403, 404]).toContain(asCustomer.status);
    expect(asCustomer.headers.get('location') ?? '').not.toContain('done=payment');
    expect(await manualPayments(o.id)).toHaveLength(0);

    await shop.db.transaction((tx) => transitionOrder(tx, o.id, 'cancelled', 'test'));
    const res = await postPayment(o.id, { amount: '10', paymentKey: key! });
    expect(res.status).toBe(409);
    expect(await res.text()).toMatch(/cancelled.*back in stock|storniert.*Lager/s);
    expect(await manualPayments(o.id)).toHaveLength(0);
    expect((await adminPage(o.id)).key).toBeNull();
  });
});

describe('camt.054 upload answers', () => {
  /** Uploads `xml` as the order list's form does (multipart, field `camt`). */
  async function upload(xml: string): Promise<{ status: number; html: string }> {
    const body = new FormData();
    body.set('camt', new File([xml], 'camt054.xml', { type: 'application/xml' }));
    const res = await http.fetch('/admin/order/list', { method: 'POST', body, headers: { origin: 'http://shop.test' }, cookie: admin.cookie });
    return { status: res.status, html: await res.text() };
  }

  it('lists the orders it paid and part-paid, the credits that matched nothing, and on a second upload the duplicates', async () => {
    const c = await createCustomer(shop);
    const full = await qrOrder(c);
    const part = await qrOrder(c);
    const xml = camt054([
      { acctSvcrRef: `F-${full.code}`, amount: (full.total / 100).toFixed(2), reference: full.paymentReference!, refType: 'SCOR' },
      { acctSvcrRef: `P-${part.code}`, amount: '10.00', reference: part.paymentReference!, refType: 'SCOR' },
      { acctSvcrRef: `U-${part.code}`, amount: '7.25', reference: 'RF18539007547034', refType: 'SCOR' },
    ]);
    const first = await upload(xml);
    expect(first.status).toBe(200);
    expect(first.html).toContain('data-testid="camt-summary"');
    const section = (id: string, html: string) => new RegExp(`data-testid="camt-${id}"[\\s\\S]*?</ul>`).exec(html)?.[0] ?? '';
    expect(section('paid', first.html)).toContain(full.code);
    expect(section('part', first.html)).toContain(part.code);
    expect(section('part', first.html)).toContain('10.00');
    expect(section('unmatched', first.html)).toContain('RF18539007547034');
    expect(section('unmatched', first.html)).toContain('7.25');
    expect((await findOrder(shop.db, full.id))!.status).toBe('paid');
    expect((await findOrder(shop.db, part.id))!).toMatchObject({ status: 'pending_payment', paidAmount: 1_000 });

    const again = await upload(xml);
    expect(again.status).toBe(200);
    expect(section('duplicates', again.html)).toContain('RF18539007547034');
    expect(again.html).not.toContain('data-testid="camt-paid"');
    expect((await findOrder(shop.db, part.id))!.paidAmount).toBe(1_000);
  });

  it('says so for a file that is not camt.054, one without credits, and a form sent without a file', async () => {
    const notCamt = await upload('<?xml version="1.0"?><Document><BkToCstmrStmt/></Document>');
    expect(notCamt.status).toBe(400);
    expect(notCamt.html).toContain('data-testid="camt-error"');
    const debitOnly = await upload(camt054([{ acctSvcrRef: 'D-1', amount: '5.00', reference: 'RF18539007547034', indicator: 'DBIT' }]));
    expect(debitOnly.status).toBe(200);
    expect(/data-testid="camt-read"[^>]*>([^<]*)/.exec(debitOnly.html)?.[1]).toMatch(/no booked credit|keine gebuchte Gutschrift/);
    const body = new FormData();
    const none = await http.fetch('/admin/order/list', { method: 'POST', body, headers: { origin: 'http://shop.test' }, cookie: admin.cookie });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('data-testid="camt-error"');
  });
});

describe('paying a QR-bill from the same phone', () => {
  it('shows beneficiary, IBAN, reference and amount as text on the order page and the payment-success page, without "no documents yet"', async () => {
    const c = await createCustomer(shop);
    const o = await qrOrder(c);
    const settings = await getSettings(shop.db);
    const iban = settings.iban
      .replace(/\s+/g, '')
      .replace(/(.{4})/g, '$1 ')
      .trim();
    const reference = grouped(o.paymentReference!);
    for (const url of [`/client/historydetails?id=${o.code}`, `/paymentsuccess?order=${o.code}`]) {
      const res = await http.fetch(url, { cookie: cookieOf(c), headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      const text = (id: string) => new RegExp(`data-testid="transfer-${id}"[^>]*>([\\s\\S]*?)</span>`).exec(html)?.[1] ?? '';
      expect(text('iban')).toBe(iban);
      expect(text('reference')).toBe(reference);
      expect(text('amount')).toContain((o.total / 100).toFixed(2));
      expect(text('beneficiary')).toContain(settings.companyName.replace(/&/g, '&amp;'));
      expect(text('currency')).toBe('CHF');
      expect(html).not.toMatch(/No documents yet|Noch keine Dokumente/);
      // without scripts the values are plain text; each copy button only keeps its place (so the
      // page does not move once scripts run): disabled, hidden from sight and from screen readers
      const buttons = html.match(/<button[^>]*transfer-copy[^>]*>/g) ?? [];
      expect(buttons).toHaveLength(5);
      for (const b of buttons) expect(b).toMatch(/(?=.*transfer-copy-waiting)(?=.*disabled="")(?=.*aria-hidden="true")(?=.*tabindex="-1")/);
    }
    const page = await (await http.fetch(`/client/historydetails?id=${o.code}`, { cookie: cookieOf(c), headers: { 'accept-language': 'en' } })).text();
    expect(page).toContain('data-testid="invoice-after-payment"');
  });

  it('mails the order with its items, discount, shipping, delivery address and the payment data as text', async () => {
    const c = await createCustomer(shop);
    await createPromo(shop.db, { code: 'MAILTEN', kind: 'percent', value: 10, minOrder: 0, active: true }, `admin:${admin.userId}`);
    const p = await productWith(shop, 50, 3_000, next++);
    await addToCart(shop.db, c.id, p.id, 2, c.id);
    expect((await api.post('/cart/promo', { userID: c.id, code: 'MAILTEN' }, c.headers)).status).toBe(200);
    const created = await createOrder(shop, { userId: c.id, paymentMethod: 'qr-bill' });
    const o = (await findOrder(shop.db, created.id))!;
    expect(o.discount).toBeGreaterThan(0);
    const settings = await getSettings(shop.db);
    const mail = await mailTo(c.email, o.code);
    const text = mail.replace(/\r\n/g, '\n');
    expect(text).toContain(`2 × ${p.name} (${p.sku}): CHF ${(o.lines[0].lineTotal / 100).toFixed(2)}`);
    expect(text).toMatch(new RegExp(`(MAILTEN).*−CHF ${(o.discount / 100).toFixed(2)}`));
    expect(text).toMatch(o.shippingFee > 0 ? new RegExp(`CHF ${(o.shippingFee / 100).toFixed(2)}`) : /free|kostenlos|gratuit/);
    expect(text).toContain(`CHF ${(o.total / 100).toFixed(2)}`);
    expect(text).toContain(`${o.address.postalCode} ${o.address.city}`);
    expect(text).toContain(o.address.street);
    expect(text).toContain(
      settings.iban
        .replace(/\s+/g, '')
        .replace(/(.{4})/g, '$1 ')
        .trim(),
    );
    expect(text).toContain(grouped(o.paymentReference!));
    expect(text).toContain(settings.companyName);
    await shop.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, o.id));
  });
});
