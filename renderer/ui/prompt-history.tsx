// The prompt history of any prompt field: a History button (or ↑ in the empty field, which the owner wires to
// `onOpenChange(true)`) opens a searchable list of the prompts sent, pinned ones first. It is a combobox: the
// search keeps the focus, ↑/↓ move through the entries, Enter inserts the active one, Esc closes. Each entry
// shows a thumbnail of what it made and its cost; the active entry can be pinned or forgotten, the whole
// history forgotten.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeHistoryEntry } from '../../shared/bridge/history-schemas';
import { usePromptHistory, usePromptHistoryActions, type HistoryTexts } from '../lib/api/prompt-history';
import { useMediaUrl } from '../lib/use-media-url';
import { ConfirmDialog } from './confirm-dialog';
import { CostText } from './cost-text';
import { Icon } from './icons';
import { PanelToggle, TogglePanel } from './panel-toggle';
import './prompt-history.css';

export interface PromptHistoryProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chosen prompt; the owner puts it in its field and gives the field the focus back. */
  onInsert: (text: string) => void;
  /** Which texts it lists: Create's prompts, or Speech's spoken texts. */
  texts: HistoryTexts;
}

function Thumbnail({ entry }: { entry: BridgeHistoryEntry }): ReactElement {
  const toUrl = useMediaUrl();
  const item = entry.item;
  const path = item
    ? (item.thumbnailRelativePath ?? (item.kind === 'image' ? item.relativePath : null))
    : null;
  const src = path ? toUrl(path) : null;
  if (src) return <img className="history-thumb" src={src} alt="" loading="lazy" />;
  const kind = entry.family === 'speech' ? 'speech' : entry.family.split('.')[0];
  const icon = kind === 'video' ? 'video' : kind === 'music' || kind === 'speech' ? 'music' : 'image';
  return (
    <span className="history-thumb history-thumb-none" aria-hidden="true">
      <Icon name={icon} size={16} />
    </span>
  );
}

function HistoryPanel({
  onClose,
  onInsert,
  texts,
}: {
  onClose: () => void;
  onInsert: (text: string) => void;
  texts: HistoryTexts;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const [askingAll, setAskingAll] = useState(false);
  const history = usePromptHistory(search.trim(), texts);
  const { pin, forget, forgetAll } = usePromptHistoryActions();
  const entries = history.data ?? [];
  const current = entries[Math.min(active, entries.length - 1)];
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.max(0, Math.min(entries.length - 1, i + step)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (current) onInsert(current.text);
    }
  };
  const when = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

  return (
    <TogglePanel className="history-panel card" label={t('history.title')} onClose={onClose}>
      <div className="history-head">
        <Icon name="search" size={14} />
        <input
          ref={inputRef}
          className="history-search"
          type="search"
          role="combobox"
          aria-label={t('history.search')}
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(entries.indexOf(current)) : undefined}
          placeholder={t('history.searchPlaceholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="history-close" aria-label={t('history.close')} onClick={onClose}>
          <Icon name="close" size={14} />
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="history-empty" role="status">
          {history.isPending ? t('history.loading') : search ? t('history.noMatch') : t('history.empty')}
        </p>
      ) : null}
      <ul className="history-list" id={listId} role="listbox" aria-label={t('history.title')}>
        {entries.map((entry, i) => (
          // The keyboard works from the search box (a combobox: ↑/↓ and Enter); a click picks directly.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={entry.text}
            id={optionId(i)}
            role="option"
            aria-selected={entry === current}
            className="history-entry"
            onMouseMove={() => setActive(i)}
            onClick={() => onInsert(entry.text)}
          >
            <Thumbnail entry={entry} />
            <span className="history-text">{entry.text}</span>
            <span className="history-meta">
              {entry.pinned ? <span className="history-pinned">{t('history.pinned')}</span> : null}
              {entry.state === 'failed' ? (
                <span className="history-failed">{t('history.failed')}</span>
              ) : null}
              <CostText usd={entry.cost} credits={entry.creditsCost} />
              <span>{when(entry.sentAt)}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="history-actions">
        <button
          type="button"
          className="history-action"
          disabled={!current}
          onClick={() => current && pin.mutate({ text: current.text, pinned: !current.pinned })}
        >
          {current?.pinned ? t('history.unpin') : t('history.pin')}
        </button>
        <button
          type="button"
          className="history-action"
          disabled={!current}
          onClick={() => current && forget.mutate(current.text)}
        >
          {t('history.forget')}
        </button>
        <button
          type="button"
          className="history-action history-action-danger"
          disabled={entries.length === 0}
          onClick={() => setAskingAll(true)}
        >
          {t('history.forgetAll')}
        </button>
      </div>
      {askingAll ? (
        <ConfirmDialog
          title={t('history.forgetAllTitle')}
          message={t('history.forgetAllBody')}
          confirmLabel={t('history.forgetAll')}
          danger
          onConfirm={() => {
            setAskingAll(false);
            forgetAll.mutate();
          }}
          onCancel={() => setAskingAll(false)}
        />
      ) : null}
    </TogglePanel>
  );
}

export function PromptHistory({ open, onOpenChange, onInsert, texts }: PromptHistoryProps): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="history-anchor">
      <PanelToggle open={open} onToggle={() => onOpenChange(!open)} icon="clock" label={t('history.open')} />
      {open ? (
        <HistoryPanel
          texts={texts}
          onClose={() => onOpenChange(false)}
          onInsert={(text) => {
            onInsert(text);
            onOpenChange(false);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * A prompt field (its one textarea among the children) with the history under it: ↑ in the empty field opens
 * it, as a shell recalls the last command; a prompt inserted gives the field the focus, and Esc gives it back to
 * what opened the history (the field, or the History button). `tools` join the row (Create's styles).
 */
export function WithPromptHistory({
  onInsert,
  children,
  tools,
  texts = 'prompts',
}: {
  onInsert: (text: string) => void;
  /** Speech's field lists spoken texts; every other lists prompts. */
  texts?: HistoryTexts;
  children: ReactNode;
  tools?: ReactNode;
}): ReactElement {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  return (
    // Listens to its textarea's keys as they bubble; the textarea is the interactive element.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={ref}
      className="prompt-field"
      onKeyDown={(event) => {
        const target = event.target;
        if (
          event.key === 'ArrowUp' &&
          !event.altKey &&
          !event.ctrlKey &&
          !event.metaKey &&
          !event.shiftKey &&
          target instanceof HTMLTextAreaElement &&
          target.value === ''
        ) {
          event.preventDefault();
          setOpen(true);
        }
      }}
    >
      {children}
      <div className="prompt-tools">
        <PromptHistory
          texts={texts}
          open={open}
          onOpenChange={setOpen}
          onInsert={(text) => {
            onInsert(text);
            ref.current?.querySelector('textarea')?.focus();
          }}
        />
        {tools}
      </div>
    </div>
  );
}
