// The prompt history every prompt field opens (Create's forms and Speech): a search as the person types, and
// pin and forget, each refreshing the list.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bridge } from '../bridge';
import { queryKeys } from '../query-client';

const historyKey = queryKeys.promptHistory;

/** Which texts a field's history lists: Create's prompts, or Speech's spoken texts. */
export type HistoryTexts = 'prompts' | 'speech';

export function usePromptHistory(search: string, texts: HistoryTexts) {
  return useQuery({
    queryKey: [...historyKey, texts, search],
    queryFn: () => bridge.history.list.query({ texts, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
    // Opened anew each time: what was just sent belongs in it.
    staleTime: 0,
  });
}

export function usePromptHistoryActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: historyKey });
  const pin = useMutation({
    mutationFn: (input: { text: string; pinned: boolean }) => bridge.history.pin.mutate(input),
    onSettled: refresh,
  });
  const forget = useMutation({
    mutationFn: (text: string) => bridge.history.forget.mutate({ text }),
    onSettled: refresh,
  });
  const forgetAll = useMutation({
    mutationFn: () => bridge.history.forgetAll.mutate(),
    onSettled: refresh,
  });
  return { pin, forget, forgetAll };
}
