// kill -9 of a CLI `sync` at chosen moments, then convergence. Two library folders share one remote (rclone's
// WebDAV, behind a proxy that only counts requests): `a` makes pictures and tags, `b` downloads every file and
// favourites. Each life of a `sync` process is killed with SIGKILL when the remote has seen a number of its
// requests drawn from a seeded generator (so a kill lands in an upload, a log write, a head write, a listing or
// a download), and the libraries are edited between lives. Then both sync to the end and a third, fresh folder
// restores from the remote alone. Nothing may be lost, nothing duplicated, and the remote must read whole. Each
// life on `a` also saves a preset and records its prompt, which must reach `b` and the restore the same way.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from '../../electron/core/db';
import { Library } from '../../electron/core/library';
import { PresetStore, PromptHistory } from '../../electron/core/presets';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { addImage } from '../core/sync/sync-devices';
import { spawnCli } from '../support/cli-process';
import { startFaultProxy } from '../support/fault-proxy';
import { makeCollection, startRcloneWebdav } from '../support/sync-servers';
import { seededRandom } from './soak-report';
import { hostileWriter, putOp, stamp, treeOf } from '../core/sync/hostile-remote';
import type { HostileWriter } from '../core/sync/hostile-remote';

/**
 * What someone with write access to the remote leaves before a life: a device whose head is not JSON, and one
 * whose log says two segments but holds one, made of changes that break the app's rules (an id that climbs out
 * of the library, a text/html item, 300 tags, a preset with a 300 000-character name). None of it may stop a
 * round, reach a library, or write a file outside one; valid items are left out, so the counts still compare.
 */
async function damageRemote(intruder: HostileWriter, life: number): Promise<void> {
  const writer = intruder.as();
  const bytes = Buffer.from(`hostile bytes ${life}`);
  const sha = await writer.blob(bytes);
  const size = bytes.length;
  await writer.segment({
    seq: 1,
    ops: [
      putOp(sha, {
        id: `../../../escape-${life}`,
        record: { size, fileName: '../../.config/autostart/x.desktop' },
      }),
      putOp(sha, { record: { size, mime: 'text/html', fileName: 'page.html' } }),
      putOp(sha, {
        record: { size },
        tags: Array.from({ length: 300 }, (_, i) => `${i}${'t'.repeat(2_000)}`),
      }),
      {
        op: 'doc',
        kind: 'preset',
        id: randomUUID(),
        hlc: stamp(),
        value: { name: 'n'.repeat(300_000), family: 'image.i3', body: '{}', updatedAt: 1 },
      },
    ],
  });
  await writer.head({ segments: 2 });
  await intruder.raw(intruder.vault.headKey(randomUUID()), Buffer.from('{"format":1,"devi'));
}

export interface SyncKillOptions {
  kills: number;
  seed?: number;
  /** Every third life first finds the remote damaged by someone with write access (damageRemote). */
  damage?: boolean;
  log?: (line: string) => void;
}

export interface SyncKillReport {
  kills: number;
  lives: number;
  items: number;
  lost: number;
  duplicated: number;
  /** Items, files, presets or prompts that differ between a, b and the restored c. */
  differing: number;
  /** Lives that began on a damaged remote. */
  damaged: number;
  problems: string[];
}

interface ItemFacts {
  id: string;
  tags: string[];
  favourite: boolean;
  sha256: string;
  remoteOnly: boolean;
}

async function withLibrary<T>(
  dir: string,
  fn: (library: Library, db: DatabaseSync) => Promise<T> | T,
): Promise<T> {
  const db = openStudioDatabase(join(dir, 'studio.db'));
  try {
    return await fn(new Library({ db, dir }), db);
  } finally {
    db.close();
  }
}

const facts = (dir: string): Promise<ItemFacts[]> =>
  withLibrary(dir, (library) =>
    library
      .query({ limit: 500 })
      .items.map((i) => ({
        id: i.id,
        tags: [...i.tags].sort(),
        favourite: i.favourite,
        sha256: i.sha256,
        remoteOnly: i.remoteOnly ?? false,
      }))
      .sort((x, y) => x.id.localeCompare(y.id)),
  );

/** The presets' names and the prompt history's texts, as a person would compare them between devices. */
const sharedRows = (dir: string): Promise<string> =>
  withLibrary(dir, (_library, db) =>
    JSON.stringify([
      new PresetStore({ db }).presets().map((p) => `${p.id} ${p.name}`),
      new PromptHistory({ db }).list().map((h) => `${h.text} ${h.uses}`),
    ]),
  );

/** Media files on disk (not thumbnails, not the trash): one per item, or a copy was duplicated. */
async function mediaFiles(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name.endsWith('.png') && !/[/\\]\.(thumbs|trash|sync)[/\\]/.test(path))
      count += 1;
  }
  return count;
}

export async function runSyncKills(options: SyncKillOptions): Promise<SyncKillReport> {
  const log = options.log ?? (() => undefined);
  const next = seededRandom(options.seed ?? 17);
  const server = await startRcloneWebdav({ user: 'k', pass: 'k' });
  const proxy = await startFaultProxy(server.url);
  const root = await mkdtemp(join(tmpdir(), 'sync-kills-'));
  const problems: string[] = [];
  try {
    await makeCollection(`${server.url}/kills`, 'k', 'k');
    const env = (name: string): Record<string, string> => ({
      HOME: root,
      STUDIO_LIBRARY_DIR: join(root, name),
      STUDIO_SYNC_REMOTE: `${proxy.url.replace('http:', 'webdav:')}/kills`,
      STUDIO_SYNC_USER: 'k',
      STUDIO_SYNC_SECRET: 'k',
      STUDIO_SYNC_DEVICE: name,
      ...(name === 'a' ? {} : { STUDIO_SYNC_FILES: 'all' }),
    });
    /** One `sync` process; killed once the remote has seen `killAt` of its requests (null: left to finish). */
    const life = (name: string, args: string[], killAt: number | null) =>
      new Promise<{ killed: boolean; code: number | null; stderr: string }>((resolve) => {
        const child = spawnCli(args, { cwd: root, env: env(name) });
        const base = proxy.seen.length;
        let killed = false;
        proxy.plan = () => {
          if (killAt !== null && !killed && proxy.seen.length - base >= killAt) {
            killed = true;
            child.process.kill('SIGKILL');
          }
          return undefined;
        };
        void child.exit.then(({ code, stderr }) => resolve({ killed, code, stderr }));
      });

    for (let i = 0; i < 3; i++)
      await withLibrary(join(root, 'a'), (library) => addImage({ library }, `start ${i}`));
    const intruder = options.damage
      ? await hostileWriter({ kind: 'webdav', url: `${server.url}/kills`, user: 'k' }, { secret: 'k' })
      : null;
    /** What is outside the three libraries after the first life (the CLI's own files under HOME included). */
    let outside: Map<string, number> | null = null;
    const libraries = ['a', 'b', 'c'].map((n) => join(root, n));
    let damaged = 0;
    let kills = 0;
    let lives = 0;
    let made = 3;
    while (kills < options.kills) {
      const onA = lives % 3 !== 2;
      const name = onA ? 'a' : 'b';
      if (onA) {
        // New work for this life, and an edit of an older item.
        await withLibrary(join(root, 'a'), async (library, db) => {
          const item = await addImage({ library }, `life ${lives}`);
          made += 1;
          library.update(item.id, { tags: [`life-${lives}`] });
          new PresetStore({ db }).savePreset({
            name: `life ${lives}`,
            family: 'image.i3',
            model: 'image_model_id_i3',
            params: { size: '1:1' },
          });
          if (item.taskId)
            new PromptHistory({ db }).record({
              text: `life ${lives}`,
              family: 'image.i3',
              sentAt: item.createdAt,
              taskId: item.taskId,
            });
        });
      } else {
        await withLibrary(join(root, 'b'), (library) => {
          const items = library.query({ limit: 500 }).items;
          const pick = items[Math.floor(next() * items.length)];
          if (pick) library.update(pick.id, { favourite: !pick.favourite });
        });
      }
      if (intruder && lives % 3 === 1) {
        await damageRemote(intruder, lives);
        damaged += 1;
      }
      const killAt = 1 + Math.floor(next() * (onA ? 14 : 24));
      const outcome = await life(name, ['sync'], killAt);
      lives += 1;
      if (outcome.killed) kills += 1;
      else if (outcome.code !== 0)
        problems.push(`life ${lives} on ${name} exited ${outcome.code}: ${outcome.stderr.trim()}`);
      log(
        `life ${lives} (${name}): ${outcome.killed ? `killed after ${killAt} requests` : `finished (${outcome.code})`}`,
      );
      outside ??= await treeOf(root, libraries);
    }
    // To the end: each side twice, so what one sent last reaches the other.
    for (const name of ['a', 'b', 'a', 'b']) {
      const end = await life(name, ['sync'], null);
      if (end.code !== 0) problems.push(`final sync on ${name} exited ${end.code}: ${end.stderr.trim()}`);
    }
    const restore = await life('c', ['sync', 'restore'], null);
    if (restore.code !== 0) problems.push(`restore exited ${restore.code}: ${restore.stderr.trim()}`);

    const [a, b, c] = await Promise.all([
      facts(join(root, 'a')),
      facts(join(root, 'b')),
      facts(join(root, 'c')),
    ]);
    const ids = new Set(a.map((i) => i.id));
    const lost = made - a.length + [...ids].filter((id) => !b.some((i) => i.id === id)).length;
    const duplicated =
      a.length -
      ids.size +
      Math.max(0, (await mediaFiles(join(root, 'b'))) - b.length) +
      Math.max(0, (await mediaFiles(join(root, 'c'))) - c.length);
    const strip = (list: ItemFacts[]) => JSON.stringify(list.map((i) => ({ ...i, remoteOnly: false })));
    let differing = 0;
    if (strip(a) !== strip(b)) differing += 1;
    if (strip(a) !== strip(c)) differing += 1;
    const [rowsA, rowsB, rowsC] = await Promise.all(['a', 'b', 'c'].map((n) => sharedRows(join(root, n))));
    if (rowsA !== rowsB) differing += 1;
    if (rowsA !== rowsC) differing += 1;
    if (rowsA === JSON.stringify([[], []])) problems.push('no preset or prompt was made');
    differing += b.filter((i) => i.remoteOnly).length + c.filter((i) => i.remoteOnly).length;
    if (outside) {
      const now = await treeOf(root, libraries);
      for (const path of now.keys())
        if (!outside.has(path)) problems.push(`a file appeared outside the libraries: ${path}`);
    }
    if (lost !== 0) problems.push(`${lost} items lost`);
    if (duplicated !== 0) problems.push(`${duplicated} duplicated`);
    if (differing !== 0) problems.push(`${differing} differences between a, b and the restored c`);
    return { kills, lives, items: a.length, lost, duplicated, differing, damaged, problems };
  } finally {
    await proxy.stop();
    await server.stop();
    await rm(root, { recursive: true, force: true });
  }
}
