// A row of mutually exclusive choices (aspect ratios, tiers, themes): a radio group styled as chips.
import type { ReactElement, ReactNode } from 'react';
import { cx } from './cx';
import type { GroupProps } from './field';

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
  /** Inside a group Field: its id, name (aria-labelledby) and error wiring replace the aria-label. */
  group?: GroupProps;
}

export function Segmented<T extends string>({
  name,
  label,
  value,
  options,
  onChange,
  disabled,
  group,
}: SegmentedProps<T>): ReactElement {
  return (
    <div className="segmented" role="radiogroup" {...(group ?? { 'aria-label': label })}>
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
