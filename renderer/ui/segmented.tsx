// A row of mutually exclusive choices (aspect ratios, tiers, themes): a radio group styled as chips.
import type { ReactElement, ReactNode } from 'react';
import { cx } from './cx';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  /** Optional visual above the label, e.g. a ratio preview. */
  art?: ReactNode;
}

export interface SegmentedProps<T extends string> {
  name: string;
  label: string;
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  /** Lets a surrounding Field find the group. */
  id?: string;
}

export function Segmented<T extends string>({
  name,
  label,
  value,
  options,
  onChange,
  disabled,
  id,
}: SegmentedProps<T>): ReactElement {
  return (
    <div className="segmented" role="radiogroup" aria-label={label} id={id}>
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <label
            key={option.value}
            className={cx('segment', selected && 'is-selected', option.art ? 'has-art' : null)}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={selected}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
            {option.art}
            <span className="segment-label">{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
