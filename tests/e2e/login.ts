/**
 * Signing in through the login form, as a visitor does (e-mail, password, "Log in"). Kept for the
 * specs that import it from here; the form is filled by tests/e2e/fixtures.ts, which also offers
 * `signIn` (waits for where the log-in leads) and the `signedIn` fixture.
 */
export { logIn } from './fixtures.ts';
