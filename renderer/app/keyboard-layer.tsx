// The shell's keyboard: the command palette (Ctrl/Cmd+K), the shortcut sheet (?), and the shortcuts that move
// between pages: library search (/), the prompt (P), the next and previous family ([ and ]), Generate
// (Ctrl/Cmd+Enter, from the prompt too). Favourite, delete, select all and undo belong to the library's viewer,
// selection and toasts, which know what they act on. Single keys step aside in text fields and in dialogs.
import { useEffect, useState, type ReactElement } from 'react';
import { useLocation } from 'wouter';
import { FAMILY_LIST, isFamilyId } from '../../shared/catalog';
import { createPath } from '../lib/library-drag';
import { isShortcut, LIBRARY_SEARCH_ID } from '../lib/shortcuts';
import { typingIn } from '../lib/typing-in';
import { focusWhenShown } from './palette/focus-when-shown';
import { ShortcutSheet } from './palette/shortcut-sheet';
import { ROUTES } from './routes';
import { loadAllLanguages } from '../i18n/i18n';
import { preloadablePage } from './preloadable-page';

// Fetched on first use, with every language's bundle (it finds an entry by its name in either language); once
// here it opens at once, without React.lazy's first suspension and its 300 ms throttle (preloadable-page.tsx).
// It stays mounted once opened: the question a Run again asks outlives the palette, which closes as it starts.
const palette = preloadablePage(
  () => Promise.all([import('./palette/command-palette'), loadAllLanguages()]).then(([m]) => m.PaletteHost),
  () => null,
);
const PaletteHost = palette.Page;

const CREATABLE = FAMILY_LIST.filter((f) => f.kind !== 'speech').map((f) => f.id);
const PROMPT = 'main form textarea[name="prompt"]';

export function KeyboardLayer(): ReactElement {
  const [open, setOpen] = useState<'palette' | 'shortcuts' | null>(null);
  // The palette's code has been asked for: from then on its host stays mounted (see above).
  const [hosted, setHosted] = useState(false);
  const [location, navigate] = useLocation();

  useEffect(() => {
    const onCreate = location.startsWith(ROUTES.create);
    const onKey = (event: KeyboardEvent) => {
      if (isShortcut(event, 'palette')) {
        event.preventDefault();
        setOpen((o) => (o === 'palette' ? null : 'palette'));
        setHosted(true);
        return;
      }
      const inDialog = event.target instanceof Element && event.target.closest('dialog') !== null;
      if (inDialog || event.defaultPrevented) return;
      if (isShortcut(event, 'generate') && onCreate) {
        event.preventDefault();
        document.querySelector<HTMLFormElement>('main form.family-form')?.requestSubmit();
        return;
      }
      if (typingIn(event.target)) return;
      const single = (id: Parameters<typeof isShortcut>[1], run: () => void) => {
        if (!isShortcut(event, id)) return false;
        event.preventDefault();
        run();
        return true;
      };
      if (single('help', () => setOpen('shortcuts'))) return;
      if (
        single('search', () => {
          if (!location.startsWith(ROUTES.library)) navigate(ROUTES.library);
          focusWhenShown(`#${LIBRARY_SEARCH_ID}`);
        })
      )
        return;
      if (
        single('prompt', () => {
          if (!onCreate) navigate(createPath());
          focusWhenShown(PROMPT);
        })
      )
        return;
      if (!onCreate) return;
      const current = location.split('/')[2] ?? '';
      const index = Math.max(
        0,
        CREATABLE.findIndex((id) => id === (isFamilyId(current) ? current : 'image.i3')),
      );
      const step = (by: number) => {
        const next = CREATABLE[(index + by + CREATABLE.length) % CREATABLE.length];
        if (next) navigate(`${ROUTES.create}/${next}`);
      };
      if (single('nextFamily', () => step(1))) return;
      single('previousFamily', () => step(-1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [location, navigate]);

  const close = () => setOpen(null);
  return (
    <>
      {hosted ? (
        <PaletteHost open={open === 'palette'} onClose={close} onShowShortcuts={() => setOpen('shortcuts')} />
      ) : null}
      {open === 'shortcuts' ? <ShortcutSheet onClose={close} /> : null}
    </>
  );
}
