/**
 * The age rule (docs/product.md §1, §5 and §9; docs/architecture.md, "Rules of the domain"):
 * customers must be 18 or older, checked from the date of birth at registration and again at
 * checkout, on the shop's calendar day (the shop's time zone, Europe/Zurich by default).
 */
import { DomainError } from '../errors.ts';
import { DEFAULT_TIME_ZONE, todayIn } from '../i18n/browser.ts';

/** Minimum age to buy tobacco, years. */
export const MINIMUM_AGE = 18;

/**
 * Age in whole years on `today` of someone born on `dateOfBirth` (both `YYYY-MM-DD`): birthdays
 * on 29 February count on 1 March in common years.
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age--;
  return age;
}

/** Today's date in the shop's time zone (Switzerland by default), `YYYY-MM-DD`. */
export function swissToday(now = new Date(), timeZone: string = DEFAULT_TIME_ZONE): string {
  return todayIn(timeZone, now);
}

/** Whether someone born on `dateOfBirth` is at least {@link MINIMUM_AGE} on the shop's day of `now` (in `timeZone`). */
export function isAdult(dateOfBirth: string, now = new Date(), timeZone: string = DEFAULT_TIME_ZONE): boolean {
  return ageOn(dateOfBirth, swissToday(now, timeZone)) >= MINIMUM_AGE;
}

/**
 * Refuses registration of someone under {@link MINIMUM_AGE} on today's day in `timeZone` (the shop's).
 * @throws {DomainError} `invalid` with key `underage` and field `dateOfBirth`.
 */
export function assertAdultForRegistration(dateOfBirth: string, timeZone: string = DEFAULT_TIME_ZONE): void {
  if (isAdult(dateOfBirth, new Date(), timeZone)) return;
  const msg = `You must be at least ${MINIMUM_AGE} years old to register`;
  throw new DomainError('invalid', msg, {
    key: 'underage',
    params: { age: MINIMUM_AGE },
    fields: { dateOfBirth: { key: 'underage', params: { age: MINIMUM_AGE } } },
  });
}
