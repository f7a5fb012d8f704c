// "Compare with…": from the viewer, the person picks the second item among the library's items of the
// same kind, searchable by prompt; the comparison opens on its own route (#/compare/<a>/<b>), so Back returns
// to this item.
import { useDeferredValue, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { errorSentence } from '../../lib/bridge-error';
import { useLibrary } from '../../lib/api/library';
import { useMediaUrl } from '../../lib/use-media-url';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useModalDialog } from '../../ui/use-modal-dialog';
import './compare-picker.css';

function CompareDialog({ item, onClose }: { item: BridgeLibraryItem; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const ref = useRef<HTMLDialogElement>(null);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const toUrl = useMediaUrl();
  const library = useLibrary({ sort: 'newest', kind: item.kind, ...(deferred ? { search: deferred } : {}) });
  const others = (library.data?.pages.flatMap((page) => page.items) ?? []).filter((o) => o.id !== item.id);

  useModalDialog(ref);

  return (
    <dialog
      ref={ref}
      className="modal-dialog compare-picker"
      aria-labelledby="compare-picker-title"
      // Esc closes this picker only, not the viewer under it.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        // The viewer's keys (←/→, Space) must not act through the picker.
        event.stopPropagation();
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      data-testid="compare-picker"
    >
      <h2 id="compare-picker-title">{t('compare.pickTitle')}</h2>
      <p className="field-hint">{t('compare.pickLead')}</p>
      <label className="search">
        <span className="visually-hidden">{t('compare.pickSearch')}</span>
        <input
          type="search"
          value={search}
          placeholder={t('compare.pickSearch')}
          onChange={(event) => setSearch(event.target.value)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the picker exists to search: typing starts at once
          autoFocus
        />
      </label>
      {library.isError ? <Alert>{errorSentence(library.error, t)}</Alert> : null}
      {library.isSuccess && others.length === 0 ? <p className="muted">{t('compare.pickNone')}</p> : null}
      <ul className="compare-picker-list" aria-label={t('compare.pickTitle')}>
        {others.map((other) => {
          const thumb = other.thumbnailRelativePath ?? (other.kind === 'image' ? other.relativePath : null);
          const src = thumb ? toUrl(thumb) : null;
          return (
            <li key={other.id}>
              <button
                type="button"
                onClick={() => {
                  onClose();
                  navigate(`/compare/${item.id}/${other.id}`);
                }}
              >
                {src ? <img className="thumb" src={src} alt="" /> : <span className="thumb" />}
                <span>{other.title ?? other.prompt ?? other.model}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="compare-picker-actions">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </div>
    </dialog>
  );
}

export function CompareWith({ item }: { item: BridgeLibraryItem }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="compare-with">
        {t('compare.compareWith')}
      </Button>
      {open ? <CompareDialog item={item} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
