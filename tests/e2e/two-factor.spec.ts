/**
 * Two-factor log-in end to end: the first-run admin creates a second admin (so the shared e2e
 * admin keeps logging in with its password for the other specs); that admin turns on two-factor
 * log-in on /profile from the secret shown as text, logs out, logs in with a code computed from
 * the secret (as an authenticator app does), then once with a recovery code, which is refused the
 * second time. On a server of its own: its dozen log-ins from one address would otherwise use up
 * the shared server's per-address log-in limit (30 in 15 minutes) for the specs after it.
 */
import { allowConsoleErrors, expect, fillPersonForm, test } from './fixtures.ts';
import { type Page } from '@playwright/test';
import { generate } from 'otplib';
import os from 'node:os';
import path from 'node:path';
import { logIn } from './login.ts';
import { ownServerFor, pastGatesState } from './own-server.ts';

/** Where a screenshot goes: docs/screenshots with UPDATE_SCREENSHOTS=1, else a temporary folder (a test run leaves the tree clean). */
const shot = (file: string) => path.join(process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : os.tmpdir(), file);

const ADMIN = { email: 'e2e-admin@example.ch', password: 'E2e-Admin-Password-1' };
const PASSWORD = 'Cohiba-Siglo-2026';
const PORT = Number(process.env.E2E_PORT ?? 3210) + 9;
const BASE = `http://localhost:${PORT}`;

// every context of the spec (its own ones too) opens this server, past the age gate and cookie notice
test.use({
  baseURL: BASE,
  storageState: pastGatesState(BASE),
});

ownServerFor({ name: 'two-factor walk', port: PORT, seedScript: 'tests/e2e/catalogue-seed.ts', admin: ADMIN });

async function logout(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('login-link')).toBeVisible();
}

/**
 * The code of the step after the last one used (`after`), or of the current step when that is
 * later, so that it is never a replay. The step after the current one is the code an app shows
 * whose clock runs up to 30 s ahead, which the server accepts (one step either side): the test
 * does not wait for the next step to come.
 */
async function freshCode(secret: string, after: number): Promise<{ code: string; step: number }> {
  const step = Math.max(Math.floor(Date.now() / 30_000), after + 1);
  return { code: await generate({ secret, epoch: step * 30 }), step };
}

/**
 * After the password step, the page is the code step: the code field and a signed token in a
 * hidden field, never the password (it is neither sent back nor asked again), also when the
 * log-in was posted before the page's scripts ran.
 */
async function codeStep(p: Page) {
  await expect(p.getByLabel('Code from your authenticator app, or a recovery code')).toBeVisible();
  await expect(p.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(p.locator('input[type="hidden"][name="token"]')).toHaveCount(1);
}

test('an admin turns on two-factor log-in, logs in with a code, and uses a recovery code once', async ({ page, browser }) => {
  test.setTimeout(150_000);
  // the log-in answers 401 on purpose (code step, refused code, unconfirmed address), which Chromium logs
  allowConsoleErrors(page, /status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/login(\.data)?:0\)/);
  const email = `e2e.totp.${Date.now()}@example.ch`;
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/admin/user/add');
  await fillPersonForm(page, {
    firstName: 'Dolores',
    lastName: "O'Brien-Núñez",
    email,
    phone: '+41 79 555 22 11',
    dateOfBirth: '1975-02-03',
    street: 'Limmatquai 4',
    postalCode: '8001',
    city: 'Zürich',
    password: PASSWORD,
    role: 'Admin',
  });
  await page.getByRole('button', { name: 'Create the user' }).click();
  await expect(page.getByRole('status')).toContainText(email);

  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  await logIn(p, email, PASSWORD);
  await expect(p).not.toHaveURL(/\/login/);

  // set up from /profile with the password asked again: QR code and the secret as text, confirmed with a first code
  await p.goto('/profile');
  await p.locator('#two-factor').getByLabel('Current password').fill(PASSWORD);
  await p.getByRole('button', { name: 'Set up two-factor log-in' }).click();
  await expect(p.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await p.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await p.locator('#two-factor').screenshot({ path: shot('two-factor-setup.png') });
  let last = await freshCode(secret, 0);
  await p.getByLabel('Code from the app').fill(last.code);
  await p.getByRole('button', { name: 'Turn on' }).click();
  const codes = p.getByRole('list', { name: 'Your recovery codes' }).locator('code');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await p.locator('#two-factor').screenshot({ path: shot('two-factor-recovery-codes.png') });

  // the password alone no longer logs in: the form asks for the code
  await logout(p);
  await logIn(p, email, PASSWORD);
  await expect(p.getByRole('alert')).toContainText('Enter the code of your authenticator app');
  const otp = p.getByLabel('Code from your authenticator app, or a recovery code');
  await codeStep(p);
  await p.locator('main').screenshot({ path: shot('two-factor-login.png') });
  last = await freshCode(secret, last.step);
  await otp.fill(last.code);
  await p.getByRole('button', { name: 'Log in' }).click();
  await expect(p).not.toHaveURL(/\/login/);
  await p.goto('/admin/home');
  await expect(p).toHaveURL(/\/admin\/home/);

  // a recovery code logs in once
  await logout(p);
  await logIn(p, email, PASSWORD);
  await codeStep(p);
  await p.getByLabel('Code from your authenticator app, or a recovery code').fill(recovery[0]);
  await p.getByRole('button', { name: 'Log in' }).click();
  await expect(p).not.toHaveURL(/\/login/);
  await p.goto('/profile');
  await expect(p.getByText('Recovery codes left: 9.')).toBeVisible();

  // … and never again
  await logout(p);
  await logIn(p, email, PASSWORD);
  await codeStep(p);
  await p.getByLabel('Code from your authenticator app, or a recovery code').fill(recovery[0]);
  await p.getByRole('button', { name: 'Log in' }).click();
  await expect(p.getByRole('alert')).toContainText(/The code is wrong or has expired|Enter the code of your authenticator app/);
  await expect(p).toHaveURL(/\/login/);
  await ctx.close();

  // without JavaScript (as a tap before the scripts load): both steps are plain form posts
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const q = await noJs.newPage();
  await logIn(q, email, PASSWORD);
  await codeStep(q);
  await q.getByLabel('Code from your authenticator app, or a recovery code').fill(recovery[1]);
  await q.getByRole('button', { name: 'Log in' }).click();
  await expect(q.getByText('Log in successfully')).toBeVisible();
  await q.goto('/admin/home');
  await expect(q).toHaveURL(/\/admin\/home/);
  await noJs.close();
});
