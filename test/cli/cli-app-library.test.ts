// STUDIO_DATA_DIR set to an app's data folder (its settings are there): the database indexes the app's library,
// so the CLI files into that library when none is named, and refuses (exit 2, nothing sent) a --library that is
// another folder, whose files would be recorded as the app's.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WEB_SETTINGS_FILE } from '../../electron/core/settings/saved-settings';
import { cli, useSimulatorCli } from './cli-harness';

const rig = useSimulatorCli({ timeScale: 0.01 }, { dataDir: true });

/** The rig's environment without a library named: the CLI decides where files go. */
function unnamed(): Record<string, string | undefined> {
  return { ...rig.env, STUDIO_LIBRARY_DIR: undefined };
}

async function appSettings(settings: object): Promise<void> {
  await mkdir(join(rig.dir, 'data'), { recursive: true });
  await writeFile(join(rig.dir, 'data', WEB_SETTINGS_FILE), JSON.stringify(settings));
}

afterEach(async () => {
  await rm(join(rig.dir, 'data', WEB_SETTINGS_FILE), { force: true });
});

async function generate(env: Record<string, string | undefined>, prompt: string, extra: string[] = []) {
  return cli(['--json', ...extra, 'generate', 'image_model_id_i3', '--prompt', prompt], env, rig.dir);
}

const tasksSent = async (): Promise<number> =>
  ((await cli(['--json', 'tasks'], unnamed(), rig.dir)).json().tasks as unknown[]).length;

describe("the CLI on an app's data folder", () => {
  it("files into the app's library folder when no library is named", async () => {
    const appLibrary = join(rig.dir, 'app-library');
    await appSettings({ libraryDir: appLibrary });
    const made = await generate(unnamed(), 'a kite in the app library');
    expect(made.code, made.stderr).toBe(0);
    const items = made.json().items as { path: string }[];
    expect(items[0]?.path.startsWith(`${appLibrary}/`)).toBe(true);
  });

  it('follows the app to its default folder (<data>/library) when its settings name none', async () => {
    await appSettings({ theme: 'dark' });
    const made = await generate(unnamed(), 'a kite in the default folder');
    expect(made.code, made.stderr).toBe(0);
    const items = made.json().items as { path: string }[];
    expect(items[0]?.path.startsWith(`${join(rig.dir, 'data', 'library')}/`)).toBe(true);
  });

  it('refuses another library folder with exit 2, naming the one in use, and sends nothing', async () => {
    const appLibrary = join(rig.dir, 'app-library');
    await appSettings({ libraryDir: appLibrary });
    const before = await tasksSent();
    const elsewhere = join(rig.dir, 'elsewhere');
    const refused = await generate(unnamed(), 'a kite filed in the wrong place', ['--library', elsewhere]);
    expect(refused.code).toBe(2);
    expect(refused.json().error).toMatchObject({ code: 'library_not_in_use', param: 'library' });
    const text = await cli(['--library', elsewhere, 'library'], unnamed(), rig.dir);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain(`${elsewhere} is not the library the app uses`);
    expect(text.stderr).toContain(`(${appLibrary})`);
    expect(text.stderr).toContain('nothing was done');
    expect(await tasksSent()).toBe(before);

    // Naming the app's own folder is fine.
    const named = await generate(unnamed(), 'a kite named in place', ['--library', appLibrary]);
    expect(named.code, named.stderr).toBe(0);
  });
});
