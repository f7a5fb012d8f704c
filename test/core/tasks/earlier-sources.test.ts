// The sources a person already has on a gateway: every track a music task sent there named,
// and every grid an upscale named, newest first, one entry each; a track's origin only when an operation that
// takes one origin completed with it; another gateway's tasks never offered.
import { describe, expect, it } from 'vitest';
import { earlierSources } from '../../../electron/core/tasks/earlier-sources';
import { useStudioDb } from '../../support/studio-db';

const studio = useStudioDb('earlier-sources-');
let n = 0;

function task(family: string, params: Record<string, unknown>, state: string, gateway: string): void {
  n++;
  studio.db
    .prepare(
      `INSERT INTO tasks (id, family, model, kind, endpoint, params, state, created_at, updated_at, gateway)
     VALUES (?, ?, 'm', 'music', 'music', ?, ?, ?, ?, ?)`,
    )
    .run(`t${n}`, family, JSON.stringify(params), state, n * 1000, n * 1000, gateway);
}

describe('earlier sources', () => {
  it('lists the tracks and grids this gateway’s tasks named, once each, newest first', () => {
    task('music.adjustSpeed', { task_id: 'up-1', audio_index: 2, speed: 1.2 }, 'failed', 'https://gw');
    task('music.addInstrumental', { task_id: 'up-1', audio_index: 2 }, 'completed', 'https://gw');
    task('music.concat', { task_id: 'ext-9' }, 'failed', 'https://gw');
    task('grid.upscale', { task_id: 'grid-7', index: 1 }, 'completed', 'https://gw');
    task('grid.upscale', { task_id: 'grid-7', index: 3 }, 'completed', 'https://gw');
    task('music.concat', { task_id: 'other-gw' }, 'completed', 'demo');
    task('grid.upscale', { task_id: 'other-grid', index: 1 }, 'completed', 'demo');

    const sources = earlierSources(studio.db, 'https://gw');
    expect(sources.tracks).toEqual([
      // concat failed with it: nothing proved about its origin, so the gateway judges.
      { remoteTaskId: 'ext-9', trackIndex: 1, origin: null, usedBy: 'music.concat', usedAt: 3000 },
      // add-instrumental completed with it: an uploaded track.
      {
        remoteTaskId: 'up-1',
        trackIndex: 2,
        origin: 'upload',
        usedBy: 'music.addInstrumental',
        usedAt: 2000,
      },
    ]);
    expect(sources.grids).toEqual([{ remoteTaskId: 'grid-7', usedAt: 5000 }]);
    expect(earlierSources(studio.db, 'https://elsewhere')).toEqual({ tracks: [], grids: [] });
  });
});
