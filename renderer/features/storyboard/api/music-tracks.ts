// The tracks a music bed can be made from: the creator's own (library tracks with a gateway task and number),
// those earlier tasks named as their source, and the demo gateway's seeded ones; each once, the own ones first.
// (Create's source picker reads the same three lists with covers and players; a bed needs only the choice.)
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLibrary } from '../../../lib/api/library';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export interface BedTrack {
  key: string;
  remoteTaskId: string;
  trackIndex: number;
  title: string | null;
}

export function useBedTracks(): BedTrack[] {
  const own = useLibrary({ kind: 'audio', sort: 'newest' });
  const demo = useQuery({
    queryKey: ['demo-sources'],
    queryFn: () => bridge.sources.demo.query(),
    staleTime: Infinity,
  });
  const earlier = useQuery({
    queryKey: queryKeys.earlierSources,
    queryFn: () => bridge.sources.earlier.query(),
  });
  return useMemo(() => {
    const all: BedTrack[] = [
      ...(own.data?.pages.flatMap((p) => p.items) ?? []).flatMap((item) =>
        item.remoteTaskId && item.trackIndex !== null
          ? [{ remoteTaskId: item.remoteTaskId, trackIndex: item.trackIndex, title: item.title }]
          : [],
      ),
      ...(demo.data?.tracks ?? []).map((tr) => ({ ...tr, title: tr.title })),
      ...(earlier.data?.tracks ?? []).map((tr) => ({ ...tr, title: null })),
    ].map((tr) => ({
      key: `${tr.remoteTaskId}#${tr.trackIndex}`,
      remoteTaskId: tr.remoteTaskId,
      trackIndex: tr.trackIndex,
      title: tr.title,
    }));
    return all.filter((tr, i) => all.findIndex((o) => o.key === tr.key) === i);
  }, [own.data, demo.data, earlier.data]);
}
