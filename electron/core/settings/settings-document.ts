// Where a settings store keeps its settings: the one thing each shell chooses. The store (stored-settings.ts) is
// one for the three shells; what differs is the document it reads and writes: a field of electron-store on the
// desktop (key-value, below), a JSON file in web mode and for the CLI (json-settings-file.ts), which reads the
// desktop's file through the same adapter since electron-store keeps its keys as one JSON object.
import type { Settings } from '../../../shared/bridge/session-schemas';

/** What a document held when it was opened. */
export type SettingsRead =
  | { kind: 'none' }
  | { kind: 'saved'; value: unknown }
  /** There but not readable (a half-written or hand-broken file): the store starts on the defaults. */
  | { kind: 'unreadable'; reason: string };

export interface SettingsDocument {
  /** Where it is, for the warning a bad document earns. */
  readonly where: string;
  read(): SettingsRead;
  /** Keeps the whole settings; a write lands whole or not at all. */
  write(settings: Settings): Promise<void>;
}

/** The slice of electron-store the desktop uses, so its documents can be tested over a Map-backed double. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** The settings as one field of a key-value store (the desktop's electron-store, beside the key's ciphertext). */
export function keyValueDocument(store: KeyValueStore, field: string, where: string): SettingsDocument {
  return {
    where,
    read: () => {
      const value = store.get(field);
      return value === undefined ? { kind: 'none' } : { kind: 'saved', value };
    },
    write: (settings) => {
      store.set(field, settings);
      return Promise.resolve();
    },
  };
}
