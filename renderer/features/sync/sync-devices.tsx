// The devices on the remote as this one knows them: this device first, then every other whose changes have
// reached it, each with when it was last seen and how many items of the library it put there. Read again when a
// round completes, so a device that joins shows up after its first round reaches this one.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncDevice } from '../../../shared/studio/sync';
import { errorSentence } from '../../lib/bridge-error';
import { formatCount, formatDateTime, formatRelative } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Alert } from '../../ui/alert';
import { useSyncDevices } from './api/sync';
import { deviceWords } from './sync-words';

export function SyncDevices(): ReactElement {
  const { t } = useTranslation();
  const devices = useSyncDevices();
  return (
    <section className="card card-pad field-column" aria-labelledby="sync-devices-title">
      <h2 className="card-title" id="sync-devices-title">
        {t('sync.devices.title')}
      </h2>
      {devices.isError ? <Alert>{errorSentence(devices.error, t)}</Alert> : null}
      {devices.data ? <DeviceTable devices={devices.data} /> : null}
      {devices.data && devices.data.length < 2 ? (
        <p className="field-hint">{t('sync.devices.alone')}</p>
      ) : null}
    </section>
  );
}

export function DeviceTable({ devices }: { devices: readonly SyncDevice[] }): ReactElement {
  const { t, i18n } = useTranslation();
  const now = useNow();
  return (
    <table className="sync-devices" data-testid="sync-devices">
      <caption className="visually-hidden">{t('sync.devices.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('sync.devices.name')}</th>
          <th scope="col">{t('sync.devices.lastSeen')}</th>
          <th scope="col" className="num">
            {t('sync.devices.items')}
          </th>
        </tr>
      </thead>
      <tbody>
        {devices.map((device) => (
          <tr key={device.id}>
            <th scope="row">
              {deviceWords(device.name, t)}
              {device.thisDevice ? <span className="sync-this">{t('sync.devices.thisDevice')}</span> : null}
            </th>
            <td>
              {device.lastSeenAt === null ? (
                t('sync.devices.notYet')
              ) : (
                <time
                  dateTime={new Date(device.lastSeenAt).toISOString()}
                  title={formatDateTime(device.lastSeenAt, i18n.language)}
                >
                  {formatRelative(device.lastSeenAt, now, i18n.language)}
                </time>
              )}
            </td>
            <td className="num">{formatCount(device.items, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
