/** Shared by playwright.config.ts, the e2e seed and tests/e2e/checkout.spec.ts. */

/** Fixed for the run so tests can sign access tokens the server accepts. */
export const E2E_SESSION_SECRET = process.env.E2E_SESSION_SECRET ?? 'e2e-session-secret-0123456789abcdef0123456789';

/** The adult customer seeded by tests/e2e/checkout-seed.ts. */
export const E2E_CUSTOMER = { id: 'e2e-checkout-customer', email: 'e2e-checkout@example.ch' };
