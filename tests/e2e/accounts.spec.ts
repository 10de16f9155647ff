/**
 * Accounts end to end, as a customer and an admin use them: register, confirm with the
 * link from the mail (the run's SMTP sink, tests/e2e/mail.ts; the admin outbox hides links), log in, edit the profile,
 * change the password, log out, forgot password, reset; and the role checks of every admin page.
 * The admin is the first-run admin of playwright.config.ts (ADMIN_EMAIL / ADMIN_PASSWORD).
 */
import { allowConsoleErrors, expect, fillPersonForm, test } from './fixtures.ts';
import { linkFromMail } from './mail.ts';
import { logIn } from './login.ts';

const ADMIN = { email: 'e2e-admin@example.ch', password: 'E2e-Admin-Password-1' };
/** Rosa's person fields on the registration page (e-mail and password given per test). */
const ROSA = {
  firstName: 'Rosa',
  lastName: 'Tester',
  phone: '+41 79 555 12 34',
  dateOfBirth: '1985-06-15',
  street: 'Limmatquai 12',
  postalCode: '8001',
  city: 'Zürich',
};
const ADMIN_PAGES = [
  '/admin',
  '/admin/home',
  '/admin/settings',
  '/admin/order/details',
  '/admin/order/edit',
  '/admin/order/list',
  '/admin/product/add',
  '/admin/product/list',
  '/admin/promo/edit',
  '/admin/promo/list',
  '/admin/user/add',
  '/admin/user/list',
  '/admin/outbox',
];

test('register, confirm, log in, edit profile, change password, log out, forgot, reset', async ({ page }) => {
  const email = `e2e.${Date.now()}@example.ch`;
  // the log-in answers 401 on purpose (code step, refused code, unconfirmed address), which Chromium logs
  allowConsoleErrors(page, /status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/login(\.data)?:0\)/);
  const first = 'Rosa-Maduro-2026';
  const second = 'Claro-Corona-Gorda-7';
  const third = 'Oscuro-Toro-Largo-9';

  // register (linked from /login)
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await fillPersonForm(page, { ...ROSA, email, password: first, repeatPassword: true });
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('A confirmation email was sent, please verify')).toBeVisible();

  // not confirmed yet: login refused, with the answer of a wrong password (it never tells which password is right)
  await logIn(page, email, first);
  await expect(page.getByRole('alert')).toContainText('Wrong e-mail or password');
  // a new confirmation link can be requested from there
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText(`We have sent a new confirmation link to ${email}.`)).toBeVisible();

  // confirm with the link of the newest mail (registration's and the new link's)
  const confirmPath = await linkFromMail(email, 'confirm', 2);
  await page.goto(confirmPath);
  // opening the link spends nothing (mail scanners fetch links too): the button confirms
  await page.reload();
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  // confirming signs the new customer in (no redirect kept with this link: the home page)
  await expect(page).toHaveURL(/\/$/);
  expect((await page.context().cookies()).some((c) => c.name === 'access_token' && c.httpOnly)).toBe(true);
  await page.goto(confirmPath);
  await expect(page.getByText('This link is invalid, has expired or was already used')).toBeVisible();
  // the log-in walk below starts signed out
  await page.context().clearCookies();

  // protected page -> login -> back to the page
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(first);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
  const cookies = await page.context().cookies();
  const access = cookies.find((c) => c.name === 'access_token');
  expect(access?.httpOnly).toBe(true);
  expect(access?.sameSite).toBe('Lax');
  expect(access?.secure).toBe(true); // NODE_ENV=production
  expect(cookies.find((c) => c.name === 'refresh_token')?.httpOnly).toBe(true);

  // edit profile
  await page.getByLabel('City').fill('Bern');
  await page.getByLabel('Postcode').fill('3011');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Bern');

  // change password
  await page.getByLabel('Current password').fill(first);
  await page.getByLabel('New password').fill(second);
  await page.getByLabel('Repeat the password').fill(second);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();

  // log out: cookies gone, back to /, profile needs a login again
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.context().cookies()).some((c) => c.name === 'access_token' || c.name === 'refresh_token')).toBe(false);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);

  // forgot -> reset
  await page.goto('/forgot');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('If an account exists for this address')).toBeVisible();
  const resetPath = await linkFromMail(email, 'reset');
  await page.goto(resetPath);
  await page.getByLabel('New password').fill(third);
  await page.getByLabel('Repeat the password').fill(third);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your password was changed. You can log in now.')).toBeVisible();
  await page.goto(resetPath);
  await expect(page.getByText('This link is invalid, has expired or was already used')).toBeVisible();

  // the old password no longer works, the new one does
  await logIn(page, email, second);
  await expect(page.getByRole('alert')).toContainText('Wrong e-mail or password');
  await logIn(page, email, third);
  await expect(page.getByTestId('snackbar')).toHaveText('Log in successfully');
  await expect(page).toHaveURL(/\/$/);
});

test('under-18 registration is refused with a clear message', async ({ page }) => {
  const year = new Date().getFullYear() - 16;
  await page.goto('/register');
  await fillPersonForm(page, {
    ...ROSA,
    firstName: 'Young',
    lastName: 'Person',
    email: `young.${Date.now()}@example.ch`,
    dateOfBirth: `${year}-01-01`,
    password: 'Rosa-Maduro-2026',
    repeatPassword: true,
  });
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('alert').first()).toContainText('You must be at least 18 years old to register');
});

test('admin pages: anonymous to /login, Customer and Influencer 403, Admin allowed', async ({ browser }) => {
  // a long scenario: ten admin pages for each of four visitors, two accounts created
  test.slow();
  // anonymous
  const anon = await browser.newPage();
  for (const path of ADMIN_PAGES) {
    await anon.goto(path);
    await expect(anon, path).toHaveURL(/\/login\?redirectTo=/);
  }
  await anon.close();

  // an admin creates a customer and an influencer
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await logIn(admin, ADMIN.email, ADMIN.password, '/login?redirectTo=/admin/user/add');
  await expect(admin).toHaveURL(/\/admin\/user\/add/);
  const users: Record<string, string> = {};
  for (const role of ['Customer', 'Influencer'] as const) {
    const email = `${role.toLowerCase()}.${Date.now()}@example.ch`;
    users[role] = email;
    await fillPersonForm(admin, {
      firstName: role,
      lastName: 'User',
      email,
      phone: '+41 79 555 12 34',
      dateOfBirth: '1980-01-01',
      street: 'Rue du Rhône 1',
      postalCode: '1204',
      city: 'Genève',
      password: 'Role-Test-Password-1',
      role,
    });
    await admin.getByRole('button', { name: 'Create the user' }).click();
    await expect(admin.getByText(`The account ${email} was created`)).toBeVisible();
  }
  for (const path of ADMIN_PAGES) {
    const res = await admin.goto(path);
    expect(res?.status(), path).toBeLessThan(400);
    await expect(admin, path).not.toHaveURL(/\/login/);
  }
  await admin.goto('/admin/user/list');
  await expect(admin.getByText(users.Influencer)).toBeVisible();
  await adminCtx.close();

  for (const role of ['Customer', 'Influencer'] as const) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await logIn(page, users[role], 'Role-Test-Password-1');
    await expect(page.getByTestId('snackbar')).toHaveText('Log in successfully');
    for (const path of ADMIN_PAGES) {
      const res = await page.goto(path);
      expect(res?.status(), `${role} ${path}`).toBe(403);
    }
    // a data request for one admin route alone is refused too
    const data = await page.request.get('/admin/outbox.data?_routes=routes/admin/outbox');
    expect(await data.text()).not.toContain('@example.ch');
    // the influencer page: Influencer yes, Customer no
    const inf = await page.goto('/client/influencer');
    expect(inf?.status()).toBe(role === 'Influencer' ? 200 : 403);
    if (role === 'Influencer') await expect(page.getByTestId('referral-code')).not.toHaveText('—');
    await ctx.close();
  }
});
