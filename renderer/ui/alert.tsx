import type { ReactElement, ReactNode } from 'react';
import { cx } from './cx';
import { Icon } from './icons';

export function Alert({
  tone = 'error',
  children,
  testId,
}: {
  tone?: 'error' | 'info' | 'success';
  children: ReactNode;
  testId?: string;
}): ReactElement {
  return (
    <div
      className={cx('alert', `alert-${tone}`)}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <Icon name={tone === 'success' ? 'check' : 'alert'} size={18} />
      <div>{children}</div>
    </div>
  );
}
