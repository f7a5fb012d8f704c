// One shortcut of lib/shortcuts.ts bound while a component is on screen (the viewer's favourite and delete, the
// selection's). Text fields keep their keys; a binding outside dialogs steps aside while one is open over it.
import { useEffect, useRef } from 'react';
import { isShortcut, type ShortcutId } from './shortcuts';
import { typingIn } from './typing-in';

export function useShortcut(
  id: ShortcutId,
  run: (() => void) | null,
  { inDialog = false }: { inDialog?: boolean } = {},
): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  const enabled = run !== null;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || typingIn(event.target) || !isShortcut(event, id)) return;
      const dialog = document.querySelector('dialog[open]');
      if (inDialog ? dialog === null : dialog !== null) return;
      event.preventDefault();
      latest.current?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [id, enabled, inDialog]);
}
