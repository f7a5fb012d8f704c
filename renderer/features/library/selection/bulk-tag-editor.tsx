// Tags for a whole selection, in a small popover under the Tags button: the one tag editor, whose chips are the
// tags the selected items carry. A tag added (Enter, or a suggestion) goes onto every selected item; a chip's ×
// takes that tag off all of them; each item keeps its other tags. Esc or a click outside closes the popover.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import type { LibrarySelection } from '../../../../shared/studio/library-selection';
import { errorSentence } from '../../../lib/bridge-error';
import { useStudioStore } from '../../../store/studio-store';
import { useBulkTags } from '../api/bulk-actions';
import { TagEditor } from '../tag-editor';

/** The tags the loaded selected items carry, in alphabetical order. */
function tagsOf(items: readonly BridgeLibraryItem[]): string[] {
  return [...new Set(items.flatMap((item) => item.tags))].sort((a, b) => a.localeCompare(b));
}

export function BulkTagEditor({
  selection,
  count,
  items,
  onClose,
}: {
  selection: LibrarySelection;
  count: number;
  /** The selected items loaded on the page: their tags are the chips. */
  items: readonly BridgeLibraryItem[];
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const save = useBulkTags();
  const box = useRef<HTMLDivElement>(null);
  const present = tagsOf(items);
  // What the person last asked for, until the refetched items catch up (the chips change at once). It is let go
  // when the items' tags change, not when the save answers: the answer can come before the refetch, and the chip
  // just added would vanish and come back.
  const presentKey = present.join('\n');
  const [pending, setPending] = useState<{ tags: string[]; over: string } | null>(null);
  const shown = pending?.over === presentKey ? pending.tags : present;

  // The popover opens for typing: its field takes the focus (and Esc gives it back to the Tags button).
  useEffect(() => box.current?.querySelector('input')?.focus(), []);
  useEffect(() => {
    const away = (e: PointerEvent) => {
      const toggle = (e.target as HTMLElement).closest('[aria-haspopup="dialog"]');
      if (!box.current?.contains(e.target as Node) && !toggle) onClose();
    };
    // Esc inside the popover closes it only (caught before the grid's Esc, which would clear the selection).
    // The editor's own Esc closes its suggestions first and stops there.
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !box.current?.contains(document.activeElement)) return;
      e.stopPropagation();
      const toggle = box.current.parentElement?.querySelector<HTMLElement>('[aria-haspopup="dialog"]');
      onClose();
      toggle?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [onClose]);

  const onChange = (next: string[]) => {
    const before = new Set(shown.map((tag) => tag.toLowerCase()));
    const after = new Set(next.map((tag) => tag.toLowerCase()));
    const add = next.filter((tag) => !before.has(tag.toLowerCase()));
    const remove = shown.filter((tag) => !after.has(tag.toLowerCase()));
    if (add.length === 0 && remove.length === 0) return;
    setPending({ tags: next, over: presentKey });
    save.mutate(
      { selection, add, remove },
      {
        onError: (error) => {
          setPending(null);
          pushToast('error', errorSentence(error, t));
        },
        onSuccess: ({ count: n }) => {
          const done = add.length ? 'selection.tagged' : 'selection.untagged';
          pushToast('success', t(done, { count: n, tag: add[0] ?? remove[0] ?? '' }));
        },
      },
    );
  };

  return (
    <div ref={box} className="bulk-tags" role="dialog" aria-label={t('selection.tagsTitle', { count })}>
      <p className="bulk-tags-title">{t('selection.tagsTitle', { count })}</p>
      <TagEditor
        tags={shown}
        onChange={onChange}
        label={t('selection.tagInput')}
        placeholder={t('selection.tagPlaceholder')}
        chipsLabel={t('selection.tagsOnSelected')}
        removeLabel={(tag) => t('selection.tagRemove', { tag })}
        removeOnBackspace={false}
        data-testid="bulk-tags"
      />
    </div>
  );
}
