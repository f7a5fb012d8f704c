// The tag editor: chips for the tags an item has (or a filter asks for), and a text field that adds one on
// Enter (or a comma), suggests existing tags as you type (most used first, with their counts; ↑/↓ to pick),
// and removes the last chip on Backspace in an empty field; each chip has its own × button.
//
// The one tag editor: the viewer edits one item's tags with it, the toolbar filters by tags with it, and the
// selection's Tags popover edits the tags of many items with it. It holds only the text being typed; the tags
// are the caller's (controlled), so where they are saved, and what a removed chip means, is the caller's business.
import { useId, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../ui/cx';
import { Icon } from '../../ui/icons';
import { fetchTags, useLibraryTags } from './api/tags';
import type { LibraryTagCount } from '../../../shared/studio/records';

export interface TagEditorProps {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  /** The field's accessible name, e.g. "Add a tag" or "Filter by tag". */
  label: string;
  placeholder?: string;
  disabled?: boolean;
  /** Offer only tags already in use (a filter by a tag nobody has would match nothing). */
  existingOnly?: boolean;
  className?: string;
  'data-testid'?: string;
  /** The chips list's name (default "Tags"), e.g. "Tags on the selected items". */
  chipsLabel?: string;
  /** A chip's × button name (default "Remove tag X"), e.g. "Remove X from the selected items". */
  removeLabel?: (tag: string) => string;
  /**
   * Backspace in the empty field takes the last chip off (default). Off where a chip stands for many items, so
   * one key never strips a tag from a whole selection.
   */
  removeOnBackspace?: boolean;
}

/** Adds a tag unless it is there already in another case ("Fox" and "fox" are one tag). */
export function withTag(tags: readonly string[], tag: string): string[] {
  const clean = tag.trim();
  if (!clean || tags.some((t) => t.toLowerCase() === clean.toLowerCase())) return [...tags];
  return [...tags, clean];
}

export function TagEditor({
  tags,
  onChange,
  label,
  placeholder,
  disabled,
  existingOnly = false,
  className,
  'data-testid': testId,
  chipsLabel,
  removeLabel,
  removeOnBackspace = true,
}: TagEditorProps): ReactElement {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** A tag typed into a filter that no item has: said under the field rather than silently ignored. */
  const [unknown, setUnknown] = useState<string | null>(null);
  const suggestions = useLibraryTags(text).data ?? [];
  const have = new Set(tags.map((tag) => tag.toLowerCase()));
  // Filtered here too: while the answer for the latest keystroke is on its way, the previous one is shown,
  // and it may hold tags that no longer fit what is typed.
  const typed = text.trim().toLowerCase();
  const options = suggestions
    .filter((s) => s.tag.toLowerCase().startsWith(typed) && !have.has(s.tag.toLowerCase()))
    .slice(0, 8);
  // The list appears as the person types (or asks with ↓), not on every focus: a calm field until used.
  const showList = open && options.length > 0 && (text.trim() !== '' || active >= 0);

  const accept = (tag: string) => {
    onChange(withTag(tags, tag));
    setText('');
    setActive(-1);
    setUnknown(null);
  };
  const add = (tag: string) => {
    const clean = tag.trim();
    if (!clean) return;
    if (!existingOnly) return accept(clean);
    // A filter takes only a tag some item has. The suggestions on screen may trail a fast typist, so the
    // library is asked for the exact tag before saying nobody has it.
    const known = (list: readonly LibraryTagCount[]) =>
      list.find((s) => s.tag.toLowerCase() === clean.toLowerCase())?.tag;
    const shown = known(suggestions);
    if (shown !== undefined) return accept(shown);
    void fetchTags(clean).then(
      (list) => {
        const found = known(list);
        if (found !== undefined) accept(found);
        else setUnknown(clean);
      },
      () => setUnknown(clean),
    );
  };
  const remove = (tag: string) => onChange(tags.filter((t) => t !== tag));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Enter':
      case ',': {
        const picked = showList && active >= 0 ? options[active]?.tag : undefined;
        if (picked === undefined && !text.trim()) return;
        event.preventDefault();
        add(picked ?? text);
        return;
      }
      case 'Backspace':
        if (removeOnBackspace && text === '' && tags.length > 0) {
          event.preventDefault();
          remove(tags[tags.length - 1] as string);
        }
        return;
      case 'ArrowDown':
        if (options.length === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (i + 1) % options.length);
        return;
      case 'ArrowUp':
        if (options.length === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        return;
      case 'Escape':
        // The list closes first; a second Esc reaches the dialog around us (the viewer) and closes it.
        if (showList) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        return;
    }
  };

  return (
    <div className={cx('tag-editor', disabled && 'is-disabled', className)} data-testid={testId}>
      <ul className="tag-chips" aria-label={chipsLabel ?? t('library.tagEditor.current')}>
        {tags.map((tag) => (
          <li key={tag} className="tag-chip">
            <span>{tag}</span>
            <button
              type="button"
              className="round-button tag-chip-remove"
              aria-label={removeLabel?.(tag) ?? t('library.tagEditor.remove', { tag })}
              onClick={() => remove(tag)}
              disabled={disabled}
            >
              <Icon name="close" size={12} />
            </button>
          </li>
        ))}
      </ul>
      <div className="tag-input">
        <input
          type="text"
          role="combobox"
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          maxLength={64}
          enterKeyHint="enter"
          onChange={(e) => {
            setUnknown(null);
            setText(e.target.value.replace(',', ''));
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {showList ? (
          <ul
            className="tag-suggestions"
            role="listbox"
            id={listId}
            aria-label={t('library.tagEditor.suggestions')}
          >
            {options.map((option, i) => (
              <li
                key={option.tag}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={cx('tag-suggestion', i === active && 'is-active')}
                // mousedown, not click: the field keeps its focus, so the list stays for the next tag.
                onMouseDown={(e) => {
                  e.preventDefault();
                  add(option.tag);
                }}
              >
                <span>{option.tag}</span>
                <span className="tag-count">{option.count}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {unknown !== null ? (
        <p className="tag-unknown" role="status">
          {t('library.tagEditor.unknown', { tag: unknown })}
        </p>
      ) : null}
    </div>
  );
}
