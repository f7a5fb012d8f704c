// Budget windows in zones other than UTC: a day is local midnight to local midnight (23 or 25 hours on a DST
// day), a month the first to the first, and a window turns over at the zone's midnight, not UTC's.
import { describe, expect, it } from 'vitest';
import { windowAt } from '../../../electron/core/spending/spending-windows';
import { isTimeZone } from '../../../shared/studio/time-zones';

const utc = (iso: string): number => Date.parse(iso);
const HOUR = 3_600_000;

describe('budget windows in Pacific/Auckland (UTC+13 in summer, +12 in winter)', () => {
  const zone = 'Pacific/Auckland';

  it('a day starts at local midnight, which is the previous afternoon in UTC, and turns over there', () => {
    // 23:30 on Saturday 21 November in Auckland.
    const lateSaturday = utc('2026-11-21T10:30:00Z');
    expect(windowAt('day', lateSaturday, zone)).toEqual({
      start: utc('2026-11-20T11:00:00Z'),
      end: utc('2026-11-21T11:00:00Z'),
    });
    // One minute past midnight: Sunday's window, though UTC is still on the 21st.
    const pastMidnight = utc('2026-11-21T11:01:00Z');
    expect(windowAt('day', pastMidnight, zone).start).toBe(utc('2026-11-21T11:00:00Z'));
    expect(windowAt('day', utc('2026-11-21T10:59:59.999Z'), zone).start).toBe(utc('2026-11-20T11:00:00Z'));
  });

  it('a month ends at local midnight on the last day, in the middle of the UTC day', () => {
    const lastMinuteOfNovember = utc('2026-11-30T10:59:00Z');
    expect(windowAt('month', lastMinuteOfNovember, zone)).toEqual({
      start: utc('2026-10-31T11:00:00Z'),
      end: utc('2026-11-30T11:00:00Z'),
    });
    const firstOfDecember = utc('2026-11-30T11:00:00Z');
    expect(windowAt('month', firstOfDecember, zone).start).toBe(utc('2026-11-30T11:00:00Z'));
    // A month across the change from winter (+12) to summer (+13) time: its start and end differ by an hour.
    expect(windowAt('month', utc('2026-09-15T00:00:00Z'), zone)).toEqual({
      start: utc('2026-08-31T12:00:00Z'),
      end: utc('2026-09-30T11:00:00Z'),
    });
  });

  it('the day daylight saving starts has 23 hours', () => {
    const day = windowAt('day', utc('2026-09-27T06:00:00Z'), zone);
    expect(day).toEqual({ start: utc('2026-09-26T12:00:00Z'), end: utc('2026-09-27T11:00:00Z') });
    expect(day.end - day.start).toBe(23 * HOUR);
  });
});

describe('budget windows in America/Los_Angeles (UTC-8, -7 in summer)', () => {
  const zone = 'America/Los_Angeles';

  it('the evening is still the same local day though UTC has moved on', () => {
    // 19:00 on Saturday 21 November in Los Angeles is 03:00 on the 22nd in UTC.
    expect(windowAt('day', utc('2026-11-22T03:00:00Z'), zone)).toEqual({
      start: utc('2026-11-21T08:00:00Z'),
      end: utc('2026-11-22T08:00:00Z'),
    });
  });

  it('the day daylight saving ends has 25 hours', () => {
    const day = windowAt('day', utc('2026-11-01T12:00:00Z'), zone);
    expect(day).toEqual({ start: utc('2026-11-01T07:00:00Z'), end: utc('2026-11-02T08:00:00Z') });
    expect(day.end - day.start).toBe(25 * HOUR);
  });

  it('March starts in winter time and ends in summer time; at local midnight April begins', () => {
    const lastMinuteOfMarch = utc('2026-04-01T06:59:00Z');
    expect(windowAt('month', lastMinuteOfMarch, zone)).toEqual({
      start: utc('2026-03-01T08:00:00Z'),
      end: utc('2026-04-01T07:00:00Z'),
    });
    expect(windowAt('month', utc('2026-04-01T07:00:00Z'), zone).start).toBe(utc('2026-04-01T07:00:00Z'));
  });
});

describe('time zone names', () => {
  it('accepts IANA zones and refuses anything else', () => {
    expect(isTimeZone('Pacific/Auckland')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(' Europe/Paris')).toBe(false);
  });
});
