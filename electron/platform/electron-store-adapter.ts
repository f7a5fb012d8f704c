// electron-store behind the KeyValueStore slice, created after 'ready' (it reads app paths). It holds the
// settings, the window state and the key's ciphertext: never the key itself.
import Store from 'electron-store';
import type { KeyValueStore } from './key-value-store';

export function openAppStore(): KeyValueStore {
  const store = new Store<Record<string, unknown>>({ name: 'gateway-studio', clearInvalidConfig: true });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
