/** Shared by tests/e2e/returns-seed.ts and tests/e2e/returns.spec.ts. */
export const RETURNS_CUSTOMER = { email: 'lena.damico@example.ch', password: 'Returns-E2e-Passw0rd' };
export const RETURNS_ADMIN = { email: 'returns-admin@example.ch', password: 'Returns-Admin-Password-1' };
