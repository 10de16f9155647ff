/**
 * Dates and times in the shop's time zone (the `timeZone` shop setting, an IANA name such as
 * `Europe/Zurich`; docs/decisions/021-shop-time-zone.md). Instants are stored as UTC timestamps;
 * everything a person reads (pages, mails, documents, CSV) and every calendar day the shop counts
 * in (promo validity, reports, filters, the age rule) is of this zone, so the server (UTC on a
 * VPS) and the browser (any zone) write the same text and a page hydrates without a mismatch.
 * Plain `Intl`, safe in the browser.
 */

/** The zone a shop starts with, and the one used when a stored zone is unusable. */
export const DEFAULT_TIME_ZONE = 'Europe/Zurich';

/** A calendar day `YYYY-MM-DD`. */
export type CalendarDay = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Zone names found valid, up to {@link KNOWN_TIME_ZONES_MAX} (IANA has a few hundred; Intl also
 * takes other spellings, so the set is capped): the settings are read, and their zone checked, on
 * every order and many other requests, and building a formatter to check one costs far more than
 * the look-up.
 */
const KNOWN_TIME_ZONES = new Set<string>();
const KNOWN_TIME_ZONES_MAX = 1000;

/**
 * Whether `name` is a time zone this runtime knows (an IANA name like `Europe/Zurich`, or `UTC`).
 * Checked by constructing an `Intl.DateTimeFormat`, which throws a RangeError for unknown zones;
 * offsets such as `+01:00` are refused (they do not follow summer time).
 */
export function isTimeZone(name: string): boolean {
  if (KNOWN_TIME_ZONES.has(name)) return true;
  if (!name || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    if (KNOWN_TIME_ZONES.size < KNOWN_TIME_ZONES_MAX) KNOWN_TIME_ZONES.add(name);
    return true;
  } catch {
    return false;
  }
}

/** `timeZone` if usable, else {@link DEFAULT_TIME_ZONE} (a zone a newer runtime stored, say). */
function zone(timeZone: string | undefined): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** A cached formatter (building one costs far more than using it; lists format hundreds). */
function formatter(locale: string, timeZone: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(opts)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...opts, timeZone: zone(timeZone) });
    if (formats.size > 500) formats.clear();
    formats.set(key, f);
  }
  return f;
}

/** The instant of a `Date`, an ISO string (loader data) or epoch milliseconds. */
function instant(d: Date | string | number): Date {
  return d instanceof Date ? d : new Date(d);
}

/**
 * A date for people, e.g. "28 Nov 2026" (`en`) or "28.11.2026" (`de-CH`), in `timeZone`.
 * @param locale a BCP 47 locale (`intlLocale` of the page language).
 * @param style `Intl` date style, `medium` by default.
 */
export function formatDate(d: Date | string | number, locale: string, timeZone: string, style: 'short' | 'medium' | 'long' = 'medium'): string {
  return formatter(locale, timeZone, { dateStyle: style }).format(instant(d));
}

/** A date and time of day for people, e.g. "28 Nov 2026, 11:39", in `timeZone`. */
export function formatDateTime(d: Date | string | number, locale: string, timeZone: string): string {
  return formatter(locale, timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(instant(d));
}

/**
 * A date as `dd.mm.yyyy` (the Swiss convention of the shop's mails and documents, in every
 * language) in `timeZone`.
 */
export function swissDate(d: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatter('de-CH', timeZone, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}

/** Whether `s` is a real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isCalendarDay(s: string): boolean {
  const m = DAY.exec(s);
  return !!m && new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === s;
}

/** The calendar day `YYYY-MM-DD` of an instant in `timeZone`. */
export function dayIn(d: Date | string | number, timeZone: string): CalendarDay {
  return formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant(d));
}

/** Today's calendar day in `timeZone`, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date = new Date()): CalendarDay {
  return dayIn(now, timeZone);
}

/** Offset of `timeZone` from UTC at instant `t`, in milliseconds (east positive). */
function offsetMs(t: number, timeZone: string): number {
  const parts = formatter('en-US', timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(t));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(t / 1000) * 1000;
}

/**
 * The instant a calendar day starts in `timeZone` (its first moment; on a day whose midnight is
 * skipped by a clock change, the first moment that exists). "2026-11-28" in Europe/Zurich is
 * 2026-11-27T23:00:00Z.
 * @throws RangeError when `day` is not a valid `YYYY-MM-DD` date.
 */
export function startOfDay(day: CalendarDay, timeZone: string): Date {
  if (!isCalendarDay(day)) throw new RangeError(`Not a calendar day: ${day}`);
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // the offset at the guess, then once more at the corrected instant (a change near midnight)
  let t = midnightUtc - offsetMs(midnightUtc, timeZone);
  t = midnightUtc - offsetMs(t, timeZone);
  // a skipped midnight gives an instant of the previous day: the day starts at its first existing moment
  if (dayIn(t, timeZone) !== day) t += 3_600_000;
  return new Date(t);
}

/** The next calendar day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: CalendarDay): CalendarDay {
  const [y, mo, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The last millisecond of a calendar day in `timeZone` (inclusive end of a "valid to" day; 23 or
 * 25 hours after {@link startOfDay} on the days the clocks change).
 * @throws RangeError when `day` is not a valid `YYYY-MM-DD` date.
 */
export function endOfDay(day: CalendarDay, timeZone: string): Date {
  startOfDay(day, timeZone); // validates
  return new Date(startOfDay(nextDay(day), timeZone).getTime() - 1);
}

/**
 * The instant as ISO 8601 with the zone's offset, to the second, e.g. `2026-11-28T11:39:00+01:00`:
 * the local time a person reads, still one exact instant (CSV exports).
 */
export function isoInZone(d: Date, timeZone: string): string {
  const t = d.getTime();
  const off = offsetMs(t, timeZone);
  const local = new Date(Math.floor(t / 1000) * 1000 + off).toISOString().slice(0, 19);
  const a = Math.abs(off) / 60_000;
  const sign = off < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** A wall-clock time `YYYY-MM-DDTHH:mm` (an HTML `datetime-local` value). */
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock time `YYYY-MM-DDTHH:mm` (a `datetime-local` field) names in
 * `timeZone`, or null when the text is no such time. A time skipped by a clock change is read
 * with the offset before the change (an hour later on the new clock); a repeated one as its
 * first occurrence.
 */
export function instantOfLocalTime(local: string, timeZone: string): Date | null {
  const m = LOCAL_TIME.exec(local);
  if (!m || !isCalendarDay(m[1]) || Number(m[2]) > 23 || Number(m[3]) > 59) return null;
  const wall = Date.parse(`${local}:00Z`);
  let t = wall - offsetMs(wall, timeZone);
  t = wall - offsetMs(t, timeZone);
  return new Date(t);
}

/** The wall-clock time `YYYY-MM-DDTHH:mm` of an instant in `timeZone` (a `datetime-local` value). */
export function localTimeIn(d: Date | string | number, timeZone: string): string {
  return isoInZone(instant(d), timeZone).slice(0, 16);
}

/** The year of an instant in `timeZone` (the footer's copyright year). */
export function yearIn(d: Date, timeZone: string): number {
  return Number(dayIn(d, timeZone).slice(0, 4));
}
