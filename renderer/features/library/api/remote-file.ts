// Library sync's fetch-on-open: an item whose file is on the remote only is downloaded (sha256 checked by the
// main process) when the viewer opens it; the library's pages are read again so the item shows its file.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

export function useFetchRemoteFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => bridge.sync.fetchFile.mutate({ id }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.library }),
  });
}
