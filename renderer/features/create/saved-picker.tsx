// The drop-down that picks one saved thing to act on (a preset, a recipe): named by what it chooses, its empty
// choice saying "none saved yet" while there is nothing to pick and "choose…" once there is.
import type { ReactElement, ReactNode } from 'react';

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
  /** The empty choice while nothing is saved. */
  noneLabel: string;
  empty: boolean;
  value: string;
  onChange: (id: string) => void;
  /** The saved things' options (or option groups). */
  children: ReactNode;
}): ReactElement {
  return (
    <select
      className="select preset-select"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{empty ? noneLabel : label}</option>
      {children}
    </select>
  );
}
