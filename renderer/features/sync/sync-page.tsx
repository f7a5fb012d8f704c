// Settings › Sync: the library on every device through storage the creator already has. Where sync is now (once
// it is set up), the remote and how to sync with it, and Restore from remote for a fresh install.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorSentence } from '../../lib/bridge-error';
import { Alert } from '../../ui/alert';
import { Page } from '../../ui/page';
import { SubNav } from '../../ui/sub-nav';
import { useSyncSetup, useSyncStatus } from './api/sync';
import { RestoreSection } from './restore-section';
import { SyncSetupForm } from './sync-setup-form';
import { SyncStatusPanel } from './sync-status-panel';
import './sync.css';

export function SyncPage(): ReactElement {
  const { t } = useTranslation();
  const setup = useSyncSetup();
  const status = useSyncStatus();
  return (
    <Page title={t('settings.title')} subtitle={t('sync.subtitle')}>
      <SubNav
        label={t('settings.sections')}
        items={[
          { href: '/settings', label: t('settings.general') },
          { href: '/settings/sync', label: t('sync.title') },
        ]}
      />
      {setup.isError || status.isError ? (
        <Alert>{errorSentence(setup.error ?? status.error, t)}</Alert>
      ) : !setup.data || !status.data ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="sync">
          {setup.data.config ? <SyncStatusPanel status={status.data} userPaused={setup.data.paused} /> : null}
          <SyncSetupForm setup={setup.data} />
          {setup.data.config ? <RestoreSection /> : null}
        </div>
      )}
    </Page>
  );
}
