// Settings › Sync's pieces: the setup form (fields by kind of remote, problems said at their field, "Test
// connection" in a sentence, secrets sent only when typed and never shown back, the passphrase warning before
// one is set, a wrong passphrase refused at its field), the status panel (progress in words, pause and resume,
// last completed), and the library's tile and viewer for a file on the remote only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncSaveInput, SyncSetupView, SyncTestInput } from '../../shared/bridge/sync-schemas';
import { localError } from '../../shared/bridge/errors';
import type { SyncStatus, SyncTestResult } from '../../shared/studio/sync';
import { SyncSetupForm } from '../../renderer/features/sync/sync-setup-form';
import { SyncStatusPanel } from '../../renderer/features/sync/sync-status-panel';
import { LibraryTile } from '../../renderer/features/library/library-tile';
import { RemoteFile } from '../../renderer/features/library/viewer/remote-file';
import { ViewerDetails } from '../../renderer/features/library/viewer/viewer-details';
import { renderWithStudio, serveBridge } from './render';
import { libraryItem } from '../support/library-item';

afterEach(() => vi.unstubAllGlobals());

const off: SyncSetupView = {
  config: null,
  hasSecret: false,
  hasPassphrase: false,
  paused: false,
  suggestedDeviceName: 'studio-laptop',
};

const webdavSetup: SyncSetupView = {
  config: {
    remote: { kind: 'webdav', url: 'http://127.0.0.1:8080/studio', user: 'ana' },
    deviceName: 'Ana’s laptop',
    encrypted: false,
    filesMode: 'on-demand',
  },
  hasSecret: true,
  hasPassphrase: false,
  paused: false,
  suggestedDeviceName: 'studio-laptop',
};

const idle: SyncStatus = {
  state: 'idle',
  lastCompletedAt: null,
  progress: null,
  problem: null,
  deviceName: 'Ana’s laptop',
  deviceId: 'dev-1',
  revision: 1,
  lastReceived: null,
};

function serveSync(sync: Record<string, unknown>) {
  serveBridge({ sync: { config: async () => off, status: async () => idle, ...sync } });
}

describe('SyncSetupForm', () => {
  it('shows the fields of the kind chosen, says a missing bucket at its field, and sends nothing then', async () => {
    const test = vi.fn();
    serveSync({ test });
    renderWithStudio(<SyncSetupForm setup={off} />);
    expect(screen.getByLabelText('Address')).toBeVisible();
    expect(screen.getByLabelText('This device’s name')).toHaveValue('studio-laptop');
    await userEvent.click(screen.getByRole('radio', { name: 'S3 bucket' }));
    expect(screen.queryByLabelText('Address')).toBeNull();
    for (const label of ['Endpoint', 'Region', 'Bucket', 'Folder in the bucket', 'Access key', 'Secret key'])
      expect(screen.getByLabelText(label)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Access key'), 'AKIA123');
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(screen.getByLabelText('Bucket')).toHaveAttribute('aria-invalid', 'true');
    expect(test).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('radio', { name: 'Folder' }));
    expect(screen.getByLabelText('Folder path')).toBeVisible();
  });

  it('says what "Test connection" found in a sentence: a wrong password, then connected', async () => {
    const results: SyncTestResult[] = [
      { ok: false, kind: 'auth', message: 'The WebDAV server answered 401 Unauthorized.' },
      { ok: true, encrypted: false, devices: 2 },
    ];
    const test = vi.fn(async (_input: SyncTestInput) => results.shift());
    serveSync({ test });
    renderWithStudio(<SyncSetupForm setup={off} />);
    await userEvent.type(screen.getByLabelText('Address'), 'http://127.0.0.1:8080/studio');
    await userEvent.type(screen.getByLabelText('User'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const verdict = await screen.findByTestId('sync-test-result');
    expect(verdict).toHaveTextContent('The remote refused the user name or password (or access key).');
    expect(verdict).toHaveTextContent('401 Unauthorized');
    expect(test.mock.calls[0]?.[0]).toEqual({
      config: {
        remote: { kind: 'webdav', url: 'http://127.0.0.1:8080/studio', user: 'ana' },
        deviceName: 'studio-laptop',
        encrypted: false,
        filesMode: 'on-demand',
      },
      secret: 'wrong-one',
    });
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'right-one');
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() =>
      expect(screen.getByTestId('sync-test-result')).toHaveTextContent('2 other devices use it.'),
    );
  });

  it('never shows a stored secret: the field is empty, says it is stored, and an empty field keeps it', async () => {
    const saveConfig = vi.fn(async (input: SyncSaveInput) => ({
      setup: { ...webdavSetup, config: input.config },
      test: { ok: true, encrypted: false, devices: 0 },
    }));
    serveSync({ saveConfig });
    renderWithStudio(<SyncSetupForm setup={webdavSetup} />);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(
      screen.getByText(
        'Saved, and kept as the API key is (Settings › Connection says how). Leave empty to keep it.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'All of them' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveConfig).toHaveBeenCalled());
    expect(saveConfig.mock.calls[0]?.[0]).toEqual({ config: { ...webdavSetup.config, filesMode: 'all' } });
  });

  it('warns that a forgotten passphrase cannot be recovered before one is set, and asks to confirm it', async () => {
    const saveConfig = vi.fn();
    serveSync({ saveConfig });
    renderWithStudio(<SyncSetupForm setup={webdavSetup} />);
    expect(screen.queryByTestId('sync-passphrase-warning')).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: /End-to-end encryption/ }));
    expect(screen.getByTestId('sync-passphrase-warning')).toHaveTextContent('nobody can recover it');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('End-to-end encryption needs a passphrase.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Passphrase'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Tick this box first: a forgotten passphrase cannot be recovered.'),
    ).toBeVisible();
    expect(saveConfig).not.toHaveBeenCalled();
  });

  it('takes the focus to the problem when "Test connection" finds one far below the button', async () => {
    const test = vi.fn();
    serveSync({ test });
    renderWithStudio(<SyncSetupForm setup={webdavSetup} />);
    await userEvent.click(screen.getByRole('switch', { name: /End-to-end encryption/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(screen.getByLabelText('Passphrase')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Passphrase'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(screen.getByRole('checkbox', { name: /kept this passphrase somewhere safe/ })).toHaveFocus();
    expect(
      screen.getByText('Tick this box first: a forgotten passphrase cannot be recovered.'),
    ).toBeVisible();
    expect(test).not.toHaveBeenCalled();
  });

  it('shows a wrong passphrase refused by the main process at its field, and keeps the form', async () => {
    const saveConfig = vi.fn(async () => {
      throw localError('invalid_request_error', 'The passphrase does not decrypt this remote.', {
        code: 'sync_passphrase_wrong',
        param: 'passphrase',
      });
    });
    serveSync({ saveConfig });
    renderWithStudio(<SyncSetupForm setup={webdavSetup} />);
    await userEvent.click(screen.getByRole('switch', { name: /End-to-end encryption/ }));
    await userEvent.type(screen.getByLabelText('Passphrase'), 'not the one');
    await userEvent.click(screen.getByRole('checkbox', { name: /kept this passphrase somewhere safe/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'That passphrase does not open this remote’s encrypted library. Nothing was saved.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Passphrase')).toHaveAttribute('aria-invalid', 'true');
    expect(saveConfig.mock.calls[0]).toEqual([
      {
        config: { ...webdavSetup.config, encrypted: true },
        passphrase: 'not the one',
      },
    ]);
  });
});

describe('SyncStatusPanel', () => {
  it('says a round’s progress in words with a bar, and cannot start a second round', async () => {
    const runNow = vi.fn(async () => ({ ...idle, state: 'running' as const }));
    serveSync({ runNow });
    const running: SyncStatus = {
      ...idle,
      state: 'running',
      lastCompletedAt: Date.now() - 3_600_000,
      progress: {
        phase: 'uploading',
        filesDone: 12,
        filesTotal: 340,
        bytesDone: 400 * 1024 ** 2,
        bytesTotal: 1.2 * 1024 ** 3,
      },
    };
    renderWithStudio(<SyncStatusPanel status={running} userPaused={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('Uploading 12 of 340 files, 1.2 GiB');
    expect(screen.getByRole('progressbar', { name: 'Sync progress' })).toHaveAttribute(
      'aria-valuenow',
      '32.552083333333336',
    );
    expect(screen.getByText(/^Last completed /)).toBeVisible();
    // Busy, not disabled: it keeps the focus of whoever pressed it, and says it is unavailable.
    const busy = screen.getByRole('button', { name: 'Syncing…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(busy);
    expect(runNow).not.toHaveBeenCalled();
  });

  it('pauses and resumes through the bridge, saying when it last completed', async () => {
    const pause = vi.fn(async () => ({ ...idle, state: 'paused' as const }));
    const runNow = vi.fn(async () => ({ ...idle, state: 'running' as const }));
    serveSync({ pause, runNow });
    const { rerender } = renderWithStudio(
      <SyncStatusPanel status={{ ...idle, lastCompletedAt: Date.now() - 5 * 60_000 }} userPaused={false} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Up to date. Last completed 5 minutes ago.');
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(runNow).toHaveBeenCalledOnce());
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(pause).toHaveBeenCalledOnce());
    rerender(<SyncStatusPanel status={{ ...idle, state: 'paused' }} userPaused />);
    expect(screen.getByRole('status')).toHaveTextContent('Paused. Nothing syncs until you resume.');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  });
});

describe('a library item whose file is on the remote only', () => {
  it('says on its tile that it is not downloaded yet, and shows no broken picture', () => {
    serveBridge();
    const item = libraryItem({ remoteOnly: true, origin: 'Ben’s desktop' });
    renderWithStudio(
      <LibraryTile
        item={item}
        thumbnailSrc="media://missing.png"
        fileSrc="media://missing.png"
        unit="usd"
        onOpen={() => undefined}
      />,
    );
    const tile = screen.getByRole('button', { name: /^a red fox in the snow\s*Not downloaded yet/ });
    expect(within(tile).getByTestId('tile-not-downloaded')).toHaveTextContent('Not downloaded yet');
    expect(within(tile).queryByRole('img')).toBeNull();
    expect(tile).toHaveAttribute('title', 'Made on Ben’s desktop');
  });

  it('fetches its file when opened, and says why when that fails, with Try again', async () => {
    const fetchFile = vi
      .fn()
      .mockRejectedValueOnce(localError('network_error', 'connect ECONNREFUSED 127.0.0.1:9'))
      .mockResolvedValueOnce(libraryItem());
    serveBridge({ sync: { fetchFile } });
    renderWithStudio(<RemoteFile item={libraryItem({ remoteOnly: true })} />);
    expect(await screen.findByText(/The file could not be downloaded from the sync remote/)).toBeVisible();
    expect(fetchFile).toHaveBeenCalledWith({ id: libraryItem().id });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetchFile).toHaveBeenCalledTimes(2));
  });

  it('says in the viewer which device made it', () => {
    serveBridge();
    renderWithStudio(<ViewerDetails item={libraryItem({ origin: 'Ben’s desktop' })} />);
    expect(screen.getByText('Made on')).toBeVisible();
    expect(screen.getByTestId('item-origin')).toHaveTextContent('Ben’s desktop');
  });
});
