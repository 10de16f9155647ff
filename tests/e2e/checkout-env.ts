/** Shared by the e2e seed (tests/e2e/checkout-seed.ts) and tests/e2e/checkout.spec.ts. */

/** The adult customer seeded by tests/e2e/checkout-seed.ts; signs in through /login. */
export const E2E_CUSTOMER = { id: 'e2e-checkout-customer', email: 'e2e-checkout@example.ch', password: 'Checkout-E2e-Passw0rd' };

/** The adult customer of tests/e2e/custombox.spec.ts (its own cart, so the two specs can run side by side). */
export const E2E_BOX_CUSTOMER = { id: 'e2e-box-customer', email: 'e2e-box@example.ch', password: 'Box-E2e-Passw0rd-42' };

/** The adult customer of tests/e2e/phone-speed.spec.ts, whose cart is measured on /payment (its own, so the specs can run side by side). */
export const E2E_PHONE_CUSTOMER = { id: 'e2e-phone-customer', email: 'e2e-phone@example.ch', password: 'Phone-E2e-Passw0rd-7' };
