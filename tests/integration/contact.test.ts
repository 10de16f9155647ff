/**
 * The contact service (core/contact/service.ts) on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) and a real SMTP exchange with an in-process `smtp-server`: a message is stored
 * and mailed to the shop; invalid input gives the specification's messages per field; the
 * honeypot drops a message silently; one IP is limited to CONTACT_RATE_LIMIT.points messages.
 */
import { translateFields } from '../../core/i18n/resources.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_RATE_LIMIT, submitContactMessage } from '../../core/contact/service.ts';
import { DomainError } from '../../core/errors.ts';
import { contactMessages, outbox } from '../../core/db/schema/mail.ts';
import type { Shop } from '../../core/shop.ts';
import type { TestSmtp } from '../helpers/smtp.ts';
import { openTestSuite } from '../helpers/suite.ts';

let smtp: TestSmtp;
let shop: Shop;

beforeAll(async () => {
  ({ shop, smtp } = await openTestSuite({ catalogue: null, smtp: true }));
});

// closing the shop closes its SMTP server too
afterAll(() => shop?.close());

async function rejection(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError');
}

describe('contact form service', () => {
  it('stores the message and e-mails it to the shop address', async () => {
    const r = await submitContactMessage(
      shop,
      { name: 'Anna Muster', email: 'anna@example.ch', subject: 'Gift box', message: 'Do you make gift boxes of 10 robustos?' },
      { ip: '203.0.113.1' },
    );
    expect(r.stored).toBe(true);
    const rows = await shop.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Anna Muster', email: 'anna@example.ch', subject: 'Gift box', message: 'Do you make gift boxes of 10 robustos?' });
    const mails = await shop.db.select().from(outbox).where(eq(outbox.subject, 'Contact form: Gift box'));
    expect(mails).toHaveLength(1);
    expect(mails[0].status).toBe('sent');
    expect(mails[0].to).toBe('info@casadeltabaco.ch');
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].to).toEqual(['info@casadeltabaco.ch']);
    expect(smtp.mails[0].raw).toContain('Subject: Contact form: Gift box');
    expect(smtp.mails[0].raw).toContain('anna@example.ch');
    expect(smtp.mails[0].raw).toContain('Do you make gift boxes of 10 robustos?');
  });

  it('refuses missing and malformed fields with the specification messages, storing nothing', async () => {
    const before = (await shop.db.select().from(contactMessages)).length;
    const e = await rejection(submitContactMessage(shop, { name: ' ', email: 'not-an-email', message: '' }, { ip: '203.0.113.2' }));
    expect(e.code).toBe('invalid');
    expect(e.opts.fields).toEqual({ name: { key: 'fieldRequired' }, email: { key: 'emailInvalid' }, message: { key: 'fieldRequired' } });
    expect(translateFields('en', e.opts.fields)).toEqual({ name: 'The field is required', email: 'The email is invalid', message: 'The field is required' });
    const e2 = await rejection(submitContactMessage(shop, { name: 'Bea', message: 'Hi' }, { ip: '203.0.113.2' }));
    expect(e2.opts.fields).toEqual({ email: { key: 'fieldRequired' } });
    expect((await shop.db.select().from(contactMessages)).length).toBe(before);
  });

  it('refuses a name or subject with line breaks or other control characters (forged lines in the shop’s mail), in the visitor’s language', async () => {
    const before = { rows: (await shop.db.select().from(contactMessages)).length, mails: smtp.mails.length };
    const forged = {
      name: 'Eve\r\nFrom: ceo@casadeltabaco.ch',
      email: 'eve@example.ch',
      subject: 'Hi\nBcc: injected@evil.example\nX-Injected: yes',
      message: 'Please wire CHF 5000.\nLine breaks are fine in the message itself.',
    };
    const e = await rejection(submitContactMessage(shop, forged, { ip: '203.0.113.4' }));
    expect(e.code).toBe('invalid');
    expect(e.opts.fields).toEqual({ name: { key: 'singleLine' }, subject: { key: 'singleLine' } });
    expect(translateFields('de', e.opts.fields)).toEqual({
      name: 'Bitte schreiben Sie dies auf eine Zeile, ohne Zeilenumbrüche oder Steuerzeichen.',
      subject: 'Bitte schreiben Sie dies auf eine Zeile, ohne Zeilenumbrüche oder Steuerzeichen.',
    });
    for (const name of ['Eve\tTab', 'Eve\u0000Nul', 'Eve\u0085Next line'])
      expect((await rejection(submitContactMessage(shop, { ...forged, name, subject: 'Fine' }, { ip: '203.0.113.4' }))).opts.fields).toEqual({
        name: { key: 'singleLine' },
      });
    expect((await shop.db.select().from(contactMessages)).length).toBe(before.rows);
    expect(smtp.mails.length).toBe(before.mails);
    // accents, apostrophes and other scripts are one-line text
    const ok = await submitContactMessage(shop, { ...forged, name: "Zoë O'Brien-Müller 李", subject: 'Cadeau – coffret' }, { ip: '203.0.113.4' });
    expect(ok.stored).toBe(true);
  });

  it('drops a message whose honeypot is filled: nothing stored, nothing sent', async () => {
    const before = { rows: (await shop.db.select().from(contactMessages)).length, mails: smtp.mails.length };
    const r = await submitContactMessage(
      shop,
      { name: 'Bot', email: 'bot@example.com', message: 'cheap pills', website: 'http://spam.example' },
      { ip: '203.0.113.3' },
    );
    expect(r.stored).toBe(false);
    expect((await shop.db.select().from(contactMessages)).length).toBe(before.rows);
    expect(smtp.mails.length).toBe(before.mails);
  });

  it(`limits one IP to ${CONTACT_RATE_LIMIT.points} messages per hour; other IPs are unaffected`, async () => {
    const msg = (i: number) => ({ name: 'Carl', email: 'carl@example.ch', message: `Question ${i}` });
    for (let i = 0; i < CONTACT_RATE_LIMIT.points; i++) await submitContactMessage(shop, msg(i), { ip: '198.51.100.7' });
    const e = await rejection(submitContactMessage(shop, msg(99), { ip: '198.51.100.7' }));
    expect(e.code).toBe('rate_limited');
    expect(e.opts.key).toBe('rateLimited');
    expect(e.opts.params?.seconds).toBeGreaterThan(0);
    const rows = await shop.db.select().from(contactMessages).where(eq(contactMessages.email, 'carl@example.ch'));
    expect(rows).toHaveLength(CONTACT_RATE_LIMIT.points);
    expect((await submitContactMessage(shop, msg(100), { ip: '198.51.100.8' })).stored).toBe(true);
  });
});
