/**
 * Users and data protection end to end, as the shop owner does it: add a
 * customer, find them in the user list, block them and see their login refused, unblock, export
 * their data as JSON, erase them and see that they can no longer log in. The admin is the first-run
 * admin of playwright.config.ts (ADMIN_EMAIL / ADMIN_PASSWORD).
 */
import { expect, fillPersonForm, test } from './fixtures.ts';
import { logIn } from './login.ts';

const ADMIN = { email: 'e2e-admin@example.ch', password: 'E2e-Admin-Password-1' };
const PASSWORD = 'Havana-Corona-2026';

test('block a customer and see their login refused; export and erase them', async ({ page, browser }) => {
  const email = `e2e.users.${Date.now()}@example.ch`;
  await logIn(page, ADMIN.email, ADMIN.password, '/login?redirectTo=/admin/user/add');
  await expect(page).toHaveURL(/\/admin\/user\/add/);
  await fillPersonForm(page, {
    firstName: 'Carmen',
    lastName: 'Suárez',
    email,
    phone: '+41 79 555 44 33',
    dateOfBirth: '1979-06-15',
    street: 'Rue du Marché 12',
    postalCode: '1204',
    city: 'Genève',
    country: 'CH',
    password: PASSWORD,
  });
  await page.getByRole('button', { name: 'Create the user' }).click();
  await expect(page.getByRole('status')).toContainText(email);

  // find them by name in the list, filtered to active users, and open their page
  await page.goto('/admin/user/list');
  await page.getByLabel('Name or e-mail').fill('Carmen Suárez');
  await page.getByLabel('Status').selectOption('active');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('link', { name: 'Carmen Suárez' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carmen Suárez');

  // block: their login is refused with a clear message
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('blocked and signed out');
  const customer = await browser.newContext();
  const cpage = await customer.newPage();
  await logIn(cpage, email, PASSWORD);
  await expect(cpage.getByRole('alert')).toContainText('blocked');

  // unblock: they can log in again
  await page.getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByRole('status').first()).toContainText('unblocked');
  await logIn(cpage, email, PASSWORD);
  await expect(cpage).not.toHaveURL(/\/login/);

  // export their data as JSON
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export data (JSON)' }).click()]);
  const file = await download.path();
  const doc = JSON.parse(await (await import('node:fs/promises')).readFile(file!, 'utf8')) as { account: { email: string; city: string } };
  expect(doc.account).toMatchObject({ email, city: 'Genève' });

  // erase them: asked to confirm, then done; their session ends and they cannot log in
  await page.getByRole('checkbox', { name: 'I understand that this cannot be undone' }).check();
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(page.getByRole('status').first()).toContainText('Personal data erased');
  await expect(page.getByText('Erased', { exact: true }).first()).toBeVisible();
  await cpage.goto('/profile');
  await expect(cpage).toHaveURL(/\/login/);
  await logIn(cpage, email, PASSWORD);
  await expect(cpage.getByRole('alert')).toContainText('Wrong e-mail or password');
  await customer.close();
});
