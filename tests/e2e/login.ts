/**
 * Signing in through the login form, as a visitor does (e-mail, password, "Log in").
 */
import type { Page } from '@playwright/test';

/**
 * Opens the login page and signs in; does not wait for where the form leads (a test checks that).
 * @param path the login page: `/login`, with `?redirectTo=…`, or an absolute URL for a spec with
 *   a server of its own.
 */
export async function logIn(page: Page, email: string, password: string, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
