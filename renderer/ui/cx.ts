// Joins class names, skipping falsy ones (a two-line helper rather than a dependency).
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
