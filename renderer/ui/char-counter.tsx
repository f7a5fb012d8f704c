// A text field's length against its limit, shown beside its label (Field's `aside`): the create form's prompt and
// the speech text use this one counter, so both read and warn alike.
import { useEffect, type ReactElement } from 'react';
import { announce } from '../lib/announcer';
import { useTranslation } from 'react-i18next';
import { cx } from './cx';

export interface CharCounterProps {
  count: number;
  max: number;
  testId?: string;
}

export function CharCounter({ count, max, testId }: CharCounterProps): ReactElement {
  const { t } = useTranslation();
  const over = count > max;
  // Not a live region: it changes on every key, and a screen reader would read each count out. Going over the
  // limit is said once, through the throttled announcer.
  useEffect(() => {
    if (over) announce('char-over', () => t('common.charCount', { count, max }));
    // Only the crossing speaks, not each key past it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [over]);
  return (
    <span className={cx('counter', over && 'is-over')} data-testid={testId}>
      {t('common.charCount', { count, max })}
    </span>
  );
}
