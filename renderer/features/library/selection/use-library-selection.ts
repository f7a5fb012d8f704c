// Which library items are selected, for the virtualised grid: by id (click, Ctrl/Cmd+click, Shift+click
// ranges over the list in its current order), or "all matching the filter but these" after Ctrl/Cmd+A, which
// never needs the unloaded pages nor the DOM: the main process resolves it against the index. A selection
// belongs to the filter it was made under; changing the search or a filter starts afresh.
import { useEffect, useState } from 'react';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import type { LibraryFilter, LibrarySelection } from '../../../../shared/studio/library-selection';
import { MAX_SELECTED_IDS } from '../../../../shared/studio/library-selection';
import { typingIn } from '../../../lib/typing-in';

type Picked = { mode: 'ids'; ids: ReadonlySet<string> } | { mode: 'all'; except: ReadonlySet<string> };

interface State {
  /** The filter the selection was made under (JSON), so a new filter shows no stale selection. */
  key: string;
  picked: Picked;
  /** Index of the last item clicked or toggled: where a Shift+click range starts. */
  anchor: number | null;
}

const NONE: Picked = { mode: 'ids', ids: new Set() };

export interface LibrarySelectionApi {
  count: number;
  /** True once anything is selected: a plain click on a tile then selects instead of opening. */
  active: boolean;
  /** Ctrl/Cmd+A was used: everything matching the filter, whatever is loaded. */
  all: boolean;
  isSelected: (id: string) => boolean;
  toggle: (id: string, index: number) => void;
  /** Shift+click: every item from the anchor to this one joins the selection. */
  extendTo: (index: number) => void;
  selectAll: () => void;
  clear: () => void;
  /** What the bridge's bulk procedures take; null when nothing is selected. */
  selection: LibrarySelection | null;
  /** The selected items among those loaded (all of them for a picked selection). */
  items: BridgeLibraryItem[];
}

export function useLibrarySelection({
  items,
  total,
  filter,
  keyboard,
}: {
  /** The loaded items in grid order. */
  items: readonly BridgeLibraryItem[];
  /** How many match the filter (loaded or not). */
  total: number;
  filter: LibraryFilter;
  /** Whether Ctrl/Cmd+A and Esc belong to the grid now (not while the viewer or a dialog is open). */
  keyboard: boolean;
}): LibrarySelectionApi {
  const key = JSON.stringify(filter);
  const [state, setState] = useState<State>({ key, picked: NONE, anchor: null });
  const current = state.key === key ? state : { key, picked: NONE, anchor: null };
  const { picked } = current;

  const isSelected = (id: string) => (picked.mode === 'ids' ? picked.ids.has(id) : !picked.except.has(id));
  const count = picked.mode === 'ids' ? picked.ids.size : Math.max(0, total - picked.except.size);

  const update = (next: Picked, anchor: number | null) => setState({ key, picked: next, anchor });

  const toggle = (id: string, index: number) => {
    if (picked.mode === 'ids') {
      const ids = new Set(picked.ids);
      if (ids.has(id)) ids.delete(id);
      else if (ids.size < MAX_SELECTED_IDS) ids.add(id);
      update({ mode: 'ids', ids }, index);
    } else {
      const except = new Set(picked.except);
      if (except.has(id)) except.delete(id);
      else except.add(id);
      update({ mode: 'all', except }, index);
    }
  };

  const extendTo = (index: number) => {
    const from = current.anchor ?? index;
    const span = items.slice(Math.min(from, index), Math.max(from, index) + 1).map((item) => item.id);
    if (picked.mode === 'ids') {
      const ids = new Set(picked.ids);
      for (const id of span) if (ids.size < MAX_SELECTED_IDS) ids.add(id);
      update({ mode: 'ids', ids }, current.anchor ?? index);
    } else {
      const except = new Set(picked.except);
      for (const id of span) except.delete(id);
      update({ mode: 'all', except }, current.anchor ?? index);
    }
  };

  const selectAll = () => update({ mode: 'all', except: new Set() }, current.anchor);
  const clear = () => update(NONE, null);

  // Ctrl/Cmd+A selects everything matching the filter, Esc lets go; inside a text field both keep their own
  // meaning (select the text, clear the search).
  useEffect(() => {
    if (!keyboard) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (typingIn(e.target) || e.altKey) return;
      if (e.key.toLowerCase() === 'a' && (e.ctrlKey || e.metaKey) && !e.shiftKey) {
        e.preventDefault();
        setState((s) => ({ key, picked: { mode: 'all', except: new Set() }, anchor: s.anchor }));
      } else if (e.key === 'Escape' && !e.ctrlKey && !e.metaKey) {
        setState((s) => (s.key === key && isEmpty(s.picked) ? s : { key, picked: NONE, anchor: null }));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keyboard, key]);

  const selection: LibrarySelection | null =
    count === 0
      ? null
      : picked.mode === 'ids'
        ? { ids: [...picked.ids] }
        : { filter, except: [...picked.except] };

  return {
    count,
    active: count > 0,
    all: picked.mode === 'all' && count > 0,
    isSelected,
    toggle,
    extendTo,
    selectAll,
    clear,
    selection,
    items: items.filter((item) => isSelected(item.id)),
  };
}

function isEmpty(picked: Picked): boolean {
  return picked.mode === 'ids' && picked.ids.size === 0;
}
