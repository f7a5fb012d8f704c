// The day and the month a budget covers, in the user's time zone: local midnight to local midnight, the first of
// the month to the first of the next. Zone arithmetic (DST days of 23 or 25 hours, zones ahead of UTC whose day
// starts the evening before) is date-fns's with @date-fns/tz, not ours.
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, startOfDay, startOfMonth } from 'date-fns';
import type { SpendingPeriod } from '../../../shared/studio/spending';

export { isTimeZone } from '../../../shared/studio/time-zones';

export interface TimeWindow {
  start: number;
  end: number;
}

/** The zone this process runs in, as an IANA name ('UTC' when the system names none). */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The window of `period` that contains the instant `now` (ms), in `zone`. */
export function windowAt(period: SpendingPeriod, now: number, zone: string): TimeWindow {
  const local = new TZDate(now, zone);
  const start = period === 'day' ? startOfDay(local) : startOfMonth(local);
  const end = period === 'day' ? addDays(start, 1) : addMonths(start, 1);
  return { start: start.getTime(), end: end.getTime() };
}
