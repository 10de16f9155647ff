import { describe, expect, it } from 'vitest';
import {
  dayIn,
  endOfDay,
  formatDate,
  formatDateTime,
  instantOfLocalTime,
  isCalendarDay,
  isoInZone,
  isTimeZone,
  localTimeIn,
  startOfDay,
  swissDate,
  todayIn,
  yearIn,
} from './dates.ts';

const ZH = 'Europe/Zurich';

describe('dates in the shop time zone', () => {
  it('shows the UTC instant 2026-11-28T10:39Z as 11:39 in Europe/Zurich, whatever the runtime zone', () => {
    const t = '2026-11-28T10:39:00Z';
    expect(formatDateTime(t, 'de-CH', ZH)).toBe('28.11.2026, 11:39');
    expect(formatDateTime(new Date(t), 'en-GB', ZH)).toBe('28 Nov 2026, 11:39');
    expect(formatDateTime(t, 'en-GB', 'UTC')).toBe('28 Nov 2026, 10:39');
    expect(formatDate(t, 'de-CH', ZH)).toBe('28.11.2026');
    expect(swissDate(new Date(t), ZH)).toBe('28.11.2026');
    expect(isoInZone(new Date(t), ZH)).toBe('2026-11-28T11:39:00+01:00');
  });

  it('takes the day of the zone, not of UTC, near midnight', () => {
    const lateUtc = new Date('2026-12-31T23:30:00Z');
    expect(dayIn(lateUtc, ZH)).toBe('2027-01-01');
    expect(todayIn('UTC', lateUtc)).toBe('2026-12-31');
    expect(yearIn(lateUtc, ZH)).toBe(2027);
    expect(swissDate(lateUtc, ZH)).toBe('01.01.2027');
  });

  it('follows the change to summer time on 2026-03-29 (02:00 CET -> 03:00 CEST)', () => {
    expect(formatDateTime('2026-03-29T00:59:00Z', 'de-CH', ZH)).toBe('29.03.2026, 01:59');
    expect(formatDateTime('2026-03-29T01:00:00Z', 'de-CH', ZH)).toBe('29.03.2026, 03:00');
    expect(isoInZone(new Date('2026-03-29T01:00:00Z'), ZH)).toBe('2026-03-29T03:00:00+02:00');
    // the day itself starts in winter time and has 23 hours
    expect(startOfDay('2026-03-29', ZH).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDay('2026-03-30', ZH).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(endOfDay('2026-03-29', ZH).toISOString()).toBe('2026-03-29T21:59:59.999Z');
    // and the autumn day has 25
    expect(endOfDay('2026-10-25', ZH).getTime() + 1 - startOfDay('2026-10-25', ZH).getTime()).toBe(25 * 3_600_000);
  });

  it('stores a promo day "2026-11-28" as the start of that day in Zurich (2026-11-27T23:00:00Z) and shows it back as 28.11.', () => {
    const from = startOfDay('2026-11-28', ZH);
    expect(from.toISOString()).toBe('2026-11-27T23:00:00.000Z');
    expect(dayIn(from, ZH)).toBe('2026-11-28');
    expect(swissDate(from, ZH)).toBe('28.11.2026');
    expect(formatDate(from, 'de-CH', ZH)).toBe('28.11.2026');
    const to = endOfDay('2026-12-31', ZH);
    expect(to.toISOString()).toBe('2026-12-31T22:59:59.999Z');
    expect(dayIn(to, ZH)).toBe('2026-12-31');
  });

  it('computes day bounds in other zones, including one whose midnight a clock change skips', () => {
    expect(startOfDay('2026-11-28', 'UTC').toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(startOfDay('2026-11-28', 'America/New_York').toISOString()).toBe('2026-11-28T05:00:00.000Z');
    expect(startOfDay('2026-11-28', 'Asia/Kolkata').toISOString()).toBe('2026-11-27T18:30:00.000Z');
    // Santiago de Chile moves its clocks from 00:00 to 01:00 on 2026-09-06: the day starts at 01:00
    const skipped = startOfDay('2026-09-06', 'America/Santiago');
    expect(dayIn(skipped, 'America/Santiago')).toBe('2026-09-06');
    expect(dayIn(skipped.getTime() - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('knows IANA zones and refuses unknown names, offsets and bad days', () => {
    expect(isTimeZone('Europe/Zurich')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    for (const bad of ['', 'Europe/Zurch', 'Mars/Olympus', '+01:00', 'GMT+1 ', 'x'.repeat(80)]) expect(isTimeZone(bad)).toBe(false);
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('28.11.2026')).toBe(false);
    expect(() => startOfDay('2026-13-01', ZH)).toThrow(RangeError);
  });

  it('reads a datetime-local value as a wall-clock time of the zone, and writes one back', () => {
    expect(instantOfLocalTime('2026-12-12T18:00', ZH)?.toISOString()).toBe('2026-12-12T17:00:00.000Z');
    expect(instantOfLocalTime('2026-07-01T18:00', ZH)?.toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(instantOfLocalTime('2026-12-12T18:00', 'UTC')?.toISOString()).toBe('2026-12-12T18:00:00.000Z');
    expect(localTimeIn('2026-12-12T17:00:00Z', ZH)).toBe('2026-12-12T18:00');
    expect(localTimeIn(instantOfLocalTime('2026-03-29T12:30', ZH)!, ZH)).toBe('2026-03-29T12:30');
    for (const bad of ['', '2026-02-30T10:00', '2026-12-12 18:00', '2026-12-12T24:00', '2026-12-12T18:60', 'tomorrow'])
      expect(instantOfLocalTime(bad, ZH)).toBeNull();
  });
});
