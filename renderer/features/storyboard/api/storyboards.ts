// The Storyboard page's calls: the cast, the kept boards, the one price of the board on screen, the limits'
// answer before a press, runs of the board or a shot, retry and cancel. A board's runs are read again when a
// 'storyboard' event says one changed (cache-updates.ts), never on a timer.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CastMemberDraft } from '../../../../shared/studio/cast';
import type { EditListFormat } from '../../../../shared/studio/saved-storyboard';
import type { StoryboardInput } from '../../../../shared/studio/storyboard';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

const castKey = ['cast'] as const;
const boardsKey = ['storyboards'] as const;

export function useCast() {
  return useQuery({ queryKey: castKey, queryFn: () => bridge.cast.list.query() });
}

export function useCastActions() {
  const client = useQueryClient();
  const changed = () => client.invalidateQueries({ queryKey: castKey });
  return {
    save: useMutation({
      mutationFn: (input: { id?: string; member: CastMemberDraft }) => bridge.cast.save.mutate(input),
      onSettled: changed,
    }),
    remove: useMutation({
      mutationFn: (id: string) => bridge.cast.delete.mutate({ id }),
      onSettled: changed,
    }),
  };
}

export function useBoards() {
  return useQuery({ queryKey: boardsKey, queryFn: () => bridge.storyboards.list.query() });
}

/** The one price of the board as it stands on screen (saved or not); the last price stays while a new one comes. */
export function useBoardPrice(board: StoryboardInput | null) {
  return useQuery({
    queryKey: [...queryKeys.estimates, 'storyboard', board],
    queryFn: () => bridge.storyboards.estimate.query({ board: board as StoryboardInput }),
    enabled: board !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useBoardRuns(id: string | null) {
  return useQuery({
    queryKey: [...queryKeys.storyboardRuns, id],
    queryFn: () => bridge.storyboards.runs.query({ id: id ?? '' }),
    enabled: id !== null,
  });
}

export const checkBoard = (id: string, shot?: number) =>
  bridge.storyboards.check.query({ id, ...(shot !== undefined ? { shot } : {}) });
export const checkRetry = (runId: string) => bridge.storyboards.retryCheck.query({ runId });

export function useBoardActions() {
  const client = useQueryClient();
  const boardsChanged = () => client.invalidateQueries({ queryKey: boardsKey });
  const runsChanged = () => client.invalidateQueries({ queryKey: queryKeys.storyboardRuns });
  return {
    save: useMutation({
      mutationFn: (input: { id?: string; board: StoryboardInput }) => bridge.storyboards.save.mutate(input),
      onSettled: boardsChanged,
    }),
    remove: useMutation({
      mutationFn: (id: string) => bridge.storyboards.delete.mutate({ id }),
      onSettled: boardsChanged,
    }),
    run: useMutation({
      mutationFn: (input: { id: string; shot?: number; confirmed?: boolean }) =>
        bridge.storyboards.run.mutate(input),
      onSettled: () => (void boardsChanged(), runsChanged()),
    }),
    retry: useMutation({
      mutationFn: (input: { runId: string; confirmed?: boolean }) => bridge.storyboards.retry.mutate(input),
      onSettled: runsChanged,
    }),
    cancel: useMutation({
      mutationFn: (runId: string) => bridge.storyboards.cancel.mutate({ runId }),
      onSettled: runsChanged,
    }),
  };
}

/** One library item by id (the cut, a shot's video): for its file's address. */
export function useLibraryItem(id: string | null) {
  return useQuery({
    queryKey: ['library', 'item', id],
    queryFn: () => bridge.library.get.query({ id: id ?? '' }),
    enabled: id !== null,
  });
}

/** A library picture as a stored reference (`studio-ref:`, hard-linked, never copied twice). */
export function useStoreLibraryReference() {
  return useMutation({ mutationFn: (id: string) => bridge.reuse.asReference.mutate({ id }) });
}

/** A finished run's edit list as a file's name and text, asked for when a person saves it (never kept). */
export function editListOf(runId: string, format: EditListFormat) {
  return bridge.storyboards.editList.query({ runId, format });
}
