import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsPatchSchema } from '../../../shared/bridge/session-schemas';
import { jsonSettingsFile } from '../../../electron/core/settings/json-settings-file';
import { StoredSettings } from '../../../electron/core/settings/stored-settings';
import type { Warn } from '../../../electron/core/settings/settings-store';

/** The one settings store over a JSON file, as web mode and the CLI open it. */
const openFile = (file: string, warn?: Warn) => StoredSettings.open(jsonSettingsFile(file), warn);
import { MemorySecretStore } from '../../../electron/core/settings/memory-secret-store';
import { useTempDir } from '../../support/studio-db';

const folder = useTempDir('studio-settings-');

describe('StoredSettings over a JSON file', () => {
  it('starts with defaults and no warning when there is no file yet', () => {
    const warnings: string[] = [];
    const store = openFile(join(folder.dir, 'settings.json'), (m) => warnings.push(m));
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toEqual([]);
  });

  it('survives a file that is not JSON: defaults plus one clear warning', async () => {
    const file = join(folder.dir, 'settings.json');
    await writeFile(file, '{"theme": "dark",');
    const warnings: string[] = [];
    const store = openFile(file, (m) => warnings.push(m));
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('default settings');
  });

  it('keeps the valid fields of a partly wrong file and names the ones it reset', async () => {
    const file = join(folder.dir, 'settings.json');
    await writeFile(
      file,
      JSON.stringify({ theme: 'dark', language: 'klingon', pollBudgetPerSecond: -3, baseUrl: 'ftp://x' }),
    );
    const warnings: string[] = [];
    const store = openFile(file, (m) => warnings.push(m));
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(warnings[0]).toMatch(/language, pollBudgetPerSecond, baseUrl|baseUrl/);
    expect(warnings[0]).toContain('language');
    expect(warnings[0]).toContain('pollBudgetPerSecond');
  });

  it('persists updates so a reopened store sees them, normalising the base URL', async () => {
    const file = join(folder.dir, 'nested', 'settings.json');
    const store = openFile(file);
    await store.update({ baseUrl: 'https://gw.example.com/', theme: 'light' });
    await store.update({ modelOverrides: { image_model_id_i3: 'vendor-i3-v2' } });
    const reopened = openFile(file);
    expect(reopened.get()).toMatchObject({
      baseUrl: 'https://gw.example.com',
      theme: 'light',
      modelOverrides: { image_model_id_i3: 'vendor-i3-v2' },
    });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ theme: 'light' });
  });

  it('a patch of one field leaves the others as they were (the demo dialects survive saving model ids)', async () => {
    expect(settingsPatchSchema.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
    const file = join(folder.dir, 'settings.json');
    const store = openFile(file);
    await store.update({ demoDialects: ['status-words'] });
    await store.update({ modelOverrides: { image_model_id_i3: 'vendor-i3-v2' } });
    expect(openFile(file).get().demoDialects).toEqual(['status-words']);
    // A file from before the field existed reads with the default.
    await writeFile(file, JSON.stringify({ theme: 'light' }));
    expect(openFile(file).get()).toMatchObject({ theme: 'light', demoDialects: [] });
  });

  it('refuses an invalid patch and keeps the previous settings', async () => {
    const store = openFile(join(folder.dir, 'settings.json'));
    await expect(store.update({ pollBudgetPerSecond: 0 })).rejects.toThrow();
    expect(store.get().pollBudgetPerSecond).toBe(DEFAULT_SETTINGS.pollBudgetPerSecond);
  });
});

describe('MemorySecretStore', () => {
  it('holds, reports and forgets the key', async () => {
    const secrets = new MemorySecretStore();
    expect(await secrets.hasKey()).toBe(false);
    await secrets.setKey('sk-1');
    expect(await secrets.hasKey()).toBe(true);
    expect(await secrets.getKey()).toBe('sk-1');
    await secrets.clearKey();
    expect(await secrets.getKey()).toBeNull();
  });
});
