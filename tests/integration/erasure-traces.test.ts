/**
 * Erasure leaves no personal data behind (SECURITY.md, second review, medium): after an erasure
 * the audit log, the payment payloads and the outbox no longer name the customer, while the
 * records themselves stay with their ids, actions and amounts.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminUpdateUser } from '../../core/accounts/admin.ts';
import { eraseUser } from '../../core/accounts/privacy.ts';
import { auditLog } from '../../core/db/schema/audit.ts';
import { recordAudit } from '../../core/audit/service.ts';
import { addToCart } from '../../core/cart/service.ts';
import { outbox } from '../../core/db/schema/mail.ts';
import { queueMail } from '../../core/mail/service.ts';
import { orders } from '../../core/db/schema/orders.ts';
import { createOrder } from '../../core/orders/index.ts';
import { payments } from '../../core/db/schema/payments.ts';
import { recordPayment } from '../../core/payments/service.ts';
import { createCustomer, productWith } from '../helpers/customers.ts';
import { useTestSuite } from '../helpers/suite.ts';

describe('erasure leaves no personal data behind', () => {
  const t = useTestSuite();

  it('the audit log, the payment payloads and the outbox no longer name the erased customer', async () => {
    const c = await createCustomer(t.shop);
    const p = await productWith(t.shop, 20, 3000, 1);
    await addToCart(t.shop.db, c.id, p.id, 1, c.id);
    const order = await createOrder(t.shop, { userId: c.id, paymentMethod: 'qr-bill' });
    await recordPayment(t.shop, {
      provider: 'bank',
      providerRef: `ref-${order.id}`,
      orderRef: order.code,
      amount: order.total,
      currency: 'CHF',
      exactAmount: false,
      raw: { debtorName: 'Anna Muster', debtorIban: 'CH9300762011623852957', note: `Zahlung Anna Muster ${c.email}`, amount: order.total },
    });
    await t.shop.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.id));
    // an admin corrects the phone and street: the audit entry holds old and new values
    await adminUpdateUser(t.shop.db, 'admin:someone', c.id, {
      firstName: 'Anna',
      lastName: 'Muster',
      phone: '+41 79 555 12 34',
      address: { street: 'Rämistrasse 71', postalCode: '8006', city: 'Zürich', country: 'CH' },
      role: 'Customer',
    });
    await recordAudit(t.shop.db, { actor: 'system', action: 'user.resetMail', entity: 'user', entityId: c.id, after: { to: c.email } });
    await recordAudit(t.shop.db, {
      actor: 'admin:x',
      action: 'order.note',
      entity: 'order',
      entityId: order.id,
      after: { note: 'Anna Muster called, leave at the door' },
    });
    await queueMail(
      t.shop.db,
      { to: 'shop@example.ch', subject: `New order from Anna Muster`, text: `Customer: Anna Muster <${c.email}>, Rämistrasse 71` },
      false,
    );
    const before = await t.shop.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [c.id, order.id]));
    expect(JSON.stringify(before)).toContain('Seestrasse 5');

    await eraseUser(t.shop, 'admin:someone', c.id);

    const personal = [c.email, 'Anna', 'Muster', 'Seestrasse', 'Rämistrasse', '555 12 34', 'CH9300762011623852957'];
    const audit = JSON.stringify(await t.shop.db.select().from(auditLog));
    const pays = JSON.stringify(await t.shop.db.select().from(payments).where(eq(payments.orderId, order.id)));
    const mails = JSON.stringify(await t.shop.db.select().from(outbox));
    for (const value of personal) {
      expect(audit).not.toContain(value);
      expect(pays).not.toContain(value);
      expect(mails).not.toContain(value);
    }
    // the records themselves stay, with their ids, actions and amounts
    const after = await t.shop.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [c.id, order.id]));
    expect(after.map((a) => a.action).sort()).toEqual([...before.map((a) => a.action), 'user.erase'].sort());
    expect(pays).toContain(`"amount":${order.total}`);
    expect(mails).toContain('New order from Erased');
  });
});
