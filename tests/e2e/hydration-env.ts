/** Shared by tests/e2e/hydration-seed.ts and tests/e2e/hydration.spec.ts. */

/** A verified adult customer with a paid order, an unpaid one and a line in the cart (tests/e2e/seeded-shop.ts `seedCustomer`). */
export const HYDRATION_CUSTOMER = {
  email: 'hydration.customer@example.ch',
  password: 'Hydration-E2e-Passw0rd',
  person: { firstName: 'Mara', lastName: 'Keller', dateOfBirth: '1981-05-14', street: 'Limmatquai 3', postalCode: '8001', city: 'Zürich' },
};

/** The first-run admin of the spec's own server (it edits settings and products there). */
export const HYDRATION_ADMIN = { email: 'hydration-admin@example.ch', password: 'Hydration-Admin-Password-1' };
