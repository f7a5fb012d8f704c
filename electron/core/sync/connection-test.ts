// "Test connection" and "Create this folder" against one remote, as sentences a person can act on: reachable,
// signed in, writable, and the passphrase matches the remote's; a missing folder the adapter can make says so.
import type { SyncTestResult } from '../../../shared/studio/sync';
import { describeThrown } from '../log';
import { RemoteVault } from './remote-vault';
import { SyncRemoteError } from './sync-remote';
import type { SyncRemote } from './sync-remote';

/** Tries a remote without keeping anything; `passphrase` throws when encryption is on without one. */
export async function tryRemote(
  remote: SyncRemote,
  passphrase: () => string | null,
  encrypted: boolean,
): Promise<SyncTestResult> {
  try {
    // The passphrase first (reads only): a wrong one must leave the remote untouched, probe object included.
    const vault = await RemoteVault.check(remote, passphrase());
    await remote.probe();
    const devices = vault ? (await vault.listDeviceFolders()).length : 0;
    return { ok: true, encrypted: vault?.encrypted ?? encrypted, devices };
  } catch (error) {
    return failedTest(error, remote);
  }
}

/** Makes the remote's missing folder (a WebDAV folder or a plain one; never a bucket), then tries the remote. */
export async function createRootAndTry(
  remote: SyncRemote,
  passphrase: () => string | null,
  encrypted: boolean,
): Promise<SyncTestResult> {
  if (!remote.createRoot) {
    return {
      ok: false,
      kind: 'missing-bucket-or-folder',
      message: `${remote.label} is not created by the studio: create it with your storage provider, then test again.`,
    };
  }
  try {
    await remote.createRoot();
  } catch (error) {
    return failedTest(error, remote);
  }
  return tryRemote(remote, passphrase, encrypted);
}

function failedTest(error: unknown, remote: SyncRemote): SyncTestResult {
  if (!(error instanceof SyncRemoteError))
    return { ok: false, kind: 'other', message: `The connection test failed: ${describeThrown(error)}` };
  const creatable = error.kind === 'missing-bucket-or-folder' && remote.createRoot !== undefined;
  return { ok: false, kind: error.kind, message: error.message, ...(creatable ? { creatable } : {}) };
}
