// Wraps a grid tile with selection: a round check in its corner (seen on hover and focus, and on every tile
// once something is selected), Ctrl/Cmd+click to toggle, Shift+click for a range, and, while a selection is
// open, a plain click that selects instead of opening, as in Google Photos and the Finder's icon view. With
// nothing selected a click opens the viewer as before: looking is what people do most, so it stays one click.
// The tile itself (lib-browse's) is untouched: this layer catches the click before it does. It takes what it shows
// as plain values and one stable callback, so the grid's memoised cells render again only when those change.
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../ui/cx';
import { Icon } from '../../../ui/icons';

export function SelectableTile({
  selected,
  selecting,
  onChoose,
  id,
  index,
  label,
  children,
}: {
  selected: boolean;
  /** Something is selected: a plain click selects instead of opening, and every tile shows its check. */
  selecting: boolean;
  /** A click that selects: `extend` (Shift) selects the range from the anchor to `index`, else it toggles `id`. */
  onChoose: (id: string, index: number, extend: boolean) => void;
  id: string;
  /** Its place in the grid's list, for Shift+click ranges. */
  index: number;
  /** What the check is called by a screen reader: the item's title or prompt. */
  label: string;
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation();
  const choose = (e: MouseEvent) => onChoose(id, index, e.shiftKey);
  return (
    <div
      className={cx('tile-cell', selected && 'is-selected', selecting && 'is-selecting')}
      data-selected={selected}
      onClickCapture={(e) => {
        if ((e.target as HTMLElement).closest('.tile-check')) return;
        if (!(e.shiftKey || e.ctrlKey || e.metaKey || selecting)) return;
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
