// sync.*: Settings › Sync, Restore from remote (with a setup not kept yet, for a fresh install) and the library's
// fetch-on-open, delegated to the studio's sync (studio-sync.ts).
// Secrets come in here and never go back out: the setup answers only whether each is stored, and an empty field
// keeps what is stored. A remote of another kind does not inherit the old one's secret.
import { hostname } from 'node:os';
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { localError } from '../../../shared/bridge/errors';
import type { SyncSetupView } from '../../../shared/bridge/sync-schemas';
import type { SyncConfig } from '../../../shared/studio/sync';
import { SyncRemoteError, remoteIdentity, syncErrorInfo } from '../../core/sync';
import type { SecretsPatch } from '../sync-settings';
import type { HostDeps, ItemView } from './host-deps';

/** The remote's own sentence for what went wrong, as the bridge carries errors (the CLI's code and type). */
function asBridgeError(error: unknown): never {
  const info = syncErrorInfo(error);
  if (!info) throw error;
  throw localError(info.type, info.message, { code: info.code });
}

export function syncHandlers({ sync }: HostDeps, item: ItemView): BridgeHandlers['sync'] {
  const view = (): SyncSetupView => {
    const stored = sync.settings.stored();
    return {
      config: sync.settings.config,
      hasSecret: stored.secret,
      hasPassphrase: stored.passphrase,
      paused: sync.settings.paused,
      suggestedDeviceName: hostname(),
    };
  };
  const patchFor = (config: SyncConfig, typed: { secret?: string; passphrase?: string }): SecretsPatch => {
    const sameKind = sync.settings.config?.remote.kind === config.remote.kind;
    return {
      secret: typed.secret ? typed.secret : sameKind ? undefined : null,
      // Without encryption the passphrase is not kept: nothing would use it.
      passphrase: !config.encrypted ? null : typed.passphrase ? typed.passphrase : undefined,
    };
  };
  /** A setup tried before it is kept: a passphrase missing or not opening the remote is refused, nothing kept. */
  const tried = async (config: SyncConfig, typed: { secret?: string; passphrase?: string }) => {
    const patch = patchFor(config, typed);
    if (config.encrypted && !sync.settings.withPatch(patch).passphrase) {
      throw localError('invalid_request_error', 'End-to-end encryption needs a passphrase.', {
        code: 'sync_passphrase_missing',
        param: 'passphrase',
      });
    }
    const test = await sync.test(config, patch);
    if (!test.ok && test.kind === 'passphrase') {
      // Refused before anything is kept: a wrong passphrase would write what no other device can read.
      throw localError('invalid_request_error', test.message, {
        code: 'sync_passphrase_wrong',
        param: 'passphrase',
      });
    }
    return { patch, test };
  };
  return {
    config: async () => view(),
    saveConfig: async ({ config, ...typed }) => {
      if (!config) {
        await sync.save(null, {});
        return { setup: view(), test: null };
      }
      const { patch, test } = await tried(config, typed);
      await sync.save(config, patch);
      return { setup: view(), test };
    },
    restoreFrom: async ({ config, ...typed }) => {
      const { patch, test } = await tried(config, typed);
      // Nothing is kept from a remote that cannot be read: the restore would bring nothing.
      if (!test.ok) asBridgeError(new SyncRemoteError(test.kind, test.message, false));
      // Kept without a round of its own: the restore is this device's first, so its summary counts everything.
      await sync.save(config, patch, false);
      return sync.restore(true).catch(asBridgeError);
    },
    test: ({ config, ...typed }) => sync.test(config, patchFor(config, typed)),
    createFolder: async ({ config, ...typed }) => {
      const result = await sync.test(config, patchFor(config, typed), true);
      // The folder sync is set to was missing: a round now, rather than at the next interval.
      const kept = sync.settings.config;
      if (result.ok && kept && remoteIdentity(kept) === remoteIdentity(config) && !sync.settings.paused)
        await sync.runNow();
      return result;
    },
    runNow: () => sync.runNow(),
    pause: () => sync.setPaused(true),
    resume: () => sync.setPaused(false),
    status: () => sync.status(),
    devices: async () => (await sync.service()).devices(),
    restore: () => sync.restore().catch(asBridgeError),
    fetchFile: async ({ id }) => item(await (await sync.service()).fetchFile(id).catch(asBridgeError)),
  };
}
