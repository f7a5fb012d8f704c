// Settings › Agents as this device keeps them: `<data>/agents.json` (the switch, the endpoint, its port, the
// session cap) and the endpoint's bearer token, written readable by the user alone. The token guards a loopback
// port against web pages and other users; it is not the gateway key, which never leaves the secret store.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { agentsSettingsSchema, DEFAULT_AGENTS_SETTINGS } from '../../shared/bridge/agent-schemas';
import type { AgentsSettings } from '../../shared/bridge/agent-schemas';

import { AGENTS_FILE } from '../core/agents';

export { AGENTS_FILE };

const fileSchema = z.object({
  settings: agentsSettingsSchema,
  token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/),
});
export type AgentsFile = z.infer<typeof fileSchema>;

const newToken = () => randomBytes(32).toString('base64url');

/** What the file says, or the defaults (with a new token) when it is missing or unreadable. */
export async function readAgentsFile(dataDir: string): Promise<AgentsFile> {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await readFile(join(dataDir, AGENTS_FILE), 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // No file yet (or a damaged one): the defaults, written at the first change.
  }
  return { settings: { ...DEFAULT_AGENTS_SETTINGS }, token: newToken() };
}

export async function writeAgentsFile(dataDir: string, file: AgentsFile): Promise<void> {
  const path = join(dataDir, AGENTS_FILE);
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}

export function withSettings(file: AgentsFile, settings: AgentsSettings): AgentsFile {
  return { ...file, settings };
}
