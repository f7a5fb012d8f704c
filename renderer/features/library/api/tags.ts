// Tags, the model list and video posters: what the library's toolbar, tag editor and tiles ask main for.
// Keys sit under queryKeys.library, so every library event (a tag set anywhere, a file filed) refreshes them.
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { BridgeLibraryItem } from '../../../../shared/bridge';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

type LibraryPageView = { items: BridgeLibraryItem[]; total: number };

/** Tags in use with their counts, most used first; by prefix as the person types. */
export function useLibraryTags(prefix = '') {
  const trimmed = prefix.trim();
  return useQuery({
    queryKey: [...queryKeys.library, 'tags', trimmed],
    queryFn: () => bridge.library.tags.query(trimmed ? { prefix: trimmed, limit: 20 } : { limit: 20 }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** Tags by prefix, asked now (not through the cache): the tag editor checking a tag typed faster than the list. */
export function fetchTags(prefix: string) {
  return bridge.library.tags.query({ prefix, limit: 50 });
}

export function useLibraryModels() {
  return useQuery({
    queryKey: [...queryKeys.library, 'models'],
    queryFn: () => bridge.library.models.query(),
    staleTime: 30_000,
  });
}

export function useSetTags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; tags: string[] }) => bridge.library.setTags.mutate(input),
    onSuccess: (saved) => {
      // The saved item replaces its copy on every loaded page at once, so the chips never flick back to the
      // old tags while the refetch runs; the refetch then settles counts, tag lists and filtered views.
      client.setQueriesData<InfiniteData<LibraryPageView>>({ queryKey: queryKeys.library }, (data) =>
        data && Array.isArray(data.pages)
          ? {
              ...data,
              pages: data.pages.map((page) =>
                Array.isArray(page.items)
                  ? { ...page, items: page.items.map((item) => (item.id === saved.id ? saved : item)) }
                  : page,
              ),
            }
          : data,
      );
      client.setQueryData([...queryKeys.library, 'item', saved.id], saved);
      return client.invalidateQueries({ queryKey: queryKeys.library });
    },
  });
}

/** Stores a picture drawn from the file (a video's frame, a speech waveform); the library event refreshes the grid. */
export function setDrawnPoster(id: string, dataUrl: string): Promise<unknown> {
  return bridge.library.setPoster.mutate({ id, dataUrl });
}
