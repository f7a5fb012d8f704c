// Number, money, size and time formatting in the user's chosen language (Intl, no dependency).
import { byteSize } from '../../shared/studio/byte-size';
import { moneyNumber } from '../../shared/studio/money-text';

/** Every amount of money in the studio, by the one rule in shared/studio/money-text.ts. */
export function formatUsd(amount: number, language: string): string {
  return moneyNumber(amount, language);
}

/** A count of things (requests, items), grouped for reading: "1,234". */
export function formatCount(n: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(n);
}

/** Credits follow the same rule as USD: the header's balance and a task's cost show the same digits. */
export function formatCredits(amount: number, language: string): string {
  return moneyNumber(amount, language);
}

/** A size by the one rule in shared/studio/byte-size.ts (binary units, named KiB, MiB…). */
export function formatBytes(bytes: number, language: string): string {
  return byteSize(bytes, language);
}

/** A track's or clip's length as m:ss (3.03 → "0:03"). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function formatDateTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

// One formatter per language: building one costs about a millisecond, and the Tasks list asks for one per row on
// every render while it scrolls (the tasks-page bench's long tasks).
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  return format;
}

/**
 * "3 minutes ago" style, relative to `now` (passed in so callers and tests control the clock). Under 45 seconds
 * either way reads "now": `now` ticks only every 30 s, so a row that appeared since the last tick would
 * otherwise read "in 23 seconds".
 */
export function formatRelative(ms: number, now: number, language: string): string {
  const raw = Math.round((ms - now) / 1000);
  const seconds = Math.abs(raw) < 45 ? 0 : raw;
  const rtf = relativeFormat(language);
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}
