// [SRC-1] [EP-GRID-1] The demo gateway's seeded sources reach the pickers as files under the library folder,
// each track with its origin, title, 1-based number and cover; a real gateway has no seeds.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioHost } from '../../electron/host/studio-host';
import { openTestHost } from '../support/test-host';

let dataDir: string;
let host: StudioHost;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-sources-'));
  host = await openTestHost(dataDir, {
    simulator: { timeScale: 0.02 },
  });
});

afterAll(async () => {
  await host?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('sources.demo', () => {
  it('is empty until the studio uses the demo gateway', async () => {
    expect(await host.handlers.sources.demo()).toEqual({ tracks: [], grids: [] });
  });

  it('lists the seeded extend, upload and generated tracks and the grid, saved under the library folder', async () => {
    const status = await host.handlers.session.useDemo();
    const sources = await host.handlers.sources.demo();
    expect(sources.tracks.map((t) => [t.remoteTaskId, t.origin, t.trackIndex])).toEqual([
      ['music-extend-1', 'extend', 1],
      ['music-extend-1', 'extend', 2],
      ['music-upload-1', 'upload', 1],
      ['music-upload-1', 'upload', 2],
      ['music-generated-1', 'generated', 1],
      ['music-generated-1', 'generated', 2],
    ]);
    for (const track of sources.tracks) {
      expect(track.title).toBeTruthy();
      expect(track.durationSeconds).toBeGreaterThan(0);
      expect(existsSync(join(status.libraryDir, track.relativePath))).toBe(true);
      expect(existsSync(join(status.libraryDir, track.coverRelativePath ?? 'missing'))).toBe(true);
    }
    expect(sources.grids).toHaveLength(1);
    expect(sources.grids[0]?.remoteTaskId).toBe('grid-1');
    expect(sources.grids[0]?.relativePath).toMatch(/^\.demo-sources\/grid-1\/grid\.png$/);
    // Asked again, the same answer without fetching again.
    expect(await host.handlers.sources.demo()).toEqual(sources);
  });
});
