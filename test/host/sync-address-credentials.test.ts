// A remote's address with a user name and password in it (https://user:password@host/) is refused with one
// sentence at every entry point (the app's bridge, web mode, the CLI's environment, the core itself), and the
// password reaches none of the places it leaked to before: sync.json, the database, the sync.config and
// sync.status answers, the event stream, the log, the CLI's output. A setup an earlier version kept with one is
// split when the app reads it: the password into the secret store, the address without it, the remote still the
// same one (nothing is sent again). Against a real WebDAV server (rclone) that wants that password.
import { MadeFromStore } from '../../electron/core/tasks/made-from-store';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeCaller } from '../../shared/bridge/router';
import type { BridgeEvent } from '../../shared/bridge/record-schemas';
import type { SyncConfig } from '../../shared/studio/sync';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { FileSecretStore } from '../../electron/core/settings/file-secret-store';
import { Library } from '../../electron/core/library';
import { SyncService } from '../../electron/core/sync';
import { syncSetupFrom } from '../../electron/cli/sync-env';
import type { StudioHost } from '../../electron/host/studio-host';
import { openTestHost } from '../support/test-host';
import { startRcloneWebdav, type RunningServer } from '../support/sync-servers';
import { cli } from '../cli/cli-harness';
import { callWeb } from '../web/web-call';
import { startTestWebMode } from '../web/test-web-mode';

const USER = 'studio';
const PASSWORD = 'dav-Pa55word-7c1e9b';
const REFUSED = /Do not put a user name or password in the address/;

let dav: RunningServer;
let root: string;

beforeAll(async () => {
  dav = await startRcloneWebdav({ user: USER, pass: PASSWORD });
  await mkdir(join(dav.dir, 'studio'));
  root = await mkdtemp(join(tmpdir(), 'sync-address-credentials-'));
});
afterAll(async () => {
  await dav?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

/** The server's address with the user and password in it, as a person might paste it. */
const withCredentials = () => dav.url.replace('http://', `http://${USER}:${PASSWORD}@`) + '/studio';

const webdavConfig = (url: string): SyncConfig => ({
  remote: { kind: 'webdav', url, user: USER },
  deviceName: 'Bench',
  encrypted: false,
  filesMode: 'on-demand',
});

/** Every value sync keeps in the database, as text. */
function databaseText(dataDir: string): string {
  const db = openStudioDatabase(join(dataDir, 'studio.db'));
  try {
    return JSON.stringify([
      db.prepare('SELECT * FROM sync_meta').all(),
      db.prepare('SELECT * FROM sync_cursors').all(),
    ]);
  } finally {
    db.close();
  }
}

async function openHost(dataDir: string, log: string[]): Promise<StudioHost> {
  return openTestHost(dataDir, {
    syncSecrets: new FileSecretStore(join(dataDir, 'sync-secrets')),
    demo: 'off',
    log: (line) => log.push(line),
  });
}

describe('a remote address with a user name and password', () => {
  it('is refused by the bridge with a sentence, and the password is kept nowhere and shown nowhere', async () => {
    const dataDir = join(root, 'bridge');
    const log: string[] = [];
    const host = await openHost(dataDir, log);
    const events: BridgeEvent[] = [];
    const abort = new AbortController();
    const listening = (async () => {
      for await (const event of host.handlers.events(abort.signal)) events.push(event);
    })();
    const seen: unknown[] = [];
    try {
      const call = createBridgeCaller({ handlers: host.handlers });
      const s3: SyncConfig = {
        remote: {
          kind: 's3',
          endpoint: `https://key:${PASSWORD}@minio.example.com`,
          region: 'us-east-1',
          bucket: 'studio',
          prefix: '',
          accessKeyId: 'key',
        },
        deviceName: 'Bench',
        encrypted: false,
        filesMode: 'on-demand',
      };
      for (const config of [webdavConfig(withCredentials()), s3]) {
        const saved = await call.sync.saveConfig({ config }).catch((error: unknown) => error);
        const tested = await call.sync.test({ config }).catch((error: unknown) => error);
        for (const refusal of [saved, tested]) {
          expect(refusal).toBeInstanceOf(Error);
          expect((refusal as Error).message).toMatch(REFUSED);
          seen.push((refusal as Error).message, JSON.stringify(refusal));
        }
      }
      seen.push(await call.sync.config(), await call.sync.status(), await call.sync.runNow().catch(String));
      expect(await call.sync.config()).toMatchObject({ config: null });
      const outward = JSON.stringify([seen, events, log]);
      expect(outward).not.toContain(PASSWORD);
      const kept = await readFile(join(dataDir, 'sync.json'), 'utf8').catch(() => '');
      expect(kept).not.toContain(PASSWORD);
    } finally {
      abort.abort();
      await listening;
      await host.close();
    }
    expect(databaseText(dataDir)).not.toContain(PASSWORD);
  });

  it('is refused by web mode over HTTP with the same sentence', async () => {
    const studio = await startTestWebMode('sync-credentials-web-');
    try {
      const saved = await callWeb(studio.web, '/trpc/sync.saveConfig', {
        config: webdavConfig(withCredentials()),
      });
      expect(saved.status).toBe(400);
      expect(saved.body).toMatch(REFUSED);
      expect(saved.body).not.toContain(PASSWORD);
      const config = await callWeb(studio.web, '/trpc/sync.config', undefined, {});
      expect(config.body).not.toContain(PASSWORD);
      expect(await readFile(join(studio.dataDir, 'sync.json'), 'utf8').catch(() => '')).not.toContain(
        PASSWORD,
      );
    } finally {
      await studio.close();
    }
  });

  it('is refused by the CLI from STUDIO_SYNC_REMOTE or STUDIO_SYNC_ENDPOINT, without printing it', async () => {
    const dir = join(root, 'cli');
    const env = { STUDIO_LIBRARY_DIR: join(dir, 'lib'), HOME: dir };
    const remote = withCredentials().replace('http://', 'webdav://');
    const run = await cli(['sync', '--json'], { ...env, STUDIO_SYNC_REMOTE: remote });
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).toMatch(/must not carry a user name or password/);
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);
    const status = await cli(['sync', 'status'], { ...env, STUDIO_SYNC_REMOTE: remote });
    expect(status.stdout + status.stderr).not.toContain(PASSWORD);

    const endpoint = () =>
      syncSetupFrom(
        {
          STUDIO_SYNC_REMOTE: 's3://studio/lib',
          STUDIO_SYNC_ENDPOINT: `https://key:${PASSWORD}@minio.example.com`,
          STUDIO_SYNC_USER: 'key',
        },
        null,
      );
    expect(endpoint).toThrow(/remote\.endpoint: Do not put a user name or password/);
    expect(() => endpoint()).not.toThrow(new RegExp(PASSWORD));
    // Not even an address: said without what came before the '@'.
    expect(() => syncSetupFrom({ STUDIO_SYNC_REMOTE: `webdav://${USER}:${PASSWORD}@[bad` }, null)).toThrow(
      /^(?![\s\S]*dav-Pa55word)[\s\S]*not an address/,
    );
  });

  it('is refused by the core for a config built by hand, before anything is kept', async () => {
    const dataDir = join(root, 'core');
    const db = openStudioDatabase(join(dataDir, 'studio.db'));
    try {
      const sync = new SyncService({
        madeFrom: new MadeFromStore(db),
        db,
        library: new Library({ db, dir: join(dataDir, 'library') }),
        dataDir,
        setup: () => ({ config: webdavConfig(withCredentials()), secrets: {} }),
      });
      await expect(sync.runRound()).rejects.toThrow(REFUSED);
      expect(sync.status().problem).toMatch(REFUSED);
      expect(await sync.testConnection(webdavConfig(withCredentials()), { secret: PASSWORD })).toMatchObject({
        ok: false,
        kind: 'auth',
        message: expect.stringMatching(REFUSED) as unknown,
      });
      expect(JSON.stringify(db.prepare('SELECT * FROM sync_meta').all())).not.toContain(PASSWORD);
    } finally {
      db.close();
    }
  });

  it('kept by an earlier version is moved out of sync.json and the database, and sync goes on with it', async () => {
    const dataDir = join(root, 'earlier');
    const address = withCredentials();
    const clean = `${dav.url}/studio`;
    // What the earlier version left: its setup with the password in the address, and that address in the
    // remote's identity in the database (its last migration before sync-003).
    await mkdir(dataDir, { recursive: true });
    await writeFile(
      join(dataDir, 'sync.json'),
      JSON.stringify({
        config: { ...webdavConfig(address), remote: { kind: 'webdav', url: address, user: '' } },
        paused: true,
      }),
    );
    const db = openStudioDatabase(join(dataDir, 'studio.db'));
    db.prepare("DELETE FROM schema_migrations WHERE id = 'sync-003-address-credentials'").run();
    db.prepare("INSERT OR REPLACE INTO sync_meta (key, value) VALUES ('remote', ?)").run(`webdav:${address}`);
    // Marks a remote sync has agreed with: forgotten if the app took the cleaned address for another remote.
    db.prepare("INSERT INTO sync_blobs (sha256) VALUES ('0'||?)").run('a'.repeat(63));
    db.close();

    const log: string[] = [];
    const host = await openHost(dataDir, log);
    try {
      const call = createBridgeCaller({ handlers: host.handlers });
      const kept = await call.sync.config();
      expect(kept).toMatchObject({
        config: { remote: { kind: 'webdav', url: clean, user: USER } },
        hasSecret: true,
      });
      await call.sync.resume();
      await expect
        .poll(async () => (await call.sync.status()).lastCompletedAt, { timeout: 30_000 })
        .not.toBeNull();
      const status = await call.sync.status();
      expect(status.problem).toBeNull();
      expect(JSON.stringify([kept, status, log])).not.toContain(PASSWORD);
      expect(log.join('\n')).toMatch(/held a user name or password; they were moved/);
    } finally {
      await host.close();
    }
    expect(await readFile(join(dataDir, 'sync.json'), 'utf8')).not.toContain(PASSWORD);
    expect(await readFile(join(dataDir, 'sync-secrets'), 'utf8')).toContain(PASSWORD);
    const text = databaseText(dataDir);
    expect(text).not.toContain(PASSWORD);
    const after = openStudioDatabase(join(dataDir, 'studio.db'));
    try {
      expect(after.prepare("SELECT value FROM sync_meta WHERE key = 'remote'").get()).toEqual({
        value: `webdav:${clean}`,
      });
      // The same remote as before: what was agreed with it is kept, nothing is sent again.
      expect(after.prepare('SELECT count(*) AS n FROM sync_blobs').get()).toEqual({ n: 1 });
    } finally {
      after.close();
    }
  });
});
