/**
 * Returns to the end, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: the shop is mailed on
 * each return request; the customer's acceptance mail says where to send the item (return
 * address and the shop's text in the customer's language, English as fallback) or to keep it;
 * the accepted bank-transfer refunds are listed as "to pay", exported as a pain.001 file that
 * validates against SIX's pain.001.001.09.ch.03 schema (xmllint-wasm, offline), and marked paid
 * once, audited, in one transaction (a second submit marks nothing); the settings form saves the
 * return settings, refuses a return address of more than 6 lines and clears emptied fields.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { getSettings, updateSettings } from '../../core/config/service.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { refunds } from '../../core/db/schema/orders.ts';
import { findOrder, type OrderWithLines } from '../../core/orders/index.ts';
import { exportRefundsToPay, markRefundsPaid, refundsToPay } from '../../core/payments/index.ts';
import { textIn } from '../../core/i18n/index.ts';
import { returnInstructionLines } from '../../core/mail/return-instructions.ts';
import { acceptReturn, requestReturn } from '../../core/returns/service.ts';
import type { Shop } from '../../core/shop.ts';
import { createCustomer, type TestCustomer } from '../helpers/customers.ts';
import { roleCookies } from '../helpers/http.ts';
import { paidShippedOrder } from '../helpers/payments.ts';
import { settingsForm } from '../helpers/settings.ts';
import { waitForMail, type TestSmtp } from '../helpers/smtp.ts';
import { openTestSuite, useTestSuite } from '../helpers/suite.ts';

let shop: Shop;
let smtp: TestSmtp;
let next = 0;
const ADMIN = 'admin-refunds-to-pay';
const SHOP_MAIL = 'owner-returns@example.ch';
const XSD = readFileSync(new URL('../fixtures/sps/pain.001.001.09.ch.03.xsd', import.meta.url), 'utf8');

beforeAll(async () => {
  ({ shop, smtp } = await openTestSuite({ smtp: true }));
  await updateSettings(shop.db, {
    orderNotificationEmail: SHOP_MAIL,
    shopMailLocale: 'en',
    iban: 'CH93 0076 2011 6238 5295 7',
    returnShipping: 'send',
    returnAddress: 'Casa del Tabaco Retouren\nLagerstrasse 5\n8004 Zürich',
    returnText: { en: 'Pack cigars in their box, please.', de: 'Bitte die Zigarren in ihrer Kiste verpacken.' },
  });
});
afterAll(() => shop?.close());

const mailTo = (email: string, subject: string) => waitForMail(smtp, email, subject);

async function shippedBankOrder(c: TestCustomer): Promise<OrderWithLines> {
  const o = await paidShippedOrder(shop, c, next++, ADMIN, new Date(Date.now() - 86_400_000));
  return (await findOrder(shop.db, o.id))!;
}

async function validate(xml: string) {
  return validateXML({ xml: [{ fileName: 'refunds.xml', contents: xml }], schema: [{ fileName: 'pain.001.001.09.ch.03.xsd', contents: XSD }] });
}

describe('returns to the end', () => {
  it('mails the shop on a request and tells the customer where to send the item when accepted (own language, English fallback)', async () => {
    const c = await createCustomer(shop, { locale: 'de' });
    const o = await shippedBankOrder(c);
    const r = await requestReturn(shop, { orderId: o.id, userId: c.id, reason: 'damaged', message: 'Deckblatt gerissen', iban: 'CH93 0076 2011 6238 5295 7' });
    const owner = await mailTo(SHOP_MAIL, `New return request for order ${o.code}`);
    expect(owner).toContain('goods damaged');
    expect(owner).toContain('Deckblatt gerissen');
    expect(owner).toContain(`/admin/order/details?id=${o.id}`);
    const asked = await mailTo(c.email, 'Bitte behalten Sie den Artikel vorerst');
    expect(asked).toContain(o.code);

    await acceptReturn(shop, r.id, { restock: false }, ADMIN);
    const accepted = await mailTo(c.email, 'Lagerstrasse 5');
    expect(accepted).toContain(`Bestellnummer ${o.code}`);
    expect(accepted).toContain('Lagerstrasse 5');
    expect(accepted).toContain('Bitte die Zigarren in ihrer Kiste verpacken.');

    // a language without its own text reads the English one; "keep" tells the customer to keep it
    await updateSettings(shop.db, { returnShipping: 'keep' });
    const f = await createCustomer(shop, { locale: 'fr' });
    const o2 = await shippedBankOrder(f);
    const r2 = await requestReturn(shop, { orderId: o2.id, userId: f.id, reason: 'wrong_item', message: 'Mauvais cigare', iban: 'CH56 0483 5012 3456 7800 9' });
    await mailTo(SHOP_MAIL, o2.code);
    await acceptReturn(shop, r2.id, { restock: false }, ADMIN);
    const fr = await mailTo(f.email, 'Pack cigars in their box');
    expect(fr).toContain('pas besoin de renvoyer');
    expect(fr).toContain('Pack cigars in their box, please.');
    expect(fr).not.toContain('Lagerstrasse');
    await updateSettings(shop.db, { returnShipping: 'send' });
  });

  it('lists accepted bank refunds to pay, exports a pain.001 the SIX schema accepts, and marks them paid once', async () => {
    const before = await refundsToPay(shop.db);
    const c = await createCustomer(shop, { locale: 'en' });
    const o = await shippedBankOrder(c);
    const r = await requestReturn(shop, { orderId: o.id, userId: c.id, reason: 'damaged', message: 'Broken', iban: 'CH93 0076 2011 6238 5295 7' });
    const { refund } = await acceptReturn(shop, r.id, { restock: false, amount: 4_250 }, ADMIN);
    const list = await refundsToPay(shop.db);
    expect(list.length).toBe(before.length + 1);
    const row = list.find((x) => x.id === refund.id)!;
    expect(row).toMatchObject({ orderCode: o.code, amount: 4_250, iban: 'CH9300762011623852957', creditNoteNumber: refund.creditNoteNumber });

    const file = await exportRefundsToPay(shop.db, ADMIN, { software: { name: 'Casa del Tabaco', version: '1' } });
    const result = await validate(file.xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(file.xml).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">');
    expect(file.xml).toContain(`<EndToEndId>${refund.creditNoteNumber}/${o.code}</EndToEndId>`);
    expect(file.xml).toContain('<InstdAmt Ccy="CHF">42.50</InstdAmt>');
    expect(file.xml).toContain('<IBAN>CH9300762011623852957</IBAN>');
    expect(file.xml).toContain(`<MsgId>${file.messageId}</MsgId>`);
    expect(file.refundIds).toContain(refund.id);
    const again = await exportRefundsToPay(shop.db, ADMIN);
    expect(again.messageId).not.toBe(file.messageId);
    // the validator does refuse a broken file (so the check above means something)
    expect((await validate(file.xml.replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>XXX</PmtMtd>'))).valid).toBe(false);

    // two submits at once and one after: marked once, one audit entry
    const ids = list.map((x) => x.id);
    const [a, b] = await Promise.all([markRefundsPaid(shop.db, ids, ADMIN), markRefundsPaid(shop.db, ids, ADMIN)]);
    expect(a.marked + b.marked).toBe(ids.length);
    expect((await markRefundsPaid(shop.db, ids, ADMIN)).marked).toBe(0);
    expect(await refundsToPay(shop.db)).toEqual([]);
    const [paid] = await shop.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(paid.transferredBy).toBe(`admin:${ADMIN}`);
    const audits = (await shop.db.select().from(auditLog).where(eq(auditLog.action, 'order.refund.transferred'))).filter(
      (e) => (e.after as { refund?: string } | null)?.refund === refund.id,
    );
    expect(audits.length).toBe(1);
    await expect(exportRefundsToPay(shop.db, ADMIN)).rejects.toMatchObject({ code: 'conflict', opts: { key: 'refundsToPay.nothingToExport' } });
    await expect(markRefundsPaid(shop.db, [], ADMIN)).rejects.toMatchObject({ code: 'invalid' });
    await expect(markRefundsPaid(shop.db, ['no-such-refund'], ADMIN)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the return settings on /admin/settings', () => {
  const t = useTestSuite({ http: true }, ({ shop }) => roleCookies(shop));

  it('saves whether and where items go back and the text per language, refuses a label of more than 6 lines, and clears emptied fields', async () => {
    const before = await getSettings(t.shop.db);
    const texts = { returnText_en: 'Pack well.', returnText_de: 'Gut verpacken.', returnText_fr: '' };
    const ok = await t.http.postForm(
      '/admin/settings',
      { ...settingsForm(before), returnShipping: 'keep', returnAddress: 'Retouren\nPostfach 12\n8021 Zürich', ...texts },
      t.admin,
    );
    expect(ok.status).toBe(200);
    const saved = await getSettings(t.shop.db);
    expect(saved).toMatchObject({
      returnShipping: 'keep',
      returnAddress: 'Retouren\nPostfach 12\n8021 Zürich',
      returnText: { en: 'Pack well.', de: 'Gut verpacken.' },
    });
    expect(returnInstructionLines(saved, 'it', 'ABC')).toEqual([textIn('it', 'mail:returns.keepItem'), '', 'Pack well.']);

    const tooLong = await t.http.postForm('/admin/settings', { ...settingsForm(saved), returnAddress: 'a\nb\nc\nd\ne\nf\ng' }, t.admin);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain('At most 6 lines of at most 70 characters');
    expect((await getSettings(t.shop.db)).returnAddress).toBe('Retouren\nPostfach 12\n8021 Zürich');

    const cleared = await t.http.postForm(
      '/admin/settings',
      { ...settingsForm(saved), returnShipping: 'send', returnAddress: '', returnText_en: '', returnText_de: '' },
      t.admin,
    );
    expect(cleared.status).toBe(200);
    const after = await getSettings(t.shop.db);
    expect(after).toMatchObject({ returnShipping: 'send', returnAddress: '', returnText: {} });
    // an empty return address is the seller's
    expect(returnInstructionLines(after, 'en', 'ABC').slice(2, 5)).toEqual([
      `  ${after.companyName}`,
      `  ${after.street} ${after.buildingNumber}`,
      `  ${after.postalCode} ${after.city}`,
    ]);
  });
});
