// Tags for a whole selection: type a tag and Add (Enter) puts it on every selected item; the tags the selected
// items carry are listed, each with a button that takes it off all of them. Each item keeps its other tags.
// The field suggests the tags already in use (library.tags). A small popover under the Tags button; Esc or a
// click outside closes it.
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import type { LibrarySelection } from '../../../../shared/studio/library-selection';
import { errorSentence } from '../../../lib/bridge-error';
import { useStudioStore } from '../../../store/studio-store';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icons';
import { useBulkTags, useTagSuggestions } from '../api/bulk-actions';

export function BulkTagEditor({
  selection,
  count,
  items,
  onClose,
}: {
  selection: LibrarySelection;
  count: number;
  /** The selected items loaded on the page: their tags are offered for removal. */
  items: readonly BridgeLibraryItem[];
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const tags = useBulkTags();
  const [text, setText] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const present = [...new Set(items.flatMap((item) => item.tags))].sort((a, b) => a.localeCompare(b));
  const suggestions = useTagSuggestions(text.trim()).data ?? [];

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    const away = (e: PointerEvent) => {
      const toggle = (e.target as HTMLElement).closest('[aria-haspopup="dialog"]');
      if (!box.current?.contains(e.target as Node) && !toggle) onClose();
    };
    // Esc inside the popover closes it only (caught before the grid's Esc, which would clear the selection).
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !box.current?.contains(document.activeElement)) return;
      e.stopPropagation();
      onClose();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape, true);
    };
  }, [onClose]);

  const edit = (
    change: { add: string[]; remove: string[] },
    done: 'selection.tagged' | 'selection.untagged',
  ) =>
    tags.mutate(
      { selection, ...change },
      {
        onError: (error) => pushToast('error', errorSentence(error, t)),
        onSuccess: ({ count: n }) => {
          pushToast('success', t(done, { count: n, tag: change.add[0] ?? change.remove[0] ?? '' }));
          if (change.add.length) setText('');
        },
      },
    );

  const add = () => {
    const tag = text.trim();
    if (tag) edit({ add: [tag], remove: [] }, 'selection.tagged');
  };

  return (
    <div ref={box} className="bulk-tags" role="dialog" aria-label={t('selection.tagsTitle', { count })}>
      <p className="bulk-tags-title">{t('selection.tagsTitle', { count })}</p>
      <form
        className="bulk-tags-add"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label className="visually-hidden" htmlFor={`${listId}-input`}>
          {t('selection.tagInput')}
        </label>
        <input
          ref={input}
          id={`${listId}-input`}
          className="input"
          value={text}
          maxLength={64}
          list={listId}
          placeholder={t('selection.tagPlaceholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <datalist id={listId}>
          {suggestions.map(({ tag }) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        <Button type="submit" variant="primary" busy={tags.isPending} disabled={text.trim() === ''}>
          {t('selection.tagAdd')}
        </Button>
      </form>
      {present.length ? (
        <ul className="bulk-tags-list" aria-label={t('selection.tagsOnSelected')}>
          {present.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              <button
                type="button"
                onClick={() => edit({ add: [], remove: [tag] }, 'selection.untagged')}
                aria-label={t('selection.tagRemove', { tag })}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
