// The sources a person already has on a gateway, read from the tasks sent there: every track a music operation
// named ([SRC-1] task_id, audio_index) and every grid an upscale named ([EP-GRID-1]). No form makes a track or a
// grid from nothing ([EP-MUSIC-6]), so on a real gateway these, and the library's tracks, are what can be offered.
import type { FamilyId } from '../../../shared/catalog/family-ids';
import type { EarlierSources, EarlierTrack, TrackOrigin } from '../../../shared/bridge/source-schemas';
import type { DatabaseSync } from '../db/database';

/** Enough history for a picker; the newest uses first. */
const LIMIT = 500;

/** An operation that takes one origin, completed with a track, says what that track is. */
const ORIGIN_PROVED_BY: Partial<Record<FamilyId, TrackOrigin>> = {
  'music.concat': 'extend',
  'music.addInstrumental': 'upload',
};

interface Row {
  family: FamilyId;
  params: string;
  state: string;
  created_at: number;
}

function parsed(params: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(params);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function earlierSources(db: DatabaseSync, gatewayKey: string): EarlierSources {
  const rows = db
    .prepare(
      `SELECT family, params, state, created_at FROM tasks
       WHERE gateway = ? AND (family LIKE 'music.%' OR family = 'grid.upscale')
       ORDER BY created_at DESC LIMIT ?`,
    )
    .all(gatewayKey, LIMIT) as unknown as Row[];
  const tracks = new Map<string, EarlierTrack>();
  const grids = new Map<string, number>();
  for (const row of rows) {
    const params = parsed(row.params);
    const taskId = typeof params.task_id === 'string' ? params.task_id.trim() : '';
    if (taskId === '') continue;
    if (row.family === 'grid.upscale') {
      if (!grids.has(taskId)) grids.set(taskId, row.created_at);
      continue;
    }
    const index = typeof params.audio_index === 'number' ? params.audio_index : 1;
    const key = `${taskId}#${index}`;
    const proved = row.state === 'completed' ? (ORIGIN_PROVED_BY[row.family] ?? null) : null;
    const seen = tracks.get(key);
    if (seen) {
      if (seen.origin === null && proved) tracks.set(key, { ...seen, origin: proved });
      continue;
    }
    tracks.set(key, {
      remoteTaskId: taskId,
      trackIndex: index,
      origin: proved,
      usedBy: row.family,
      usedAt: row.created_at,
    });
  }
  return {
    tracks: [...tracks.values()],
    grids: [...grids].map(([remoteTaskId, usedAt]) => ({ remoteTaskId, usedAt })),
  };
}
