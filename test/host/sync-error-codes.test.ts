// One spelling for a sync failure wherever it is reported: the CLI's `--json` error and the bridge's (Restore
// from remote in Settings › Sync) carry the same code and type for the same fault, against a real WebDAV
// server (rclone). A folder that is not there is the kind whose name has hyphens, where spellings drifted.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorInfo } from '../../shared/bridge/errors';
import type { GatewayErrorInfo } from '../../shared/gateway/normalized';
import { createBridgeCaller } from '../../shared/bridge/router';
import { syncErrorCode, syncProblemKindOfCode, syncProblemKindSchema } from '../../shared/studio/sync';
import { MemorySecretStore } from '../../electron/core/settings/memory-secret-store';
import { openTestHost } from '../support/test-host';
import { startRcloneWebdav, type RunningServer } from '../support/sync-servers';
import { cli } from '../cli/cli-harness';

let dav: RunningServer;
let dir: string;

beforeAll(async () => {
  dav = await startRcloneWebdav({ user: 'u', pass: 'p' });
  dir = await mkdtemp(join(tmpdir(), 'sync-error-codes-'));
});
afterAll(async () => {
  await dav?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The bridge's error for Restore from remote with the app set up on `url`. */
async function bridgeError(url: string, password: string): Promise<GatewayErrorInfo> {
  const dataDir = join(dir, 'app');
  await mkdir(dataDir, { recursive: true });
  const host = await openTestHost(dataDir, {
    syncSecrets: new MemorySecretStore(),
    demo: 'off',
  });
  try {
    const call = createBridgeCaller({ handlers: host.handlers });
    const config = {
      remote: { kind: 'webdav' as const, url, user: 'u' },
      deviceName: 'desk',
      encrypted: false,
      filesMode: 'on-demand' as const,
    };
    // Kept although its test fails: a person may set up a remote that is down today.
    await call.sync.saveConfig({ config, secret: password });
    const failure = await call.sync.restore().then(
      () => null,
      (error: unknown) => error,
    );
    if (failure === null) throw new Error('restore did not fail');
    // What the renderer receives (the value web mode and IPC send for any failure).
    return toErrorInfo(failure);
  } finally {
    await host.close();
  }
}

async function cliError(
  url: string,
  password: string,
): Promise<{ code: number; error: Record<string, unknown> }> {
  const run = await cli(['sync', '--json'], {
    STUDIO_LIBRARY_DIR: join(dir, 'cli'),
    HOME: dir,
    STUDIO_SYNC_REMOTE: url.replace('http:', 'webdav:'),
    STUDIO_SYNC_USER: 'u',
    STUDIO_SYNC_SECRET: password,
  });
  return { code: run.code, error: (run.json() as { error: Record<string, unknown> }).error };
}

describe('sync error codes', () => {
  it('are spelled once: every kind maps to one snake-case code and back', () => {
    for (const kind of syncProblemKindSchema.options) {
      expect(syncErrorCode(kind)).toMatch(/^sync_[a-z_]+$/);
      expect(syncProblemKindOfCode(syncErrorCode(kind))).toBe(kind);
    }
  });

  it('are the same from the CLI and the bridge for a missing folder and a refused password', async () => {
    const missing = `${dav.url}/no-such-folder`;
    const fromBridge = await bridgeError(missing, 'p');
    const fromCli = await cliError(missing, 'p');
    expect(fromBridge).toMatchObject({ code: 'sync_missing_bucket_or_folder', type: 'not_found_error' });
    expect(fromCli.error).toMatchObject({ code: fromBridge.code, type: fromBridge.type });
    expect(fromCli.code).toBe(1);

    await mkdir(join(dav.dir, 'there'));
    const refusedBridge = await bridgeError(`${dav.url}/there`, 'wrong');
    const refusedCli = await cliError(`${dav.url}/there`, 'wrong');
    expect(refusedBridge).toMatchObject({ code: 'sync_auth', type: 'authentication_error' });
    expect(refusedCli.error).toMatchObject({ code: refusedBridge.code, type: refusedBridge.type });
  });
});
