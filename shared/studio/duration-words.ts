// A duration as people say it, in one place for the app and the CLI: the link's time left, how long a task has
// run, how often it is checked.

/**
 * Whole minutes (rounded up, so "1 min" is never in fact 0) from a minute up, seconds below; in the given
 * language ("12 min", "12分钟").
 */
export function timeLeftWords(msLeft: number, language: string): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const [value, unit] = seconds >= 60 ? [Math.ceil(seconds / 60), 'minute'] : [seconds, 'second'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}
