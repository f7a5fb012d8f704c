// Create's recipe calls: the saved recipes and their files, what a run would send (for the total and the limits),
// the runs (read again when a 'recipe' event says one changed), start and retry (and what a retry would send).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecipeDraft } from '../../../../shared/studio/recipes';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

const recipesKey = ['recipes'] as const;
const runsKey = queryKeys.recipeRuns;

export function useRecipes() {
  return useQuery({ queryKey: recipesKey, queryFn: () => bridge.recipes.list.query() });
}

export function useRecipeRequests(id: string | null, prompts: string[]) {
  return useQuery({
    queryKey: ['recipe-requests', id, prompts],
    queryFn: () => bridge.recipes.requests.query({ id: id ?? '', ...(prompts.length ? { prompts } : {}) }),
    enabled: id !== null,
  });
}

/** Asked fresh at each press of "Try step N again", as the limits are: what that step would send. */
export function retryRequests(id: string) {
  return bridge.recipes.retryRequests.query({ id });
}

export function useRecipeRuns() {
  return useQuery({
    queryKey: runsKey,
    // A run moves step by step in the main process; each change comes as a 'recipe' event (cache-updates.ts).
    queryFn: () => bridge.recipes.runs.query(),
  });
}

export function useRecipeActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: recipesKey });
  const runsChanged = () => client.invalidateQueries({ queryKey: runsKey });
  return {
    run: useMutation({
      mutationFn: (input: { id: string; prompts?: string[]; confirmed?: boolean }) =>
        bridge.recipes.run.mutate(input),
      onSettled: runsChanged,
    }),
    retry: useMutation({
      mutationFn: (input: { id: string; confirmed?: boolean }) => bridge.recipes.retry.mutate(input),
      onSettled: runsChanged,
    }),
    cancel: useMutation({
      mutationFn: (id: string) => bridge.recipes.cancel.mutate({ id }),
      onSettled: runsChanged,
    }),
    save: useMutation({
      mutationFn: (input: { id?: string; recipe: RecipeDraft }) => bridge.recipes.save.mutate(input),
      onSettled: refresh,
    }),
    importFile: useMutation({
      mutationFn: (text: string) => bridge.recipes.import.mutate({ text }),
      onSettled: refresh,
    }),
    exportFile: useMutation({ mutationFn: (id: string) => bridge.recipes.export.mutate({ id }) }),
    remove: useMutation({
      mutationFn: (id: string) => bridge.recipes.delete.mutate({ id }),
      onSettled: refresh,
    }),
  };
}
