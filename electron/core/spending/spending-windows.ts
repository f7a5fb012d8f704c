// The day and the month a budget covers, in the user's time zone: local midnight to local midnight, the first of
// the month to the first of the next, by the same zone-day rule as the usage page (shared/studio/zoned-days.ts):
// DST days of 23 or 25 hours, zones ahead of UTC whose day starts the evening before.
import type { SpendingPeriod } from '../../../shared/studio/spending';
import { addDays, dayOf, firstOfNextMonth, startOfDay } from '../../../shared/studio/zoned-days';

export interface TimeWindow {
  start: number;
  end: number;
}

/** The window of `period` that contains the instant `now` (ms), in `zone`. */
export function windowAt(period: SpendingPeriod, now: number, zone: string): TimeWindow {
  const day = dayOf(now, zone);
  const first = period === 'day' ? day : `${day.slice(0, 8)}01`;
  const next = period === 'day' ? addDays(day, 1) : firstOfNextMonth(first);
  return { start: startOfDay(first, zone) * 1000, end: startOfDay(next, zone) * 1000 };
}
