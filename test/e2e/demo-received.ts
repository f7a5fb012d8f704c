// What the demo gateway itself received, read from the state it keeps in the data folder: the gateway's ids of
// every submission that reached it, oldest first. Browser tests count these to show that nothing was sent (a
// press declined, an item cancelled in the queue), which the app's own task list cannot prove alone.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_STATE_FILE } from '../../electron/host/demo-gateway';

export async function demoReceived(dataDir: string): Promise<string[]> {
  const file = join(dataDir, DEMO_STATE_FILE);
  if (!existsSync(file)) return [];
  const state = JSON.parse(await readFile(file, 'utf8')) as { tasks: { id: string }[] };
  return state.tasks.map((t) => t.id);
}
