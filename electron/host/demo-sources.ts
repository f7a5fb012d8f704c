// The demo gateway's seeded sources (two-track extend, upload and generated music tasks, one four-image grid),
// fetched once through the gateway client like any task and saved under the library folder's .demo-sources/,
// so the source pickers play and show them as they do the user's own tracks. The host knows what each seed is
// because it started the simulator; a real gateway has no seeds and this answers nothing.
import { isAbsolute, join, relative, sep } from 'node:path';
import type { DemoSources, SourceGrid, SourceTrack, TrackOrigin } from '../../shared/bridge/source-schemas';
import type { ResultFile } from '../../shared/gateway/normalized';
import { fetchToFile } from '../core/downloads';
import type { GatewayPort } from '../core/gateway/gateway-port';

export interface DemoSeedIds {
  musicExtend: string;
  musicUpload: string;
  musicGenerated: string;
  grid: string;
}

export interface DemoSourcesDeps {
  gateway: GatewayPort;
  libraryDir: string;
  seeds: DemoSeedIds;
}

const FOLDER = '.demo-sources';

/**
 * Whether the media servers may serve this path as a demo source: it lies in the folder only this module writes
 * (the library's own index does not list these files).
 */
export function isDemoSourceFile(libraryDir: string, path: string): boolean {
  const rel = relative(join(libraryDir, FOLDER), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function relativePath(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

async function save(deps: DemoSourcesDeps, seed: string, file: ResultFile, name: string): Promise<string> {
  const dir = join(deps.libraryDir, FOLDER, seed);
  const fetched = await fetchToFile({ url: file.url, dir, baseName: name });
  return relativePath(deps.libraryDir, fetched.path);
}

async function musicSeed(deps: DemoSourcesDeps, seed: string, origin: TrackOrigin): Promise<SourceTrack[]> {
  const task = await deps.gateway.getTask(seed, 'music');
  const tracks = task.files.filter((f) => f.kind === 'audio');
  return Promise.all(
    tracks.map(async (audio) => {
      const cover = task.files.find((f) => f.kind === 'image' && f.index === audio.index);
      return {
        remoteTaskId: seed,
        origin,
        trackIndex: audio.index + 1,
        title: audio.title,
        durationSeconds: audio.durationSeconds,
        relativePath: await save(deps, seed, audio, `track-${audio.index + 1}`),
        coverRelativePath: cover ? await save(deps, seed, cover, `cover-${audio.index + 1}`) : null,
      };
    }),
  );
}

async function gridSeed(deps: DemoSourcesDeps, seed: string): Promise<SourceGrid[]> {
  const task = await deps.gateway.getTask(seed, 'tasks');
  const image = task.files.find((f) => f.kind === 'image');
  return image ? [{ remoteTaskId: seed, relativePath: await save(deps, seed, image, 'grid') }] : [];
}

/** Fetches every seed; a seed the gateway no longer has is left out rather than failing the rest. */
export async function loadDemoSources(deps: DemoSourcesDeps): Promise<DemoSources> {
  const { seeds } = deps;
  const settle = async <T>(work: Promise<T[]>): Promise<T[]> => work.catch(() => []);
  const [extend, upload, generated, grids] = await Promise.all([
    settle(musicSeed(deps, seeds.musicExtend, 'extend')),
    settle(musicSeed(deps, seeds.musicUpload, 'upload')),
    settle(musicSeed(deps, seeds.musicGenerated, 'generated')),
    settle(gridSeed(deps, seeds.grid)),
  ]);
  return { tracks: [...extend, ...upload, ...generated], grids };
}
