// The desktop app's secret stores, each a field of electron-store encrypted by safeStorage (the OS
// keychain): the API key, the sync remote's secrets, the keys that sent unfinished tasks and the agents' endpoint token. Written once here, so
// main.ts and the test of the host's wiring build the same stores (web mode and the CLI keep the last in the data
// folder's task-keys file instead: core/settings/task-keys-file.ts).
import type { SecretStore, Warn } from '../core/settings/settings-store';
import type { KeyValueStore } from './key-value-store';
import {
  AGENT_TOKEN_FIELD,
  SafeStorageSecretStore,
  SYNC_SECRETS_FIELD,
  TASK_KEYS_FIELD,
} from './safe-storage-secret-store';
import type { SafeStorageLike } from './safe-storage-secret-store';

export interface DesktopSecrets {
  secrets: SecretStore;
  syncSecrets: SecretStore;
  taskKeys: SecretStore;
  /** The agents' loopback endpoint token. */
  agentSecrets: SecretStore;
}

export function desktopSecrets(
  store: KeyValueStore,
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform = process.platform,
  warn: Warn = (m) => console.warn(m),
): DesktopSecrets {
  return {
    secrets: new SafeStorageSecretStore(store, safeStorage, platform, warn),
    syncSecrets: new SafeStorageSecretStore(store, safeStorage, platform, warn, {
      field: SYNC_SECRETS_FIELD,
      name: 'the sync credentials',
    }),
    taskKeys: new SafeStorageSecretStore(store, safeStorage, platform, warn, {
      field: TASK_KEYS_FIELD,
      name: 'the keys of unfinished tasks',
    }),
    agentSecrets: new SafeStorageSecretStore(store, safeStorage, platform, warn, {
      field: AGENT_TOKEN_FIELD,
      name: "the agents' endpoint token",
    }),
  };
}
