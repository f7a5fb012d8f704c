// What a page says while its feature is not built yet: plainly, and through i18n.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import type { IconName } from './icons';

export function NotAvailable({ icon }: { icon: IconName }): ReactElement {
  const { t } = useTranslation();
  return (
    <EmptyState icon={icon} title={t('notAvailable.title')}>
      <p>{t('notAvailable.body')}</p>
    </EmptyState>
  );
}
