/** Shared by tests/e2e/owner-walk-seed.ts and tests/e2e/owner-walk-phone.spec.ts. */
export const WALK_ADMIN = { email: 'walk-owner@example.ch', password: 'Walk-Owner-Password-1' };
export const WALK_CUSTOMERS = {
  de: { email: 'ruedi.walk@example.ch', password: 'Walk-Customer-Passw0rd', first: 'Ruedi', last: 'Bänziger', iban: 'CH93 0076 2011 6238 5295 7' },
  ar: { email: 'layla.walk@example.ch', password: 'Walk-Customer-Passw0rd', first: 'Layla', last: 'Haddad', iban: 'CH56 0483 5012 3456 7800 9' },
} as const;
