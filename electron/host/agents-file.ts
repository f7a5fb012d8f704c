// Settings › Agents as this device keeps them: `<data>/agents.json` holds the switch, the endpoint, its port and
// the session cap, readable by the user alone. The endpoint's bearer token is not in it: it is kept like the
// app's other secrets (agents-token.ts: the OS keychain in the desktop app, a file readable by the user alone in
// web mode). A token written here by an older version is moved there at the next start. `rotateAfter` is what
// `gateway-studio mcp --rotate-token` writes: a token made before it is void, and the app makes a new one.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { agentsSettingsSchema, DEFAULT_AGENTS_SETTINGS } from '../../shared/bridge/agent-schemas';
import type { AgentsSettings } from '../../shared/bridge/agent-schemas';
import { AGENTS_FILE } from '../core/agents';

export { AGENTS_FILE };

export const agentTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/);

const fileSchema = z.object({
  settings: agentsSettingsSchema,
  /** Only in files an older version wrote: moved to the secret store at start. */
  token: agentTokenSchema.optional(),
  rotateAfter: z.number().optional(),
});
export type AgentsFile = z.infer<typeof fileSchema>;

export const newAgentToken = () => randomBytes(32).toString('base64url');

/** What the file says, or the defaults when it is missing or unreadable. */
export async function readAgentsFile(dataDir: string): Promise<AgentsFile> {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await readFile(join(dataDir, AGENTS_FILE), 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // No file yet (or a damaged one): the defaults, written at the first change.
  }
  return { settings: { ...DEFAULT_AGENTS_SETTINGS } };
}

/** When a token was last voided from outside the app (the CLI), read at each request; 0 for never. */
export function rotateAfterOf(dataDir: string): number {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(join(dataDir, AGENTS_FILE), 'utf8')));
    return parsed.success ? (parsed.data.rotateAfter ?? 0) : 0;
  } catch {
    return 0;
  }
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
