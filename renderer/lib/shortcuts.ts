// The keyboard shortcuts, in one table: the handlers match key presses against it, the `?` sheet lists it and
// docs/accessibility.md describes it. "Mod" is Cmd on a Mac and Ctrl elsewhere. Single keys (/, ?, P, S, [ ])
// never fire while a text field has the focus: there they are typing.
export const SHORTCUTS = [
  { id: 'palette', keys: 'Mod+K' },
  { id: 'help', keys: '?' },
  { id: 'generate', keys: 'Mod+Enter' },
  { id: 'prompt', keys: 'P' },
  { id: 'nextFamily', keys: ']' },
  { id: 'previousFamily', keys: '[' },
  { id: 'search', keys: '/' },
  { id: 'selectAll', keys: 'Mod+A' },
  { id: 'favourite', keys: 'S' },
  { id: 'delete', keys: 'Delete' },
  { id: 'undo', keys: 'Mod+Z' },
  { id: 'close', keys: 'Escape' },
] as const;

/** The library's search field, which `/` focuses from anywhere. */
export const LIBRARY_SEARCH_ID = 'library-search';

export type ShortcutId = (typeof SHORTCUTS)[number]['id'];

const KEYS: Record<ShortcutId, string> = Object.fromEntries(SHORTCUTS.map((s) => [s.id, s.keys])) as Record<
  ShortcutId,
  string
>;

const isMac = (): boolean => /Mac|iPhone|iPad/.test(navigator.platform);

/** Whether the press is this shortcut: the key itself, with Mod when the table says so and no other modifier. */
type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

export function isShortcut(event: KeyPress, id: ShortcutId): boolean {
  const spec = KEYS[id];
  const mod = spec.startsWith('Mod+');
  const key = mod ? spec.slice(4) : spec;
  const hasMod = event.ctrlKey || event.metaKey;
  if (mod !== hasMod || event.altKey) return false;
  // ? and the brackets come with Shift on many layouts; letters must come without it (Shift+S is not S).
  if (key.length === 1 && /[a-z]/i.test(key))
    return !event.shiftKey && event.key.toLowerCase() === key.toLowerCase();
  return event.key === key;
}

/** The keys as a person reads them on this computer: ⌘K on a Mac, Ctrl+K elsewhere. */
export function shortcutLabel(id: ShortcutId): string {
  const spec = KEYS[id];
  const key = spec.replace('Mod+', '').replace('Escape', 'Esc');
  if (!spec.startsWith('Mod+')) return key;
  return isMac() ? `⌘${key}` : `Ctrl+${key}`;
}

/** The aria-keyshortcuts value (both Mod spellings, as the platform decides which one works). */
export function ariaShortcut(id: ShortcutId): string {
  const spec = KEYS[id];
  if (!spec.startsWith('Mod+')) return spec === '?' ? 'Shift+?' : spec;
  const key = spec.slice(4);
  return `Control+${key} Meta+${key}`;
}
