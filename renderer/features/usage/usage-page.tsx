import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../ui/not-available';
import { Page } from '../../ui/page';

export function UsagePage(): ReactElement {
  const { t } = useTranslation();
  return (
    <Page title={t('usage.title')} subtitle={t('usage.subtitle')}>
      <NotAvailable icon="usage" />
    </Page>
  );
}
