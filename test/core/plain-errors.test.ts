// Every refusal a person can cause comes from the one error table (studioRefusal, localError, cliError); a plain
// Error left in the core is a broken invariant or a reason another layer rewrites, never a sentence for the
// screen (the bridge shows an unknown error as "Something went wrong inside the studio"). This reads the core's
// source and holds each remaining `new Error(` to its file and the reason it may stay: one added elsewhere, or
// one more in a file, fails here until it is a refusal from the table or its reason is written below.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const coreDir = join(import.meta.dirname, '..', '..', 'electron', 'core');

/** File (relative to electron/core) → how many plain Errors it may make, and why none reaches a person. */
const ALLOWED: Record<string, { count: number; why: string }> = {
  'busy-gauge.ts': { count: 1, why: 'leave() without enter(): a bug in the caller' },
  'agents/agent-keys.ts': {
    count: 1,
    why: "an agent call's key outside the submission key rule, which its hash meets by construction: a bug",
  },
  'tasks/submission.ts': {
    count: 1,
    why: 'styles sent to an engine composed without a place for them: a bug in the composer (the root gives one)',
  },
  'proxy/proxy-route.ts': {
    count: 1,
    why: 'a non-Error an agent rejected with, wrapped so the download names it in its own failure sentence',
  },
  'lifetime.ts': { count: 1, why: "the default reason given to a disposed store's aborts, never shown" },
  'db/database.ts': {
    count: 1,
    why: 'two migrations with one id: a bug caught by every test that opens a database',
  },
  'tasks/request-budget.ts': { count: 1, why: 'a budget of zero requests: a bug in the composer' },
  'tasks/task-store.ts': { count: 1, why: 'a stored row the schema refuses: a corrupt database, logged' },
  'tasks/compose-engine.ts': {
    count: 2,
    why: 'an abort reason at close, and a send before the parts are built',
  },
  'references/reference-store.ts': { count: 1, why: 'a row gone between its write and its read in one call' },
  'library/library-move.ts': {
    count: 2,
    why:
      'a second move while one is journaled (the host finishes or rolls back a journaled move before it ' +
      'offers another: a bug), and files that could not go back (the host words both into its own ' +
      '"could not move, nothing lost" sentence and its log)',
  },
  'downloads/raw-http-get.ts': {
    count: 4,
    why: 'a body read twice (a bug); socket failures wrapped, then rewritten as a DownloadError (network)',
  },
  'downloads/local-addresses.ts': { count: 1, why: "a lookup's ENOTFOUND, read as a network failure" },
  'downloads/readable-name.ts': {
    count: 1,
    why: 'no free name after every hash length: the download fails, retried',
  },
  'downloads/sha256-hasher.ts': {
    count: 2,
    why: "the hash worker's exit or disposal: the download is retried",
  },
  'sync/blob-transfer.ts': {
    count: 1,
    why: 'a file that no longer matches its hash: sync-round skips it, logged',
  },
  'sync/folder-remote.ts': {
    count: 1,
    why: 'a short write, rewritten by otherProblem into the sync sentence',
  },
  'sync/sync-crypto.ts': {
    count: 3,
    why: 'an altered sealed object: the round stops with "Sync stopped: … It will try again."',
  },
};

function plainErrors(): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const count = readFileSync(full, 'utf8').match(/\bnew Error\(/g)?.length ?? 0;
        if (count > 0) found.set(relative(coreDir, full).split('\\').join('/'), count);
      }
    }
  };
  walk(coreDir);
  return found;
}

describe('plain errors in the core', () => {
  it('are only the broken invariants and rewritten reasons named here', () => {
    const found = Object.fromEntries(plainErrors());
    const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([file, { count }]) => [file, count]));
    expect(found).toEqual(allowed);
  });
});
