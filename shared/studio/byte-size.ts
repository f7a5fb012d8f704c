// How a size in bytes reads, one rule for the app, the CLI and the core's sentences: binary units (each 1024 of
// the one before) named as binary units (KiB, MiB, GiB, TiB), so what divides by 1024 never says "KB". Whole
// bytes below 1 KiB, one decimal above.
const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

export type ByteUnit = (typeof UNITS)[number];

/** The number and unit a size reads in: 1536 → { value: 1.5, unit: 'KiB' }. */
export function byteSizeParts(bytes: number): { value: number; unit: ByteUnit } {
  let value = bytes;
  let index = 0;
  while (Math.abs(value) >= 1024 && index < UNITS.length - 1) {
    value /= 1024;
    index++;
  }
  return { value, unit: UNITS[index] ?? 'B' };
}

/** "512 B", "1.5 KiB", "20 MiB" (in `language`'s digits; English by default, as the CLI and core write). */
export function byteSize(bytes: number, language = 'en'): string {
  const { value, unit } = byteSizeParts(bytes);
  const digits = unit === 'B' ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${unit}`;
}
