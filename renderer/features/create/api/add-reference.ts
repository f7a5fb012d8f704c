// Reference images for the forms that take them: dropped or pasted files go to the reference store.
import { useMutation } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';

/** Uploads one dropped or pasted image (as a data URL) into the reference store; answers its studio-ref. */
export function useAddReference() {
  return useMutation({
    mutationFn: (dataUrl: string) => bridge.references.add.mutate({ dataUrl }),
  });
}
