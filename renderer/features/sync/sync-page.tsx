// Settings › Sync: the library on every device through storage the creator already has. Where sync is now and
// the devices on the remote (once it is set up), the remote and how to sync with it, and Restore from remote.
import { useRef, type ReactElement } from 'react';
import type { SyncTestInput } from '../../../shared/bridge/sync-schemas';
import { useTranslation } from 'react-i18next';
import { SettingsFrame } from '../../ui/settings-frame';
import { useSyncSetup, useSyncStatus } from './api/sync';
import { RestoreSection } from './restore-section';
import { SyncDevices } from './sync-devices';
import { SyncSetupForm } from './sync-setup-form';
import { SyncStatusPanel } from './sync-status-panel';
import './sync.css';

export function SyncPage(): ReactElement {
  const { t } = useTranslation();
  const setup = useSyncSetup();
  const status = useSyncStatus();
  // The form's setup as it stands, for Restore from remote before sync is set up (set by the form).
  const takeSetup = useRef<() => SyncTestInput | null>(() => null);
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
          {kept.config ? <SyncDevices /> : null}
          <SyncSetupForm setup={kept} setupRef={takeSetup} />
          <RestoreSection configured={kept.config !== null} takeSetup={() => takeSetup.current()} />
        </div>
      )}
    </SettingsFrame>
  );
}
