// The CLI on STUDIO_DATA_DIR reads what either app saved there: web mode's settings.json or the desktop's
// electron-store file (settings in one field), through the same tolerant merge as the stores.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DESKTOP_STORE_NAME,
  SETTINGS_FIELD,
  WEB_SETTINGS_FILE,
  savedSettings,
} from '../../../electron/core/settings/saved-settings';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'saved-settings-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('savedSettings', () => {
  it('is null where neither app saved anything', () => {
    expect(savedSettings(dir)).toBeNull();
  });

  it("reads web mode's file", async () => {
    await writeFile(
      join(dir, WEB_SETTINGS_FILE),
      JSON.stringify({ startingPrices: { image_model_id_i4: 0.5 } }),
    );
    expect(savedSettings(dir)?.startingPrices).toEqual({ image_model_id_i4: 0.5 });
  });

  it("reads the desktop's electron-store file and keeps the valid fields of a damaged one", async () => {
    const stored = { [SETTINGS_FIELD]: { startingPrices: { image_model_id_i6: null }, theme: 'neon' } };
    await writeFile(join(dir, `${DESKTOP_STORE_NAME}.json`), JSON.stringify(stored));
    const settings = savedSettings(dir);
    expect(settings?.startingPrices).toEqual({ image_model_id_i6: null });
    expect(settings?.theme).not.toBe('neon');
  });
});
