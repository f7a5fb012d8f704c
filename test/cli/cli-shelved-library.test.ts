// `--library` naming a folder whose library the app set aside ("Start an empty library there" elsewhere): the
// database's live library is another folder's, so the CLI refuses with exit 2 and says how to bring it back
// (the app's "Open that library"); once brought back, the same command lists it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { switchLibrary } from '../../electron/core/library/library-shelf';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { cli, useSimulatorCli } from './cli-harness';

const t = useSimulatorCli({ timeScale: 0.01 }, { dataDir: true });

/** What the app's Settings does on the same database: shelve the library of `from`, open the one of `to`. */
function appSwitches(from: string, to: string): void {
  const db = openStudioDatabase(join(t.dir, 'data', 'studio.db'));
  try {
    switchLibrary(db, from, to);
  } finally {
    db.close();
  }
}

describe('--library on a folder whose library is shelved', () => {
  it('refuses with a sentence that says how to bring it back, and lists it once it is back', async () => {
    const first = join(t.dir, 'first');
    const second = join(t.dir, 'second');
    const made = await cli(
      ['--json', '--library', first, 'generate', 'image_model_id_i3', '--prompt', 'a shelved kite'],
      t.env,
      t.dir,
    );
    expect(made.code, made.stderr).toBe(0);
    // The app starts an empty library in another folder: the first one's item is set aside.
    appSwitches(first, second);

    const refused = await cli(['--library', first, 'library'], t.env, t.dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `${first} holds a library that was set aside when the app started another library (1 item`,
    );
    expect(refused.stderr).toContain('nothing was done');
    expect(refused.stderr).toContain('press “Open that library”');
    const asJson = await cli(['--json', '--library', first, 'library'], t.env, t.dir);
    expect(asJson.code).toBe(2);
    expect(asJson.json().error).toMatchObject({ code: 'library_shelved', param: 'library' });
    // Nothing is sent to the gateway from there either.
    const generate = ['--library', first, 'generate', 'image_model_id_i3', '--prompt', 'x', '--no-wait'];
    expect((await cli(generate, t.env, t.dir)).code).toBe(2);

    // The library in use answers, empty.
    const inUse = await cli(['--json', '--library', second, 'library'], t.env, t.dir);
    expect(inUse.code, inUse.stderr).toBe(0);
    expect(inUse.json().items).toEqual([]);

    // "Open that library" in the app: the first folder's library comes back, and the CLI lists it there.
    appSwitches(second, first);
    const back = await cli(['--json', '--library', first, 'library'], t.env, t.dir);
    expect(back.code, back.stderr).toBe(0);
    expect((back.json().items as { prompt: string }[]).map((i) => i.prompt)).toEqual(['a shelved kite']);
  });
});
