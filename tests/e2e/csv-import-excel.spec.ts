/**
 * The owner's CSV import in German, on a 390 px phone and on a desktop: the column table and the
 * template are on the page; a file saved by Swiss-German Excel ("CSV (Trennzeichen-getrennt)":
 * `;`, Windows-1252, CRLF) with bad rows lists each problem in German with the allowed values;
 * the fixed file imports. Screenshots with UPDATE_SCREENSHOTS=1 go to docs/screenshots.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { expect, openHydrated, signIn, test } from './fixtures.ts';
import { type Page } from '@playwright/test';
import { ownServerFor, screenshotsDir } from './own-server.ts';

// an offset of its own: other specs and parallel runs use the ports just above E2E_PORT
const PORT = Number(process.env.E2E_PORT ?? 3210) + 57;
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: 'csv-admin@example.ch', password: 'Csv-Admin-Password-1' };
const SHOTS = screenshotsDir('csv-import');

let files: string;

test.describe.configure({ mode: 'serial' });

const HEADER = 'sku;category;brand;line;name;strength;packaging;price_chf;stock;active;description_en';
/** Rows as Swiss-German Excel writes them: `;`, CRLF, WAHR/FALSCH, prices as typed. */
const excel = (rows: string[]) => iconv.encode([HEADER, ...rows].join('\r\n') + '\r\n', 'windows-1252');

ownServerFor({ name: 'csv import', port: PORT, seedScript: 'tests/e2e/admin-shop-seed.ts', admin: ADMIN });

test.beforeAll(async () => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-import-files-'));
  fs.writeFileSync(
    path.join(files, 'Produkte-Fehler.csv'),
    excel([
      'PEÑA-ROB;cigar;Peña Hermanos;Clásico;Peña Robusto;Medium;Kiste;14,50;10;WAHR;Creamy',
      'ZH-MILD-1;cigar;Zürcher Manufaktur;Ämtler;Ämtler Corona;Strong;Kiste;9.90;5;WAHR;Mild',
      'ZH-ETUI-1;accessory;Zürcher Manufaktur;;Zigarrenetui Leder;;Stück;39.00;3;WAHR;Leather case',
      "ZH-KISTE-1;cigar;Zürcher Manufaktur;Ämtler;Ämtler Kiste;Mittel;Kiste;1'250.00;2;FALSCH;Box",
    ]),
  );
  fs.writeFileSync(
    path.join(files, 'Produkte.csv'),
    excel([
      'PENA-ROB;cigar;Peña Hermanos;Clásico;Peña Robusto;Medium;Kiste;14,50;10;WAHR;Creamy',
      'ZH-MILD-1;cigar;Zürcher Manufaktur;Ämtler;Ämtler Corona;Full-bodied;Kiste;9.90;5;WAHR;Mild',
      'ZH-ETUI-1;accessory;Zürcher Manufaktur;Etuis;Zigarrenetui Leder;;Stück;39.00;3;WAHR;Leather case',
      "ZH-KISTE-1;cigar;Zürcher Manufaktur;Ämtler;Ämtler Kiste;Medium;Kiste;1'250.00;2;FALSCH;Box",
    ]),
  );
});

test.afterAll(() => {
  fs.rmSync(files, { recursive: true, force: true });
});

/** The signed-in admin's cookies, from the first test (one login for the walk). */
let signedIn: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>> | undefined;

async function openImport(page: Page) {
  if (!signedIn) {
    await signIn(page, ADMIN, '/admin/home', { base: BASE });
    signedIn = await page.context().storageState();
  }
  await openHydrated(page, `${BASE}/admin/product/list?lang=de`, { idle: true, timeout: 15_000 });
}

for (const view of [
  { name: '390', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
]) {
  test(`a Swiss Excel file with bad rows, in German (${view.name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: view.viewport, ...(signedIn ? { storageState: signedIn } : {}) });
    const page = await context.newPage();
    await openImport(page);
    const section = page.locator('#import');
    const columns = section.getByTestId('import-columns');
    await expect(columns).toContainText('Mild, Mild-Medium, Medium, Medium-Full-bodied, Full-bodied');
    await expect(columns).toContainText('Preis in CHF, höchstens 2 Dezimalstellen (12.50 oder 12,50)');
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByTestId('import-template').click()]);
    expect(download.suggestedFilename()).toBe('products-template.csv');
    expect(fs.readFileSync((await download.path())!, 'utf8')).toMatch(/^\uFEFFsku;category;brand;line;name;/);
    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(SHOTS, `admin-csv-columns-${view.name}-de.png`) });
    await page.locator('#csv').setInputFiles(path.join(files, 'Produkte-Fehler.csv'));
    await page.getByRole('button', { name: 'Datei prüfen' }).click();
    const problems = section.getByTestId('import-problems');
    await expect(problems).toContainText('Art.-Nr. «PEÑA-ROB»: Erlaubt sind nur Buchstaben A–Z');
    await expect(problems).toContainText('«Strong» ist in «strength» nicht erlaubt. Erlaubt: Mild, Mild-Medium, Medium, Medium-Full-bodied, Full-bodied.');
    await expect(problems).toContainText('«line» ist Pflicht und ist leer.');
    await expect(problems).toContainText('«Mittel» ist in «strength» nicht erlaubt.');
    await expect(section.getByTestId('import-read-as')).toHaveText('Gelesen als Windows-1252, Trennzeichen «;».');
    // the column table is folded once a file was checked: the result follows the form
    await expect(columns).toBeHidden();
    await section.getByTestId('import-result').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(SHOTS, `admin-csv-excel-errors-${view.name}-de.png`) });
    if (view.name === 'desktop') {
      // the fixed file imports: umlauts, the decimal comma and the apostrophe of 1'250.00 read right
      await page.locator('#csv').setInputFiles(path.join(files, 'Produkte.csv'));
      await page.getByRole('button', { name: 'Datei prüfen' }).click();
      await expect(section.getByTestId('import-result')).toContainText('4 Zeile(n): 4 neu, 0 zu aktualisieren, 0 Problem(e).');
      await page.getByRole('button', { name: '4 Produkt(e) jetzt importieren' }).click();
      await expect(section.getByTestId('import-result')).toContainText('Importiert: 4 neu, 0 aktualisiert.');
      await page.locator('#q').fill('Ämtler');
      await page.locator('#q').press('Enter');
      await expect(page.getByTestId('admin-products').locator('tbody tr')).toHaveCount(2);
    }
    await context.close();
  });
}
