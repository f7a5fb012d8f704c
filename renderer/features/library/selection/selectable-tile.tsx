// Wraps a grid tile with selection: a round check in its corner (seen on hover and focus, and on every tile
// once something is selected), Ctrl/Cmd+click to toggle, Shift+click for a range, and, while a selection is
// open, a plain click that selects instead of opening, as in Google Photos and the Finder's icon view. With
// nothing selected a click opens the viewer as before: looking is what people do most, so it stays one click.
// The tile itself (lib-browse's) is untouched: this layer catches the click before it does.
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../ui/cx';
import { Icon } from '../../../ui/icons';
import type { LibrarySelectionApi } from './use-library-selection';

export function SelectableTile({
  selection,
  id,
  index,
  label,
  children,
}: {
  selection: LibrarySelectionApi;
  id: string;
  /** Its place in the grid's list, for Shift+click ranges. */
  index: number;
  /** What the check is called by a screen reader: the item's title or prompt. */
  label: string;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation();
  const selected = selection.isSelected(id);
  const choose = (e: MouseEvent) => {
    if (e.shiftKey) selection.extendTo(index);
    else selection.toggle(id, index);
  };
  return (
    <div
      className={cx('tile-cell', selected && 'is-selected', selection.active && 'is-selecting')}
      data-selected={selected}
      onClickCapture={(e) => {
        if ((e.target as HTMLElement).closest('.tile-check')) return;
        if (!(e.shiftKey || e.ctrlKey || e.metaKey || selection.active)) return;
        // The tile's own click (open the viewer) must not run: this click selects.
        e.preventDefault();
        e.stopPropagation();
        choose(e);
      }}
    >
      {children}
      <label className="tile-check">
        <input
          type="checkbox"
          checked={selected}
          onChange={() => undefined}
          onClick={choose}
          aria-label={t('selection.select', { name: label || t('selection.untitled') })}
          data-testid="tile-select"
        />
        <span className="tile-check-mark" aria-hidden="true">
          <Icon name="check" size={14} />
        </span>
      </label>
    </div>
  );
}
