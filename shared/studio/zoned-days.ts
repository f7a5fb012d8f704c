// Calendar days in an IANA time zone, with Intl only. The gateway decides a usage item's date by the tz it is
// given ([UREP-9], [EP-USAGE-PARAM-5]); the app asks for whole days of that same zone, so its day boundaries
// must be the zone's real midnights: 23 or 25 hours apart across a DST change, never "24 h after the last".
// The spending budgets' day and month windows are computed here too (core/spending/spending-windows.ts), so the
// usage page and the budgets agree on where a day begins. Zone names: time-zones.ts.

/** A calendar date, YYYY-MM-DD. */
export type Day = string;

const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(tz: string): Intl.DateTimeFormat {
  let format = dayFormats.get(tz);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD, the gateway's own item date format.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(tz, format);
  }
  return format;
}

/** The calendar date of an instant (ms) in tz. */
export function dayOf(ms: number, tz: string): Day {
  return dayFormat(tz).format(ms);
}

export function isDay(value: string): value is Day {
  const m = DAY_RE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** day plus n calendar days (n may be negative); zone-free, as calendar arithmetic is. */
export function addDays(day: Day, n: number): Day {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`Not a calendar date: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + n * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

/** The first day of the month after `day`'s ("2026-12-31" → "2027-01-01"). */
export function firstOfNextMonth(day: Day): Day {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`Not a calendar date: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]), 1)).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included (empty when to is before from). */
export function daysFrom(from: Day, to: Day): Day[] {
  const days: Day[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * The first instant (Unix seconds) of `day` in tz: its local midnight, or where a DST change skips midnight
 * (clocks jumping from 00:00 to 01:00) the first second that belongs to the day. Found by bisection over the
 * day's possible UTC positions (offsets run from -12 h to +14 h), asking Intl for the date of each candidate,
 * the same question the gateway asks when it groups by date.
 */
export function startOfDay(day: Day, tz: string): number {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`Not a calendar date: ${day}`);
  const utcMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000;
  let lo = utcMidnight - 15 * 3600; // certainly the day before, in every zone
  let hi = utcMidnight + 13 * 3600; // certainly this day or later
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (dayOf(mid * 1000, tz) >= day) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** [start, end) in Unix seconds covering the days from `from` to `to` (both included) in tz. */
export function daysToRange(from: Day, to: Day, tz: string): { start: number; end: number } {
  return { start: startOfDay(from, tz), end: startOfDay(addDays(to, 1), tz) };
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** en-CA with h23 writes "2026-11-01, 09:30:00": a wall-clock reading in tz, one format per zone. */
function wallFormat(tz: string): Intl.DateTimeFormat {
  let format = wallFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormats.set(tz, format);
  }
  return format;
}

/** "YYYY-MM-DD HH:MM:SS", the wall clock of an instant (Unix seconds) in tz: how a date is said to a person. */
export function wallTimeOf(seconds: number, tz: string): string {
  return wallFormat(tz)
    .format(seconds * 1000)
    .replace(', ', ' ');
}

/** tz's offset from UTC (seconds) at an instant (Unix seconds). */
function offsetAt(seconds: number, tz: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wallTimeOf(seconds, tz));
  if (!m) throw new RangeError(`Intl wrote an unexpected date in ${tz}`);
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) / 1000 - seconds;
}

/**
 * The instant (Unix seconds) a wall clock in tz shows `day` at hh:mm:ss. The offset is asked twice (at a
 * first guess, then at the instant it gives), so a time past a DST change takes that side's offset; a time
 * the change skips lands just after it.
 */
export function zonedTime(day: Day, hh: number, mm: number, ss: number, tz: string): number {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`Not a calendar date: ${day}`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hh, mm, ss) / 1000;
  const guess = wall - offsetAt(wall, tz);
  return wall - offsetAt(guess, tz);
}
