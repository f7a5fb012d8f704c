// The seeded catalogue: fixed ids that exist from the first second, owned by the default user, so music
// operations and grid upscales can be tried without the upload, extend or grid endpoints ([EP-MUSIC-6]).
import { SIM_KEYS } from './accounts';
import type { SimState } from './state';
import type { SimTask, TrackOrigin } from './tasks';
import { gridSeed } from './validation/music';

export const SIM_SEEDS = {
  /** An extend product with two tracks: the only valid source for concat. */
  musicExtend: 'music-extend-1',
  /** An uploaded track (two tracks): the only valid source for addInstrumental. */
  musicUpload: 'music-upload-1',
  /** A generated track (two tracks): rejected by concat and addInstrumental. */
  musicGenerated: 'music-generated-1',
  /** A completed four-image grid task (one 2048x2048 image of 2x2 tiles) for /v1/gridimg/generations/upscale. */
  grid: 'grid-1',
} as const;

const HOUR = 3_600_000;
const SEED_LINK_LIFETIME = 30 * 24 * HOUR;

export function plantSeeds(state: SimState): void {
  const token = state.accounts.authenticate(`Bearer ${SIM_KEYS.default}`);
  const now = state.now();
  const createdMs = now - 2 * HOUR;
  const terminalMs = now - HOUR;
  const until = terminalMs + state.scaled(SEED_LINK_LIFETIME);
  const base = (id: string): Omit<SimTask, 'kind' | 'model' | 'output' | 'endpoint'> => ({
    id,
    token,
    initialStatus: 'submitted',
    createdMs,
    terminalMs,
    estimatedSeconds: 60,
    costUsd: 0.02,
    failure: null,
    webhook: null,
    enveloped: false,
    settled: true,
    body: {},
  });
  const music = (id: string, origin: TrackOrigin, label: string): void => {
    const tracks = [1, 2].map((n) =>
      state.musicTrack(`${label} ${n}`, origin, false, terminalMs, until, n * 31 + id.length),
    );
    state.tasks.add({
      ...base(id),
      kind: 'music',
      model: 'music_model_id',
      endpoint: 'music',
      output: { kind: 'music', tracks },
    });
  };
  music(SIM_SEEDS.musicExtend, 'extend', 'Extended Night Drive');
  music(SIM_SEEDS.musicUpload, 'upload', 'Uploaded Demo');
  music(SIM_SEEDS.musicGenerated, 'generated', 'Generated Sunrise');
  const gridImage = state.imageFile('grid.png', 2048, 2048, terminalMs, until, {
    kind: 'grid',
    seed: gridSeed(SIM_SEEDS.grid),
  });
  state.tasks.add({
    ...base(SIM_SEEDS.grid),
    kind: 'grid',
    model: 'grid_model',
    endpoint: 'tasks',
    output: { kind: 'images', files: [gridImage] },
  });
}
