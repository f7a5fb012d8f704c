// Every track a music operation can take from here: the user's own (library items with a track number) and,
// on the demo gateway, its seeded tracks. One list, so the picker and the submit check agree on origins.
import { useMemo } from 'react';
import type { FamilyId } from '../../../shared/catalog';
import type { TrackOrigin } from '../../../shared/bridge/source-schemas';
import { useDemoSources } from './api/get-demo-sources';
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
  origin: TrackOrigin;
  /** The music operation that made it here; null for a demo track. */
  madeBy: FamilyId | null;
}

export interface PickableGrid {
  remoteTaskId: string;
  src: string | null;
}

export const trackKey = (remoteTaskId: string, trackIndex: number): string => `${remoteTaskId}#${trackIndex}`;

export function useSourceTracks(): { tracks: PickableTrack[]; grids: PickableGrid[]; loading: boolean } {
  const library = useLibrary({ kind: 'audio', sort: 'newest' });
  const demo = useDemoSources();
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
    }));
    const seen = new Set<string>();
    const tracks = [...own, ...seeded].filter((t) => !seen.has(t.key) && seen.add(t.key));
    const grids = (demo.data?.grids ?? []).map((g) => ({
      remoteTaskId: g.remoteTaskId,
      src: toUrl(g.relativePath),
    }));
    return { tracks, grids, loading: library.isPending || demo.isPending };
  }, [library.data, library.isPending, demo.data, demo.isPending, toUrl]);
}
