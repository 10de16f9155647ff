/**
 * The pain.001 builder's texts and identifiers (Swiss Payment Standards character set, lengths)
 * and its guards, validated against SIX's pain.001.001.09.ch.03 schema (xmllint-wasm, offline).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { ibanInstitutionId, pain001Xml, spsId, spsText, type Pain001Order } from './pain001.ts';

const XSD = readFileSync(new URL('../../tests/fixtures/sps/pain.001.001.09.ch.03.xsd', import.meta.url), 'utf8');

const order = (over: Partial<Pain001Order> = {}): Pain001Order => ({
  messageId: 'RF-20261201120000-0A1B2C3D',
  createdAt: new Date('2026-12-01T12:00:00Z'),
  timeZone: 'Europe/Zurich',
  executionDate: '2026-12-01',
  debtor: {
    name: 'Casa del Tabaco Dominicano GmbH',
    iban: 'CH9300762011623852957',
    street: 'Bahnhofstrasse',
    buildingNumber: '21',
    postalCode: '8001',
    city: 'Zürich',
    country: 'CH',
  },
  transfers: [{ endToEndId: '2026-ABC-C1/ABC', amount: 1, creditorName: 'Zoë Ørsted', creditorIban: 'CH5604835012345678009', remittance: 'Gutschrift' }],
  ...over,
});

describe('pain.001 builder', () => {
  it('keeps Latin letters with accents, strips other accents, and writes other scripts as dots', () => {
    expect(spsText('Jean-Luc Rochat-Müller', 70)).toBe('Jean-Luc Rochat-Müller');
    expect(spsText('Łukasz Żółć', 70)).toBe('Łukasz Żółć'); // Latin Extended-A
    expect(spsText('Nguyễn Văn', 70)).toBe('Nguyen Văn'); // ễ is outside the set: its base letter
    expect(spsText('محمد', 70)).toBe('....');
    expect(spsText('  a \n b  ', 70)).toBe('a b');
    expect(spsText('x'.repeat(80), 70)).toHaveLength(70);
    expect(spsId('Gutschrift Nr. 5 / Bestellung Ä_1')).toBe('Gutschrift Nr. 5 / Bestellung A-1');
    expect(spsId('x'.repeat(40))).toHaveLength(35);
    expect(ibanInstitutionId('CH9300762011623852957')).toBe('00762');
    expect(ibanInstitutionId('DE89370400440532013000')).toBeNull();
  });

  it('writes a file the SIX schema accepts for non-Latin names, the smallest amount and many transfers', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      endToEndId: `2026-X${i}-C1/X${i}`,
      amount: 100 * i + 5,
      creditorName: i % 2 ? 'محمد العلي' : '山田 太郎',
      creditorIban: 'CH5604835012345678009',
      remittance: `Note & <${i}>`,
    }));
    for (const o of [order(), order({ transfers: many })]) {
      const xml = pain001Xml(o);
      const r = await validateXML({ xml: [{ fileName: 'f.xml', contents: xml }], schema: [{ fileName: 'pain.001.001.09.ch.03.xsd', contents: XSD }] });
      expect(r.errors).toEqual([]);
    }
    const xml = pain001Xml(order({ transfers: many }));
    expect(xml).toContain('<NbOfTxs>30</NbOfTxs>');
    expect(xml).toContain(`<CtrlSum>${(many.reduce((s, t) => s + t.amount, 0) / 100).toFixed(2)}</CtrlSum>`);
    expect(xml).toContain('<InstdAmt Ccy="CHF">0.05</InstdAmt>');
  });

  it("writes the creation time in the shop's local time with its offset (summer and winter), which the schema accepts", async () => {
    const winter = pain001Xml(order());
    expect(winter).toContain('<CreDtTm>2026-12-01T13:00:00+01:00</CreDtTm>');
    const summer = pain001Xml(order({ createdAt: new Date('2026-07-01T22:30:00Z') }));
    expect(summer).toContain('<CreDtTm>2026-07-02T00:30:00+02:00</CreDtTm>');
    const r = await validateXML({ xml: [{ fileName: 'f.xml', contents: summer }], schema: [{ fileName: 'pain.001.001.09.ch.03.xsd', contents: XSD }] });
    expect(r.errors).toEqual([]);
  });

  it('refuses an empty file and amounts that are not positive whole Rappen', () => {
    expect(() => pain001Xml(order({ transfers: [] }))).toThrow(/at least one/);
    for (const amount of [0, -5, 1.5]) expect(() => pain001Xml(order({ transfers: [{ ...order().transfers[0], amount }] }))).toThrow(/Rappen/);
  });
});
