// A text field's length against its limit, shown beside its label (Field's `aside`): the create form's prompt and
// the speech text use this one counter, so both read and warn alike.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './cx';

export interface CharCounterProps {
  count: number;
  max: number;
  testId?: string;
}

export function CharCounter({ count, max, testId }: CharCounterProps): ReactElement {
  const { t } = useTranslation();
  return (
    <span className={cx('counter', count > max && 'is-over')} data-testid={testId} aria-live="polite">
      {t('common.charCount', { count, max })}
    </span>
  );
}
