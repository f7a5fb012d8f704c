// How much money reads as text, one rule for the app and the CLI: two decimals from one unit up (and for zero),
// four below one, so a speech clip's 0.0005 USD is not "0.00" and two amounts of a size show the same digits.
import type { MoneyUnit } from './spending';

export function moneyDigits(amount: number): number {
  return Math.abs(amount) >= 1 || amount === 0 ? 2 : 4;
}

/** The number alone, in `language` (e.g. "0.0400", "1,234.50"). */
export function moneyNumber(amount: number, language = 'en'): string {
  const digits = moneyDigits(amount);
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/** The amount with its unit, in English: "0.0400 USD", "12.50 credits" (the CLI's and the core's sentences). */
export function moneyText(amount: number, unit: MoneyUnit): string {
  return `${moneyNumber(amount)} ${unit === 'usd' ? 'USD' : 'credits'}`;
}
