// The sync remote's password and passphrase are kept like the API key: at rest in the key's store (web mode's
// 0600 file here), never in sync.json, never in a bridge answer, an event or a log line, and read back after a
// restart. The host runs with the real sync service against a real WebDAV server (rclone), through the router.
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeCaller } from '../../shared/bridge/router';
import type { BridgeEvent } from '../../shared/bridge/record-schemas';
import type { SyncConfig } from '../../shared/studio/sync';
import { FileSecretStore } from '../../electron/core/settings/file-secret-store';
import type { StudioHost } from '../../electron/host/studio-host';
import { openTestHost } from '../support/test-host';
import { startRcloneWebdav, type RunningServer } from '../support/sync-servers';

const PASSWORD = 'dav-secret-91f0c2aa';
const PASSPHRASE = 'quiet heron copper 77';

let dav: RunningServer;
const DAV_USER = 'studio';
let dataDir: string;
const log: string[] = [];

async function openHost(): Promise<StudioHost> {
  return openTestHost(dataDir, {
    syncSecrets: new FileSecretStore(join(dataDir, 'sync-secrets')),
    demo: 'off',
    log: (line) => log.push(line),
  });
}

beforeAll(async () => {
  dav = await startRcloneWebdav({ user: DAV_USER, pass: PASSWORD });
  // The folder the remote points at, made on the server as a person makes one in Nextcloud or on a NAS.
  await mkdir(join(dav.dir, 'studio'));
  dataDir = await mkdtemp(join(tmpdir(), 'studio-sync-secrets-'));
});
afterAll(async () => {
  await dav?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('sync secrets', () => {
  it('are kept at rest like the key, and never leave in an answer, an event or a log line', async () => {
    const host = await openHost();
    const seen: unknown[] = [];
    const events: BridgeEvent[] = [];
    const abort = new AbortController();
    const listening = (async () => {
      for await (const event of host.handlers.events(abort.signal)) events.push(event);
    })();
    try {
      const call = createBridgeCaller({ handlers: host.handlers });
      const config: SyncConfig = {
        remote: { kind: 'webdav', url: `${dav.url}/studio`, user: DAV_USER },
        deviceName: 'Test bench',
        encrypted: true,
        filesMode: 'all',
      };
      // A wrong password first: the refusal's sentence is shown, and carries no secret.
      seen.push(await call.sync.test({ config, secret: 'wrong-password-123', passphrase: PASSPHRASE }));
      seen.push(await call.sync.saveConfig({ config, secret: PASSWORD, passphrase: PASSPHRASE }));
      seen.push(await call.sync.config());
      seen.push(await call.sync.status());
      seen.push(await call.sync.runNow());
      await expect
        .poll(() => events.some((e) => e.type === 'sync' && e.status.lastCompletedAt !== null), {
          timeout: 30_000,
        })
        .toBe(true);
      seen.push(await call.sync.status());

      expect(await call.sync.config()).toMatchObject({ hasSecret: true, hasPassphrase: true });
      const keptConfig = await readFile(join(dataDir, 'sync.json'), 'utf8');
      expect(keptConfig).toContain('Test bench');
      const keptSecrets = await readFile(join(dataDir, 'sync-secrets'), 'utf8');
      expect(keptSecrets).toContain(PASSWORD);
      expect((await stat(join(dataDir, 'sync-secrets'))).mode & 0o777).toBe(0o600);

      const outward = JSON.stringify([seen, events, log]);
      for (const secret of [PASSWORD, PASSPHRASE, 'wrong-password-123']) {
        expect(outward).not.toContain(secret);
        expect(keptConfig).not.toContain(secret);
      }
      expect(events.some((e) => e.type === 'sync')).toBe(true);
    } finally {
      abort.abort();
      await listening;
      await host.close();
    }
    // A restart reads the secrets back: nobody types them again.
    const again = await openHost();
    try {
      const call = createBridgeCaller({ handlers: again.handlers });
      const kept = await call.sync.config();
      expect(kept).toMatchObject({ hasSecret: true, hasPassphrase: true });
      if (!kept.config) throw new Error('the setup was not read back');
      expect(await call.sync.test({ config: kept.config })).toMatchObject({ ok: true });
    } finally {
      await again.close();
    }
  });
});
