// Half-written files (.part) and who owns them. Several processes may share one library (the CLI beside the
// app on one STUDIO_DATA_DIR), so each names its .part files with its process id, and the sweep at start
// deletes only those whose writer is gone: a crash leaves no litter, and a live neighbour keeps its download.

import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { processAlive } from '../process-alive';

export const PART_SUFFIX = '.part';

/**
 * A .part untouched this long is stale whoever names it: a live download writes at least once per idle
 * timeout (seconds), so this only catches a file whose process id has since been reused by another program.
 */
export const PART_LEASE_MS = 60 * 60 * 1000;

/** `<base>.<pid>.part`: the half-written file of `base` by this process. */
export function partName(base: string, pid = process.pid): string {
  return `${base}.${pid}${PART_SUFFIX}`;
}

/** The process id a .part name carries; null for a name without one (written by an earlier version). */
export function partOwner(name: string): number | null {
  const match = /\.(\d+)\.part$/.exec(name);
  return match ? Number(match[1]) : null;
}

/**
 * Whether the sweep may delete this .part: no owner named (an earlier version's; it never shared), an owner
 * that is no longer running, or no write for PART_LEASE_MS.
 */
export function partIsStale(
  name: string,
  modifiedAt: number,
  now: number,
  alive: (pid: number) => boolean = processAlive,
): boolean {
  if (!name.endsWith(PART_SUFFIX)) return false;
  const owner = partOwner(name);
  if (owner === null || now - modifiedAt > PART_LEASE_MS) return true;
  return owner !== process.pid && !alive(owner);
}

/** Deletes a stale .part at `path` (partIsStale); a file gone or unreadable meanwhile is left to be. */
async function removeIfStale(path: string, name: string): Promise<void> {
  // Another process sharing this library may be writing it right now: only a dead writer's goes.
  const modified = await stat(path).then(
    (s) => s.mtimeMs,
    () => null,
  );
  // Date.now(), not the injected clock: a file's mtime is the machine's wall time.
  if (modified !== null && partIsStale(name, modified, Date.now())) await rm(path, { force: true });
}

/**
 * Deletes the half-written copies of one file (`base`) that dead processes left in `dir`: a process taking over a
 * download from a neighbour killed mid-body (kill -9 leaves no word) removes its litter then, not at its next start.
 */
export async function removeStalePartsOf(dir: string, base: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [])) {
    const owner = partOwner(name);
    if (owner !== null && name === partName(base, owner)) await removeIfStale(join(dir, name), name);
  }
}

/**
 * Deletes the .part files a crash left in the library's day folders, never one a live process sharing the
 * library is writing.
 */
export async function removeStaleParts(libraryDir: string): Promise<void> {
  // A folder that cannot be read (no library yet, a day folder just removed) has nothing to delete.
  for (const day of await readdir(libraryDir).catch(() => [])) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    const dir = join(libraryDir, day);
    for (const name of await readdir(dir).catch(() => [])) {
      if (name.endsWith(PART_SUFFIX)) await removeIfStale(join(dir, name), name);
    }
  }
}
