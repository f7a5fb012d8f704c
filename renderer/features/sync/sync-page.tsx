// Settings › Sync: the library on every device through storage the creator already has. Where sync is now (once
// it is set up), the remote and how to sync with it, and Restore from remote for a fresh install.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsFrame } from '../../ui/settings-frame';
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
    <SettingsFrame
      subtitle={t('sync.subtitle')}
      failed={setup.isError || status.isError}
      error={setup.error ?? status.error}
      loaded={setup.data && status.data ? { setup: setup.data, status: status.data } : null}
    >
      {({ setup: kept, status: now }) => (
        <div className="sync">
          {kept.config ? <SyncStatusPanel status={now} userPaused={kept.paused} /> : null}
          <SyncSetupForm setup={kept} />
          {kept.config ? <RestoreSection /> : null}
        </div>
      )}
    </SettingsFrame>
  );
}
