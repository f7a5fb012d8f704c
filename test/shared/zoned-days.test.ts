// Calendar days in a time zone: the boundaries the Usage page asks the gateway for ([EP-USAGE-PARAM-5],
// [UREP-9]: item dates are decided by tz), checked in zones away from UTC and across DST changes.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOf,
  daysFrom,
  daysToRange,
  firstOfNextMonth,
  isDay,
  startOfDay,
} from '../../shared/studio/zoned-days';
import { isTimeZone, timeZoneNames } from '../../shared/studio/time-zones';

const utc = (iso: string): number => Date.parse(iso) / 1000;

describe('startOfDay', () => {
  it('[EP-USAGE-PARAM-5] is local midnight in a zone east and west of UTC, half-hour offsets included', () => {
    expect(startOfDay('2026-06-01', 'UTC')).toBe(utc('2026-06-01T00:00:00Z'));
    expect(startOfDay('2026-06-01', 'Asia/Shanghai')).toBe(utc('2026-05-31T16:00:00Z'));
    expect(startOfDay('2026-06-01', 'America/New_York')).toBe(utc('2026-06-01T04:00:00Z'));
    expect(startOfDay('2026-06-01', 'Asia/Kolkata')).toBe(utc('2026-05-31T18:30:00Z'));
    // The extremes of the offsets the bisection covers.
    expect(startOfDay('2026-06-01', 'Pacific/Kiritimati')).toBe(utc('2026-05-31T10:00:00Z'));
    expect(startOfDay('2026-06-01', 'Etc/GMT+12')).toBe(utc('2026-06-01T12:00:00Z'));
  });

  it('[EP-USAGE-PARAM-5] across DST: the spring day has 23 hours and the autumn day 25 in Europe/Berlin', () => {
    const spring = daysToRange('2026-03-29', '2026-03-29', 'Europe/Berlin');
    expect(spring.start).toBe(utc('2026-03-28T23:00:00Z'));
    expect(spring.end - spring.start).toBe(23 * 3600);
    const autumn = daysToRange('2026-10-25', '2026-10-25', 'Europe/Berlin');
    expect(autumn.start).toBe(utc('2026-10-24T22:00:00Z'));
    expect(autumn.end - autumn.start).toBe(25 * 3600);
    // A week spanning the spring change is an hour short of 7 x 24 h.
    const week = daysToRange('2026-03-26', '2026-04-01', 'Europe/Berlin');
    expect(week.end - week.start).toBe(7 * 86_400 - 3600);
  });

  it('[EP-USAGE-PARAM-5] where DST skips midnight (Santiago, 00:00 -> 01:00), the day starts at the change', () => {
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(start).toBe(utc('2026-09-06T04:00:00Z'));
    expect(dayOf(start * 1000, 'America/Santiago')).toBe('2026-09-06');
    expect(dayOf(start * 1000 - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('every second of a range belongs to one of its days, and the next day starts at its end', () => {
    const tz = 'America/New_York';
    const { start, end } = daysToRange('2026-11-01', '2026-11-02', tz); // the autumn change is on 11-01
    expect(dayOf(start * 1000, tz)).toBe('2026-11-01');
    expect(dayOf((end - 1) * 1000, tz)).toBe('2026-11-02');
    expect(dayOf(end * 1000, tz)).toBe('2026-11-03');
    expect(end - start).toBe(49 * 3600);
  });
});

describe('calendar days', () => {
  it('adds days across month and year ends and leap days, whatever the zone', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysFrom('2026-01-30', '2026-02-02')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    expect(daysFrom('2026-02-02', '2026-02-01')).toEqual([]);
  });

  it('knows real dates and real zones', () => {
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-1-01')).toBe(false);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('+08:00')).toBe(false);
    // One rule for every reader: the bridge's spending schema takes the same names as the usage page.
    expect(isTimeZone(' Europe/Berlin')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    const names = timeZoneNames();
    expect(names).toContain('Asia/Shanghai');
    expect(names).toContain('UTC');
    expect(names.length).toBeGreaterThan(300);
  });
});

describe('firstOfNextMonth', () => {
  it('turns over months and years, whatever the month length', () => {
    expect(firstOfNextMonth('2026-01-31')).toBe('2026-02-01');
    expect(firstOfNextMonth('2026-02-01')).toBe('2026-03-01');
    expect(firstOfNextMonth('2026-12-15')).toBe('2027-01-01');
  });
});
