// The one settings store behind the SettingsStore port, for the desktop, web mode and the CLI alike: only the
// document it keeps them in differs (settings-document.ts). What someone else wrote (an older version, a hand
// edit, a half-written file) never stops the app: every field still valid is kept, the rest fall back to their
// defaults, and that is said once (to the warn its composer hands in: the core never writes to the console).
import { settingsSchema } from '../../../shared/bridge/session-schemas';
import type { Settings, SettingsPatch } from '../../../shared/bridge/session-schemas';
import { settingsFromUnknown } from './merge-settings';
import type { SettingsDocument } from './settings-document';
import type { SettingsStore, Warn } from './settings-store';

export class StoredSettings implements SettingsStore {
  #settings: Settings;

  private constructor(
    private readonly document: SettingsDocument,
    settings: Settings,
  ) {
    this.#settings = settings;
  }

  static open(document: SettingsDocument, warn: Warn = () => undefined): StoredSettings {
    const read = document.read();
    if (read.kind === 'unreadable')
      warn(`settings: ${document.where} could not be read (${read.reason}); starting with default settings.`);
    const { settings, rejected } = settingsFromUnknown(read.kind === 'saved' ? read.value : undefined);
    if (rejected.length > 0)
      warn(
        `settings: ignored invalid value(s) in ${document.where} for ${rejected.join(', ')}; using the defaults there.`,
      );
    return new StoredSettings(document, settings);
  }

  get(): Settings {
    return structuredClone(this.#settings);
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    const next = settingsSchema.parse({ ...this.#settings, ...patch });
    this.#settings = next;
    await this.document.write(next);
    return this.get();
  }
}
