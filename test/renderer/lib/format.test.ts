import { describe, expect, it } from 'vitest';
import { formatRelative, formatUsd } from '../../../renderer/lib/format';

describe('formatRelative', () => {
  const now = 1_700_000_000_000;

  it('reads a moment after the last clock tick as now, never "in 23 seconds"', () => {
    // useNow ticks every 30 s: a task created since the last tick lies in that clock's future.
    expect(formatRelative(now + 23_000, now, 'en')).toBe('now');
    expect(formatRelative(now - 10_000, now, 'en')).toBe('now');
  });

  it('says minutes, hours and days ago', () => {
    expect(formatRelative(now - 3 * 60_000, now, 'en')).toBe('3 minutes ago');
    expect(formatRelative(now - 2 * 3_600_000, now, 'en')).toBe('2 hours ago');
    expect(formatRelative(now - 86_400_000, now, 'en')).toBe('yesterday');
  });
});

describe('formatUsd: one rule for every amount of money', () => {
  it('two decimals from one dollar up and for zero, four below one dollar, never a varying count', () => {
    expect(formatUsd(49.7, 'en')).toBe('49.70');
    expect(formatUsd(49.756, 'en')).toBe('49.76');
    expect(formatUsd(1234.5, 'en')).toBe('1,234.50');
    expect(formatUsd(0, 'en')).toBe('0.00');
    expect(formatUsd(0.0005, 'en')).toBe('0.0005');
    expect(formatUsd(0.12, 'en')).toBe('0.1200');
    expect(formatUsd(-2.5, 'en')).toBe('-2.50');
  });
});
