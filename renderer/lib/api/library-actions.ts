// What any page does to library items it shows: mark one a favourite, send some to the trash and take that back.
// Shared (the library's viewer and selection, the region editor's takes), so each is one bridge call in one place.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LibrarySelection } from '../../../shared/studio/library-selection';
import { bridge } from '../bridge';
import { queryKeys } from '../query-client';

function useRefetchLibrary(alsoTasks = false) {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: queryKeys.library });
    // A deleted or restored file changes what its task can claim to have saved.
    if (alsoTasks) await client.invalidateQueries({ queryKey: queryKeys.tasks });
  };
}

export function useSetFavourite() {
  const refetch = useRefetchLibrary();
  return useMutation({
    mutationFn: (input: { id: string; favourite: boolean }) => bridge.library.setFavourite.mutate(input),
    onSuccess: refetch,
  });
}

export function useTrash() {
  const refetch = useRefetchLibrary(true);
  return useMutation({
    mutationFn: (selection: LibrarySelection) => bridge.library.trash.mutate({ selection }),
    onSuccess: refetch,
  });
}

export function useUndoTrash() {
  const refetch = useRefetchLibrary(true);
  return useMutation({
    mutationFn: (undoId: string) => bridge.library.undoTrash.mutate({ undoId }),
    onSuccess: refetch,
  });
}
