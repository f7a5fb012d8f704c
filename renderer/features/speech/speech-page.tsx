import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../ui/not-available';
import { Page } from '../../ui/page';

export function SpeechPage(): ReactElement {
  const { t } = useTranslation();
  return (
    <Page title={t('speech.title')} subtitle={t('speech.subtitle')}>
      <NotAvailable icon="speech" />
    </Page>
  );
}
