// Grid upscale: the grid itself, split into its four quadrants; clicking U1–U4 picks that quadrant
// ([EP-GRID-1] index 1 to 4, in reading order) into the form. It sends nothing: an upscale is paid, and a paid
// action fires only on the press that shows its price, the form's Generate (a click here sent one
// task and Generate a second, identical one).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickableGrid } from './source-tracks';

const QUADRANTS = [1, 2, 3, 4] as const;

export interface GridPickerProps {
  grids: readonly PickableGrid[];
  /** Called with the grid and quadrant clicked; the form is filled with it, and Generate sends it. */
  onPick: (remoteTaskId: string, index: number) => void;
  /** The grid and quadrant the form holds now, shown as pressed. */
  picked: { remoteTaskId: string; index: number } | null;
  disabled?: boolean;
}

export function GridPicker({ grids, onPick, picked, disabled }: GridPickerProps): ReactElement {
  const { t } = useTranslation();
  return (
    <fieldset className="source-picker" data-testid="grid-picker">
      <legend className="field-label">{t('create.grid.legend')}</legend>
      {grids.length === 0 ? <p className="field-hint">{t('create.grid.none')}</p> : null}
      {grids.map((grid) => (
        <figure key={grid.remoteTaskId} className="grid-source">
          <div
            className="grid-quadrants"
            role="group"
            aria-label={t('create.grid.of', { task: grid.remoteTaskId })}
          >
            {grid.src ? (
              <img src={grid.src} alt={t('create.grid.alt', { task: grid.remoteTaskId })} />
            ) : (
              <span className="grid-unseen" aria-hidden="true" />
            )}
            {QUADRANTS.map((n) => (
              <button
                key={n}
                type="button"
                className={`grid-quadrant q${n}`}
                disabled={disabled}
                aria-pressed={picked?.remoteTaskId === grid.remoteTaskId && picked.index === n}
                onClick={() => onPick(grid.remoteTaskId, n)}
                aria-label={t('create.grid.upscale', { n, position: t(`create.grid.position.q${n}`) })}
              >
                <span>U{n}</span>
              </button>
            ))}
          </div>
          <figcaption className="field-hint">
            <code className="mono">{grid.remoteTaskId}</code>
            {grid.src ? null : <> · {t('create.grid.unseen')}</>}
          </figcaption>
        </figure>
      ))}
      {picked && grids.some((g) => g.remoteTaskId === picked.remoteTaskId) ? (
        <p className="field-hint" role="status" data-testid="grid-picked">
          {t('create.grid.picked', { n: picked.index, task: picked.remoteTaskId })}
        </p>
      ) : null}
      <p className="field-hint">{t('create.grid.typeInstead')}</p>
    </fieldset>
  );
}
