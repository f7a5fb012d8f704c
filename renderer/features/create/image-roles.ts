// [EP-VIDEO-6] Family S takes image_with_roles: objects with url and (by [EP-VIDEO-7]) a role whose allowed values
// the spec does not show, so the user types it: one image per line, its URL, a space, then the role.

/** "https://…/hero.png main character" → { url, role: 'main character' }; a line without a role is just the url. */
export function imageWithRole(line: string): { url: string; role?: string } {
  const trimmed = line.trim();
  const space = trimmed.search(/\s/);
  if (space < 0) return { url: trimmed };
  const role = trimmed.slice(space).trim();
  return { url: trimmed.slice(0, space), ...(role !== '' && { role }) };
}

/** The line an entry reads as when the form shows it again; null for what is not an entry. */
export function imageWithRoleLine(value: unknown): string | null {
  if (!value || typeof value !== 'object' || !('url' in value) || typeof value.url !== 'string') return null;
  const role = 'role' in value && typeof value.role === 'string' && value.role !== '' ? ` ${value.role}` : '';
  return `${value.url}${role}`;
}
