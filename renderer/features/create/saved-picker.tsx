// The drop-down that picks one saved thing to act on (a preset, a recipe), named by what it chooses. While nothing
// is saved it is disabled and a sentence beside it says so and how to get one: that sentence was once the empty
// option's text, which a select cuts at its width ("No recipes yet: import one, or make one f").
import { useId, type ReactElement, type ReactNode } from 'react';

export function SavedPicker({
  label,
  noneLabel,
  empty,
  value,
  onChange,
  children,
}: {
  /** What it chooses ("Choose a preset"): its accessible name and its empty choice. */
  label: string;
  /** The sentence shown beside it while nothing is saved. */
  noneLabel: string;
  empty: boolean;
  value: string;
  onChange: (id: string) => void;
  /** The saved things' options (or option groups). */
  children: ReactNode;
}): ReactElement {
  const noneId = useId();
  return (
    <>
      <select
        className="select preset-select"
        aria-label={label}
        aria-describedby={empty ? noneId : undefined}
        disabled={empty}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{label}</option>
        {children}
      </select>
      {empty ? (
        <p id={noneId} className="saved-picker-none">
          {noneLabel}
        </p>
      ) : null}
    </>
  );
}
