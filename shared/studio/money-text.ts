// How much money reads as text, one rule for the app and the CLI: two decimals from one unit up (and for zero),
// four below one, so a speech clip's 0.0005 USD is not "0.00" and two amounts of a size show the same digits.
import type { MoneyUnit } from './spending';

export function moneyDigits(amount: number): number {
  return Math.abs(amount) >= 1 || amount === 0 ? 2 : 4;
}

// One formatter per language and digits: building an Intl.NumberFormat costs far more than formatting with one,
// and the library grid formats a cost on every tile it mounts while it scrolls (the library-grid bench's long
// tasks at 4× CPU throttling: this was the grid's largest single cost).
const formats = new Map<string, Intl.NumberFormat>();

/** The number alone, in `language` (e.g. "0.0400", "1,234.50"). */
export function moneyNumber(amount: number, language = 'en'): string {
  const digits = moneyDigits(amount);
  const key = `${language}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format.format(amount);
}

/** The amount with its unit, in English: "0.0400 USD", "12.50 credits" (the CLI's and the core's sentences). */
export function moneyText(amount: number, unit: MoneyUnit): string {
  return `${moneyNumber(amount)} ${unit === 'usd' ? 'USD' : 'credits'}`;
}
