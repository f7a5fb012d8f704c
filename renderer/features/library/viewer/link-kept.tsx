// In the viewer's details: until when the gateway's link of a downloaded result was valid ([TASK-10]
// expires_at, kept with the item), and that the copy in the library does not depend on it.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';

export function LinkKept({ expiresAt }: { expiresAt: number }): ReactElement {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const time = formatDateTime(expiresAt, i18n.language);
  return (
    <span data-testid="item-link-expiry">
      {expiresAt <= now ? t('costs.keptUntil', { time }) : t('costs.linkUntil', { time })}
    </span>
  );
}
