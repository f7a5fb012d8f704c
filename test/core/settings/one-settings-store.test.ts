// One settings store behind one port for the three shells: the desktop keeps its settings in a field of
// electron-store, web mode in its JSON file, and the CLI on STUDIO_DATA_DIR opens whichever app's file is there,
// all through StoredSettings (the SettingsStore port) and the one JSON adapter; no shell reads a settings file
// by hand. The desktop's file is written here by conf, the engine electron-store is (electron-store is conf with
// Electron's paths), so the format the CLI reads is the one the desktop really writes.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../electron/cli/cli-config';
import {
  DESKTOP_STORE_NAME,
  SETTINGS_FIELD,
  WEB_SETTINGS_FILE,
  desktopSettings,
  savedSettingsStore,
  webSettings,
} from '../../../electron/core/settings/saved-settings';
import type { KeyValueStore } from '../../../electron/core/settings/settings-document';
import { StoredSettings } from '../../../electron/core/settings/stored-settings';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'one-settings-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The desktop's key-value store as openAppStore builds it, over conf in a folder of the test's choosing. */
function desktopStore(dataDir: string): KeyValueStore {
  const store = new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: DESKTOP_STORE_NAME,
    clearInvalidConfig: true,
  });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}

const cliSettings = (dataDir: string) => resolveConfig({}, { STUDIO_DATA_DIR: dataDir }, dir).appSettings;

describe('one settings store for the desktop, web mode and the CLI', () => {
  it('a setting the desktop writes through its adapter is read by the CLI through the port', async () => {
    const desktop = desktopSettings(desktopStore(dir));
    expect(desktop).toBeInstanceOf(StoredSettings);
    await desktop.update({ startingPrices: { image_model_id_i4: 0.5 }, resultAddresses: ['files.lan'] });
    // electron-store's file beside the desktop's other entries: the settings in their field.
    const file = JSON.parse(await readFile(join(dir, `${DESKTOP_STORE_NAME}.json`), 'utf8')) as object;
    expect(file).toHaveProperty([SETTINGS_FIELD, 'startingPrices'], { image_model_id_i4: 0.5 });
    expect(cliSettings(dir)).toMatchObject({
      startingPrices: { image_model_id_i4: 0.5 },
      resultAddresses: ['files.lan'],
    });
    expect(resolveConfig({}, { STUDIO_DATA_DIR: dir }, dir).resultAddresses).toEqual(['files.lan']);
  });

  it("the CLI's store over the desktop's file writes the field and keeps the desktop's other entries", async () => {
    const store = desktopStore(dir);
    store.set('windowState', { width: 900 });
    await desktopSettings(store).update({ theme: 'dark' });
    const cli = savedSettingsStore(dir);
    expect(cli?.get().theme).toBe('dark');
    await cli?.update({ theme: 'light' });
    expect(store.get('windowState')).toEqual({ width: 900 });
    expect(desktopSettings(desktopStore(dir)).get().theme).toBe('light');
  });

  it('a setting web mode writes through its adapter is read by the CLI through the port', async () => {
    await webSettings(dir).update({ startingPrices: { image_model_id_i6: null } });
    expect(JSON.parse(readFileSync(join(dir, WEB_SETTINGS_FILE), 'utf8'))).toMatchObject({
      startingPrices: { image_model_id_i6: null },
    });
    expect(cliSettings(dir)?.startingPrices).toEqual({ image_model_id_i6: null });
  });

  it('nothing saved: the CLI stands on the defaults (no app settings)', () => {
    expect(savedSettingsStore(dir)).toBeNull();
    expect(cliSettings(dir)).toBeNull();
  });

  it('keeps the valid fields of a damaged desktop file and says which it reset', async () => {
    const stored = { [SETTINGS_FIELD]: { startingPrices: { image_model_id_i6: null }, theme: 'neon' } };
    await writeFile(join(dir, `${DESKTOP_STORE_NAME}.json`), JSON.stringify(stored));
    const warnings: string[] = [];
    const settings = savedSettingsStore(dir, (m) => warnings.push(m))?.get();
    expect(settings?.startingPrices).toEqual({ image_model_id_i6: null });
    expect(settings?.theme).not.toBe('neon');
    expect(warnings).toEqual([expect.stringContaining('theme')]);
  });
});

describe('every shell builds its settings as the one store', () => {
  const source = (path: string) => readFileSync(join(import.meta.dirname, '../../..', path), 'utf8');
  it('the desktop, web mode and the CLI each open theirs through saved-settings.ts, and nothing else parses one', () => {
    expect(source('electron/main.ts')).toMatch(/settings: desktopSettings\(store/);
    expect(source('electron/host/web-mode.ts')).toMatch(/settings: webSettings\(dataDir/);
    expect(source('electron/cli/cli-config.ts')).toMatch(/savedSettingsStore\(dataDir\)\?\.get\(\)/);
    for (const shell of ['electron/main.ts', 'electron/host/web-mode.ts', 'electron/cli/cli-config.ts'])
      expect(source(shell)).not.toMatch(/settingsFromUnknown|JSON\.parse|readFileSync/);
  });
});
