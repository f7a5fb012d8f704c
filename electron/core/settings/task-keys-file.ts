// Where the keys that sent unfinished tasks (core/tasks/submitting-keys.ts) are kept when there is no OS keychain
// to keep them in: web mode and the CLI, both plain Node. One file name and one store for both, `task-keys` in the
// data folder, 0600 and plain text as web mode keeps its API key (file-secret-store.ts says why that is the
// protection), so over a shared data folder a task the CLI sent is polled by web mode with the key that sent it,
// and the reverse. The desktop app keeps the same vault in its keychain field instead (platform/safe-storage).
import { join } from 'node:path';
import { FileSecretStore } from './file-secret-store';
import type { Warn } from './settings-store';

/** The file's name in the data folder. */
export const TASK_KEYS_FILE = 'task-keys';

/** The kept keys' store in this data folder, read afresh at each use: another process may write it too. */
export function taskKeysFile(dataDir: string, warn?: Warn): FileSecretStore {
  return new FileSecretStore(join(dataDir, TASK_KEYS_FILE), warn, { shared: true });
}
