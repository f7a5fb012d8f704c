// The library's bulk actions over a selection (picked ids, or all matching the filter but some): one bridge
// call each, never one per item. The library's queries are refetched by the one library-bulk event the main
// process sends, and here as well so the page that acted is never behind its own action.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StrayAction } from '../../../../shared/studio/stray-files';
import type { LibrarySelection } from '../../../../shared/studio/library-selection';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

function useRefetchLibrary(alsoTasks = false) {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: queryKeys.library });
    // A deleted or restored file changes what its task can claim to have saved.
    if (alsoTasks) await client.invalidateQueries({ queryKey: queryKeys.tasks });
  };
}

export function useBulkFavourite() {
  const refetch = useRefetchLibrary();
  return useMutation({
    mutationFn: (input: { selection: LibrarySelection; favourite: boolean }) =>
      bridge.library.bulkFavourite.mutate(input),
    onSuccess: refetch,
  });
}

export function useBulkTags() {
  const refetch = useRefetchLibrary();
  return useMutation({
    mutationFn: (input: { selection: LibrarySelection; add: string[]; remove: string[] }) =>
      bridge.library.bulkTags.mutate(input),
    onSuccess: refetch,
  });
}

// Trash and Undo are shared with other pages: renderer/lib/api/library-actions.ts.
export { useTrash, useUndoTrash } from '../../../lib/api/library-actions';

/** Web mode: a link to a zip of the selection. */
export function useExportZip() {
  return useMutation({
    mutationFn: (selection: LibrarySelection) => bridge.library.exportZip.mutate({ selection }),
  });
}

/** The desktop app: the folder chooser, then the files copied into the folder picked. */
export function useExportToFolder() {
  return useMutation({
    mutationFn: (selection: LibrarySelection) => bridge.desktop.exportToFolder.mutate({ selection }),
  });
}

/** Files in the library folder no item indexes, found when the library opens (a crash left them). */
export function useStrays() {
  return useQuery({
    queryKey: [...queryKeys.library, 'strays'],
    queryFn: () => bridge.library.strays.query(),
  });
}

/** Adds the strays named back to the library, or moves them to the trash. */
export function useSortStrays() {
  const refetch = useRefetchLibrary();
  return useMutation({
    mutationFn: (input: StrayAction) => bridge.library.sortStrays.mutate(input),
    onSuccess: refetch,
  });
}

/** Deletions a restart found inside their undo window: the toast that offered Undo is gone, this offers it. */
export function useOpenUndos() {
  return useQuery({
    queryKey: [...queryKeys.library, 'open-undos'],
    queryFn: () => bridge.library.openUndos.query(),
  });
}
