// Create's reuse calls: the settings a dropped file carries (an edit is sent as any press is, by press.send).
import { useMutation } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';

export function useReadSettings() {
  return useMutation({ mutationFn: (dataUrl: string) => bridge.reuse.readSettings.mutate({ dataUrl }) });
}
