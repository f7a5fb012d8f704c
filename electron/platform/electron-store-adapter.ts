// electron-store behind the KeyValueStore slice, created after 'ready' (it reads app paths). It holds the
// settings, the window state and the key's ciphertext: never the key itself. The settings are the one store's
// (core/settings/stored-settings.ts) over a field of it (desktopSettings in core/settings/saved-settings.ts).
import Store from 'electron-store';
import type { KeyValueStore } from './key-value-store';
import { DESKTOP_STORE_NAME } from '../core/settings/saved-settings';

export function openAppStore(): KeyValueStore {
  // No serializer, encryption or schema: the file stays one plain JSON object, which the CLI reads through the
  // core's JSON adapter when its data folder is the app's.
  const store = new Store<Record<string, unknown>>({ name: DESKTOP_STORE_NAME, clearInvalidConfig: true });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
