// The agents of every process on one data folder, seen from the app. The CLI's stdio server (`gateway-studio mcp`,
// started by an agent's client, not by the app) writes its sessions to `<data>/agent-sessions/<pid>.json` at every
// change; the app reads them beside its own when Settings › Agents asks, so every connected agent shows with what
// it did and spent. The switch lives in `<data>/agents.json` (the app writes it): every process asks it at every
// call, so turning agents off in the app refuses a stdio agent's next call too. Both files are read as hostile:
// bounded in size and count, parsed with the shared schemas, a bad one skipped.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  AGENT_SESSIONS_KEPT,
  agentSessionViewSchema,
  type AgentSessionView,
} from '../../../shared/studio/agents';
import { processAlive } from '../process-alive';

/** The app's Settings › Agents file: the switch, the endpoint, the cap (electron/host/agents-file.ts writes it). */
export const AGENTS_FILE = 'agents.json';
/** Where each process that serves agents keeps its sessions. */
export const AGENT_SESSIONS_DIR = 'agent-sessions';

/** One record is a few hundred activity lines at most; anything larger is not one of ours. */
const MAX_RECORD_BYTES = 2 * 1024 * 1024;
/** Records read at once: processes serving agents on one folder, bounded against a folder filled by accident. */
const MAX_RECORDS = 50;

const recordSchema = z.object({
  pid: z.number().int().positive(),
  writtenAt: z.number(),
  sessions: z.array(agentSessionViewSchema).max(AGENT_SESSIONS_KEPT + 20),
});

const switchSchema = z.object({ settings: z.object({ enabled: z.boolean() }) });

/** Whether the app lets agents act: its agents.json says so (no file yet: the default, on). */
export function agentsAllowed(dataDir: string): boolean {
  let text: string;
  try {
    text = readFileSync(join(dataDir, AGENTS_FILE), 'utf8');
  } catch {
    return true;
  }
  try {
    const parsed = switchSchema.safeParse(JSON.parse(text));
    // A file that cannot be read as the switch is not a yes: the person turned something on or off there.
    return parsed.success ? parsed.data.settings.enabled : false;
  } catch {
    return false;
  }
}

/**
 * Voids the app's endpoint token from outside the app (`gateway-studio mcp --rotate-token`): agents.json's
 * rotateAfter says a token made before now is void, and the app makes a new one at its next request. The rest of
 * the file is kept as it is.
 */
export function voidAgentToken(dataDir: string, now: number): void {
  const path = join(dataDir, AGENTS_FILE);
  let kept: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      kept = parsed as Record<string, unknown>;
  } catch {
    // No file yet: the app's defaults stand, with the token voided.
  }
  const { token: _token, ...rest } = kept;
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ ...rest, rotateAfter: now }, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}

/** This process's sessions, for the app to read (written whole and renamed into place: never half a file). */
export function writeSessionRecord(
  dataDir: string,
  pid: number,
  sessions: readonly AgentSessionView[],
  now: number,
): void {
  const dir = join(dataDir, AGENT_SESSIONS_DIR);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${pid}.json`);
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, JSON.stringify({ pid, writtenAt: now, sessions }), { mode: 0o600 });
  renameSync(temporary, path);
}

/**
 * The sessions other processes keep on this folder. A process that is gone left its open sessions ended when it
 * last wrote; its record is removed once more than the kept number of such records remain.
 */
export function readSessionRecords(
  dataDir: string,
  options: { exceptPid: number; alive?: (pid: number) => boolean },
): AgentSessionView[] {
  const alive = options.alive ?? processAlive;
  const dir = join(dataDir, AGENT_SESSIONS_DIR);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => /^\d{1,10}\.json$/.test(name));
  } catch {
    return [];
  }
  const gone: { path: string; writtenAt: number }[] = [];
  const sessions: AgentSessionView[] = [];
  for (const name of names.slice(0, MAX_RECORDS)) {
    const path = join(dir, name);
    try {
      if (statSync(path).size > MAX_RECORD_BYTES) continue;
      const parsed = recordSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
      if (!parsed.success || parsed.data.pid === options.exceptPid) continue;
      const { pid, writtenAt } = parsed.data;
      const running = alive(pid);
      if (!running) gone.push({ path, writtenAt });
      for (const session of parsed.data.sessions) {
        sessions.push(running || session.endedAt !== null ? session : { ...session, endedAt: writtenAt });
      }
    } catch {
      // Being replaced right now, or not ours: the next read sees it whole.
    }
  }
  gone.sort((a, b) => b.writtenAt - a.writtenAt);
  for (const old of gone.slice(AGENT_SESSIONS_KEPT)) rmSync(old.path, { force: true });
  return sessions;
}
