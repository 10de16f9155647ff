/**
 * The custom box walk on a phone-sized viewport: build a box of 5 varieties, create it,
 * pay in the sandbox, find the box in the order history and open its invoice PDF.
 */
import { approveSandboxPayment, expect, historyRow, openFromHistory, test } from './fixtures.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { wcagViolations } from './axe.ts';
import { moreButton } from './custom-box.ts';
import { E2E_BOX_CUSTOMER } from './checkout-env.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('build a box of 5 varieties on a phone, create, pay in the sandbox, see it in the history and its invoice', async ({ page, signedIn }) => {
  await signedIn(E2E_BOX_CUSTOMER);

  await page.goto('/custombox');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build your own cigar box');
  // no wait for the page's scripts: the steppers count in place before them too (ADR 013,
  // app/lib/early-controls.ts), and hydration keeps those counts (tests/e2e/first-tap.spec.ts)
  await page.getByRole('radio', { name: /Cedar box\s*5 cigars/ }).check();
  // too few varieties: the page says so with the specification's text
  const varieties = page.getByTestId('box-variety');
  const names: string[] = [];
  for (let i = 0; i < 4; i++) {
    names.push((await varieties.nth(i).locator('.cb-item-name').textContent())!.trim());
    await moreButton(varieties.nth(i)).click();
  }
  await expect(page.getByTestId('box-count')).toContainText('4 of 5 cigars');
  await page.getByTestId('box-create').click();
  await expect(page.getByTestId('box-error')).toHaveText('A minimum of 5 cigars is required');
  names.push((await varieties.nth(4).locator('.cb-item-name').textContent())!.trim());
  await moreButton(varieties.nth(4)).click();
  await expect(page.getByTestId('box-count')).toContainText('5 of 5 cigars');
  await expect(page.getByTestId('preview-cigar')).toHaveCount(5);
  // the box is full: no + is offered any more
  await expect(moreButton(varieties.nth(5))).toBeDisabled();
  await page.getByLabel('Engraving on the lid').check();
  await page.getByLabel('Text to engrave (optional)').fill('For Marco, 1975');
  await expect(page.getByTestId('box-preview')).toContainText('For Marco, 1975');
  const total = (await page.getByTestId('box-total').textContent())!.trim();
  await page.getByTestId('box-create').click();

  await page.waitForURL(/\/shopcart/);
  await expect(page.getByTestId('box-created')).toBeVisible();
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Custom box (5 cigars)');
  for (const n of names) await expect(line.getByTestId('box-contents')).toContainText(n);
  await expect(line.getByTestId('line-total')).toHaveText(total);

  await page.getByTestId('checkout').click();
  await page.waitForURL(/\/payment$/);
  await expect(page.getByTestId('box-contents')).toContainText(names[0]);
  await page.getByTestId('method-sandbox').check();
  await page.getByTestId('pay').click();
  await page.waitForURL(/\/sandbox-pay\?/);
  const code = await approveSandboxPayment(page);

  const row = await historyRow(page, code);
  await expect(row.getByTestId('history-box')).toContainText('Custom box (5 cigars)');
  await openFromHistory(page, row, code);
  await expect(page.getByTestId('box-contents')).toContainText('Engraving: “For Marco, 1975”');
  for (const n of names) await expect(page.getByTestId('box-contents')).toContainText(n);
  await expect(page.getByTestId('invoice-download')).toBeVisible();
  const pdf = await page.request.get(`/client/invoice?id=${code}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = (await pdfText(Buffer.from(await pdf.body()))).join('\n');
  expect(text).toContain('Cedar box for 5');
  expect(text).toContain(names[0]);
  // paying emptied the cart of the box
  await page.goto('/shopcart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the builder is a real form: + posts, the server refuses 4 varieties and accepts 5', async ({ page }) => {
    await page.goto('/custombox');
    const varieties = page.getByTestId('box-variety');
    // + without JavaScript posts the form and answers it with the count changed
    await moreButton(varieties.nth(0)).click();
    await expect(varieties.nth(0).getByRole('spinbutton')).toHaveValue('1');
    for (let i = 1; i < 4; i++) await varieties.nth(i).getByRole('spinbutton').fill('1');
    await page.getByTestId('box-create').click();
    await expect(page.getByTestId('box-error')).toHaveText('A minimum of 5 cigars is required');
    await expect(varieties.nth(3).getByRole('spinbutton')).toHaveValue('1'); // the choices are kept
    await varieties.nth(4).getByRole('spinbutton').fill('2');
    await page.getByTestId('box-create').click();
    await page.waitForURL(/\/shopcart/);
    await expect(page.getByTestId('cart-line').filter({ hasText: 'Custom box (6 cigars)' })).toHaveCount(1);
  });
});

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`/custombox with choices, a text and an error has no violations in ${theme} mode`, async ({ page, context, baseURL }) => {
      test.setTimeout(180_000); // axe over 40 varieties takes a while on a busy machine
      await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      await page.goto('/custombox');
      await expect(page.getByTestId('box-create')).toBeEnabled();
      const plus = moreButton(page.getByTestId('box-variety'));
      for (let i = 0; i < 3; i++) await plus.nth(i).click();
      await page.getByLabel('Text of the gift card (optional)').fill('Happy birthday');
      await page.getByTestId('box-create').click();
      await expect(page.getByTestId('box-error')).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
    });
  }
});
