// Settings in a JSON file (web mode, CLI, tests). A bad or unreadable file never stops the app: it starts with
// defaults for what is wrong and says so once (to the warn its composer hands in: the core never writes to the
// console); the next update rewrites the file whole.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { settingsSchema } from '../../../shared/bridge/session-schemas';
import type { Settings, SettingsPatch } from '../../../shared/bridge/session-schemas';
import { settingsFromUnknown } from './merge-settings';
import type { SettingsStore, Warn } from './settings-store';

export class JsonSettingsStore implements SettingsStore {
  #settings: Settings;
  #writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    settings: Settings,
  ) {
    this.#settings = settings;
  }

  static open(file: string, warn: Warn = () => undefined): JsonSettingsStore {
    let raw: unknown = undefined;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') {
        warn(
          `settings: ${file} could not be read (${code ?? 'not valid JSON'}); starting with default settings.`,
        );
        raw = {};
      }
    }
    const { settings, rejected } = settingsFromUnknown(raw);
    if (rejected.length > 0) {
      warn(
        `settings: ignored invalid value(s) in ${file} for ${rejected.join(', ')}; using the defaults there.`,
      );
    }
    return new JsonSettingsStore(file, settings);
  }

  get(): Settings {
    return structuredClone(this.#settings);
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    const next = settingsSchema.parse({ ...this.#settings, ...patch });
    this.#settings = next;
    // Writes are chained so two quick updates cannot land out of order; each goes to a temp file first so a
    // crash mid-write leaves the previous file intact.
    this.#writing = this.#writing.then(async () => {
      await mkdir(dirname(this.file), { recursive: true });
      const temp = `${this.file}.${process.pid}.tmp`;
      // flush: on the disk before the rename makes it the file, so a power cut cannot leave it empty.
      await writeFile(temp, JSON.stringify(next, null, 2), { mode: 0o600, flush: true });
      await rename(temp, this.file);
    });
    await this.#writing;
    return this.get();
  }
}
