// The parts of Settings › Sync that show a creator what sync does: "Create this folder" when the remote's
// folder is missing (never for a bucket), what came in and from which device, the devices on the
// remote, and Restore from remote offered before sync is set up, with its progress and summary.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncSetupView, SyncTestInput } from '../../shared/bridge/sync-schemas';
import type { SyncStatus, SyncTestResult } from '../../shared/studio/sync';
import { SyncSetupForm } from '../../renderer/features/sync/sync-setup-form';
import { SyncStatusPanel } from '../../renderer/features/sync/sync-status-panel';
import { SyncDevices } from '../../renderer/features/sync/sync-devices';
import { SyncPage } from '../../renderer/features/sync/sync-page';
import type { SyncReport } from '../../shared/studio/sync';
import { useStudioStore } from '../../renderer/store/studio-store';
import { applyBridgeEvent } from '../../renderer/lib/cache-updates';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => {
  vi.unstubAllGlobals();
  useStudioStore.setState({ toasts: [] });
});

const off: SyncSetupView = {
  config: null,
  hasSecret: false,
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

const missing: SyncTestResult = {
  ok: false,
  kind: 'missing-bucket-or-folder',
  message: 'The WebDAV server at 127.0.0.1:8080 has no such bucket or folder.',
  creatable: true,
};

describe('Create this folder', () => {
  it('is offered when the folder is missing, makes it, says so, and gives the focus back to Test connection', async () => {
    const test = vi.fn(async () => missing);
    const createFolder = vi.fn(async (_input: SyncTestInput): Promise<SyncTestResult> => ({
      ok: true,
      encrypted: false,
      devices: 0,
    }));
    serveSync({ test, createFolder });
    renderWithStudio(<SyncSetupForm setup={off} />);
    await userEvent.type(screen.getByLabelText('Address'), 'http://127.0.0.1:8080/studio');
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const verdict = await screen.findByTestId('sync-test-result');
    expect(verdict).toHaveTextContent('The bucket or folder does not exist on the remote.');
    const create = screen.getByRole('button', { name: 'Create this folder' });
    create.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(createFolder).toHaveBeenCalledOnce());
    expect(createFolder.mock.calls[0]?.[0]).toEqual({
      config: {
        remote: { kind: 'webdav', url: 'http://127.0.0.1:8080/studio', user: '' },
        deviceName: 'studio-laptop',
        encrypted: false,
        filesMode: 'on-demand',
      },
    });
    await waitFor(() => expect(screen.getByTestId('sync-test-result')).toHaveTextContent('Connected'));
    expect(screen.queryByRole('button', { name: 'Create this folder' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Test connection' })).toHaveFocus();
    expect(useStudioStore.getState().toasts.map((toast) => toast.text)).toContain(
      'The folder was created on the remote.',
    );
  });

  it('is not offered for a missing bucket, which the studio never creates', async () => {
    const { creatable: _, ...bucketMissing } = missing;
    serveSync({ test: vi.fn(async () => ({ ...bucketMissing, message: 'The bucket x does not exist.' })) });
    renderWithStudio(<SyncSetupForm setup={off} />);
    await userEvent.type(screen.getByLabelText('Address'), 'http://127.0.0.1:8080/studio');
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByTestId('sync-test-result')).toHaveTextContent('does not exist');
    expect(screen.queryByRole('button', { name: 'Create this folder' })).toBeNull();
  });
});

describe('what came in, in the status', () => {
  it('names what the latest round that brought something brought, when, and from which device', () => {
    serveSync({});
    const lastReceived = {
      finishedAt: Date.now() - 2 * 60_000,
      received: [
        { device: 'd2', name: 'studio-laptop', items: 3, changes: 4 },
        { device: 'd3', name: 'Ben’s desktop', items: 0, changes: 1 },
        { device: 'd4', name: '', items: 1, changes: 1 },
      ],
    };
    renderWithStudio(
      <SyncStatusPanel status={{ ...idle, lastCompletedAt: Date.now(), lastReceived }} userPaused={false} />,
    );
    expect(screen.getByTestId('sync-last-received')).toHaveTextContent(
      'Came in 2 minutes ago: 3 items from studio-laptop, 1 change from Ben’s desktop, and 1 item from an unnamed device.',
    );
  });

  it('says what came in within the minute came in just now', () => {
    serveSync({});
    const lastReceived = {
      finishedAt: Date.now() - 5_000,
      received: [{ device: 'd2', name: 'studio-laptop', items: 1, changes: 1 }],
    };
    renderWithStudio(<SyncStatusPanel status={{ ...idle, lastReceived }} userPaused={false} />);
    expect(screen.getByTestId('sync-last-received')).toHaveTextContent(
      'Came in just now: 1 item from studio-laptop.',
    );
  });

  it('says when nothing has come in yet, and while a round reads, the items found so far', () => {
    serveSync({});
    const { rerender } = renderWithStudio(
      <SyncStatusPanel status={{ ...idle, lastCompletedAt: Date.now() }} userPaused={false} />,
    );
    expect(screen.getByTestId('sync-last-received')).toHaveTextContent(
      'Nothing has come in from other devices yet.',
    );
    rerender(
      <SyncStatusPanel
        status={{
          ...idle,
          state: 'running',
          progress: {
            phase: 'reading',
            filesDone: 0,
            filesTotal: 0,
            bytesDone: 0,
            bytesTotal: 0,
            items: 120,
          },
        }}
        userPaused={false}
      />,
    );
    expect(screen.getByTestId('sync-status')).toHaveTextContent(
      'Reading the other devices’ changes: 120 items so far',
    );
  });
});

describe('the devices on the remote', () => {
  it('lists each with its name, when it was last seen and its items, this device marked', async () => {
    const devices = vi.fn(async () => [
      { id: 'd1', name: 'Ana’s laptop', thisDevice: true, lastSeenAt: Date.now() - 2 * 60_000, items: 12 },
      {
        id: 'd2',
        name: 'studio-laptop',
        thisDevice: false,
        lastSeenAt: Date.now() - 3 * 3_600_000,
        items: 1204,
      },
      { id: 'd3', name: '', thisDevice: false, lastSeenAt: null, items: 0 },
    ]);
    serveSync({ devices });
    renderWithStudio(<SyncDevices />);
    const table = await screen.findByRole('table', { name: 'Devices on this remote' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Ana’s laptopThis device', '2 minutes ago', '12'],
      ['studio-laptop', '3 hours ago', '1,204'],
      ['an unnamed device', 'Not yet', '0'],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Device', 'Last seen', 'Items']);
    expect(screen.queryByText(/appear here once their changes reach this one/)).toBeNull();
  });

  it('says where the others will appear while this device is alone on the remote', async () => {
    serveSync({
      devices: vi.fn(async () => [
        { id: 'd1', name: 'Ana’s laptop', thisDevice: true, lastSeenAt: null, items: 0 },
      ]),
    });
    renderWithStudio(<SyncDevices />);
    expect(await screen.findByText(/appear here once their changes reach this one/)).toBeVisible();
  });
});

const report = (added: number): SyncReport => ({
  startedAt: 1,
  finishedAt: 2,
  pushed: { changes: 0, files: 0, bytes: 0 },
  pulled: { changes: added, added, updated: 0, trashed: 0, restored: 0, files: added * 2, bytes: 1000 },
  devices: 1,
  received: added > 0 ? [{ device: 'd2', name: 'studio-laptop', items: added, changes: added }] : [],
  requests: 9,
  unread: [],
  unreadCount: 0,
});

describe('Restore from remote before sync is set up', () => {
  it('takes the remote from the form, asks once, keeps it and restores in one step, then says what came back', async () => {
    let finish: (value: SyncReport) => void = () => undefined;
    const restoreFrom = vi.fn(
      (_input: SyncTestInput) =>
        new Promise<SyncReport>((resolve) => {
          finish = resolve;
        }),
    );
    const restoring: SyncStatus = {
      ...idle,
      state: 'running',
      progress: { phase: 'reading', filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0, items: 40 },
      revision: 5,
    };
    serveSync({
      restoreFrom,
    });
    const { client } = renderWithStudio(<SyncPage />);
    const restore = await screen.findByRole('button', { name: 'Restore from remote' });
    expect(screen.getByText(/fill in where your library is kept above/)).toBeVisible();
    // Nothing typed yet: the problem is said at the field, and nothing is asked or sent.
    await userEvent.click(restore);
    expect(screen.getByLabelText('Address')).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.type(screen.getByLabelText('Address'), 'http://127.0.0.1:8080/studio');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    restore.focus();
    await userEvent.keyboard('{Enter}');
    const question = await screen.findByRole('alertdialog', { name: 'Restore from remote' });
    // The question starts on its confirming button: Enter restores.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(restoreFrom.mock.calls[0]?.[0]).toEqual({
      config: {
        remote: { kind: 'webdav', url: 'http://127.0.0.1:8080/studio', user: '' },
        deviceName: 'studio-laptop',
        encrypted: false,
        filesMode: 'on-demand',
      },
      secret: 'pw',
    });
    expect(await screen.findByTestId('sync-restore-progress')).toHaveTextContent(
      'Restoring from the remote…',
    );
    // The round's status as its events bring it (cache-updates.ts).
    applyBridgeEvent(client, { type: 'sync', status: restoring });
    await waitFor(() =>
      expect(screen.getByTestId('sync-restore-progress')).toHaveTextContent(
        'Reading the other devices’ changes: 40 items so far',
      ),
    );
    finish(report(312));
    const summary = await screen.findByTestId('sync-restore-summary');
    expect(summary).toHaveTextContent('Restore finished: 312 items restored.');
    expect(summary).toHaveTextContent('Where they came from: 312 items from studio-laptop.');
    expect(screen.queryByTestId('sync-restore-progress')).toBeNull();
  });

  it('says a restore that found nothing new so', async () => {
    const restore = vi.fn(async () => report(0));
    serveSync({
      restore,
      config: async () => ({
        ...off,
        config: {
          remote: { kind: 'folder', path: '/srv/studio' },
          deviceName: 'a',
          encrypted: false,
          filesMode: 'on-demand',
        },
      }),
    });
    renderWithStudio(<SyncPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore from remote' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore from remote' }),
    );
    expect(await screen.findByTestId('sync-restore-summary')).toHaveTextContent(
      'Restore finished: nothing new, this library already had everything on the remote.',
    );
    expect(restore).toHaveBeenCalledOnce();
  });
});

describe('what a restore could not read', () => {
  it('says how many, and each with its device and reason', async () => {
    const restore = vi.fn(async (): Promise<SyncReport> => ({
      ...report(312),
      unread: [
        { device: 'd2', deviceName: 'studio-laptop', what: 'segment', detail: 'segment 2 of 6 is missing' },
        { device: null, deviceName: null, what: 'file', detail: 'its bytes do not match their sha256' },
      ],
      unreadCount: 2,
    }));
    serveSync({
      restore,
      config: async () => ({
        ...off,
        config: {
          remote: { kind: 'folder', path: '/srv/studio' },
          deviceName: 'a',
          encrypted: false,
          filesMode: 'on-demand',
        },
      }),
    });
    renderWithStudio(<SyncPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore from remote' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore from remote' }),
    );
    const summary = await screen.findByTestId('sync-restore-summary');
    expect(summary).toHaveTextContent(
      'Restore finished: 312 items restored, 2 could not be read (they wait for a later round).',
    );
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Changes from studio-laptop: segment 2 of 6 is missing',
      'A file (from the remote): its bytes do not match their sha256',
    ]);
  });
});
