/** Shared by tests/e2e/returns-seed.ts and tests/e2e/returns.spec.ts. */

/** The customer who returns an order and cancels another (tests/e2e/seeded-shop.ts `seedCustomer`). */
export const RETURNS_CUSTOMER = {
  email: 'lena.damico@example.ch',
  password: 'Returns-E2e-Passw0rd',
  person: { firstName: 'Lena', lastName: "D'Amico-Brändli", dateOfBirth: '1984-09-21', street: 'Spalenberg 14', postalCode: '4051', city: 'Basel' },
};
export const RETURNS_ADMIN = { email: 'returns-admin@example.ch', password: 'Returns-Admin-Password-1' };
