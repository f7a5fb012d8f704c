// Every track a music operation can take from here: the user's own (library items with a track number), the
// tracks earlier tasks sent to this gateway named as their source (made outside the app, or here), and, on the
// demo gateway, its seeded tracks. One list, so the picker and the submit check agree on origins.
import { useMemo } from 'react';
import type { FamilyId } from '../../../shared/catalog';
import type { TrackOrigin } from '../../../shared/bridge/source-schemas';
import { useDemoSources } from './api/get-demo-sources';
import { useEarlierSources } from './api/get-earlier-sources';
import { useLibrary } from '../../lib/api/library';
import { useMediaUrl } from '../../lib/use-media-url';

export interface PickableTrack {
  /** Unique in the list: gateway task id and track number. */
  key: string;
  remoteTaskId: string;
  trackIndex: number;
  title: string | null;
  durationSeconds: number | null;
  src: string | null;
  cover: string | null;
  /** null: not known here (a source an earlier task named), so the gateway judges it. */
  origin: TrackOrigin | null;
  /** The music operation that made it here; null for a demo track or one named by an earlier task. */
  madeBy: FamilyId | null;
  /** The music operation of an earlier task that named it as its source; null otherwise. */
  usedBy: FamilyId | null;
}

export interface PickableGrid {
  remoteTaskId: string;
  /** null for a grid an earlier upscale named: the grid itself was never downloaded here. */
  src: string | null;
}

export const trackKey = (remoteTaskId: string, trackIndex: number): string => `${remoteTaskId}#${trackIndex}`;

export function useSourceTracks(): { tracks: PickableTrack[]; grids: PickableGrid[]; loading: boolean } {
  const library = useLibrary({ kind: 'audio', sort: 'newest' });
  const demo = useDemoSources();
  const earlier = useEarlierSources();
  const toUrl = useMediaUrl();
  return useMemo(() => {
    const own: PickableTrack[] = (library.data?.pages.flatMap((p) => p.items) ?? []).flatMap((item) =>
      item.remoteTaskId && item.trackIndex !== null
        ? [
            {
              key: trackKey(item.remoteTaskId, item.trackIndex),
              remoteTaskId: item.remoteTaskId,
              trackIndex: item.trackIndex,
              title: item.title,
              durationSeconds: item.durationSeconds,
              src: toUrl(item.relativePath),
              cover: item.thumbnailRelativePath ? toUrl(item.thumbnailRelativePath) : null,
              // [EP-MUSIC-1] a track made by a music operation counts as generated.
              origin: 'generated' as const,
              madeBy: item.family,
              usedBy: null,
            },
          ]
        : [],
    );
    const seeded: PickableTrack[] = (demo.data?.tracks ?? []).map((track) => ({
      key: trackKey(track.remoteTaskId, track.trackIndex),
      remoteTaskId: track.remoteTaskId,
      trackIndex: track.trackIndex,
      title: track.title,
      durationSeconds: track.durationSeconds,
      src: toUrl(track.relativePath),
      cover: track.coverRelativePath ? toUrl(track.coverRelativePath) : null,
      origin: track.origin,
      madeBy: null,
      usedBy: null,
    }));
    const named: PickableTrack[] = (earlier.data?.tracks ?? []).map((track) => ({
      key: trackKey(track.remoteTaskId, track.trackIndex),
      remoteTaskId: track.remoteTaskId,
      trackIndex: track.trackIndex,
      title: null,
      durationSeconds: null,
      src: null,
      cover: null,
      origin: track.origin,
      madeBy: null,
      usedBy: track.usedBy,
    }));
    // A track the library or the demo shows with its sound and cover is listed there, not again.
    const seen = new Set<string>();
    const tracks = [...own, ...seeded, ...named].filter((t) => !seen.has(t.key) && seen.add(t.key));
    const shown = (demo.data?.grids ?? []).map((g) => ({
      remoteTaskId: g.remoteTaskId,
      src: toUrl(g.relativePath),
    }));
    const grids = [
      ...shown,
      ...(earlier.data?.grids ?? [])
        .filter((g) => !shown.some((s) => s.remoteTaskId === g.remoteTaskId))
        .map((g) => ({ remoteTaskId: g.remoteTaskId, src: null })),
    ];
    return { tracks, grids, loading: library.isPending || demo.isPending || earlier.isPending };
  }, [library.data, library.isPending, demo.data, demo.isPending, earlier.data, earlier.isPending, toUrl]);
}
