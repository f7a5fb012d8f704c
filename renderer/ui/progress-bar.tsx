import type { ReactElement } from 'react';
import { cx } from './cx';

export function ProgressBar({
  value,
  label,
  tone = 'active',
}: {
  /** 0..100 */
  value: number;
  label: string;
  tone?: 'active' | 'done' | 'failed' | 'idle';
}): ReactElement {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      className={cx('progress', `progress-${tone}`)}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-label={label}
    >
      <div className="progress-fill" style={{ width: `${clamped}%` }} />
    </div>
  );
}
