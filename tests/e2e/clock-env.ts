/** Shared by the e2e seed tests/e2e/clock-seed.ts and tests/e2e/clock.spec.ts. */

/** The customer with one order placed at {@link CLOCK_ORDER_AT}; signs in through /login. */
export const E2E_CLOCK_CUSTOMER = { id: 'e2e-clock-customer', email: 'e2e-clock@example.ch', password: 'Clock-E2e-Passw0rd-11' };

/** When the seeded order was placed (UTC): 11:39 in Zurich, 10:39 on a server in UTC. */
export const CLOCK_ORDER_AT = '2026-11-28T10:39:00Z';

/** The first-run admin of playwright.config.ts. */
export const E2E_ADMIN = { email: 'e2e-admin@example.ch', password: 'E2e-Admin-Password-1' };
