// references.*: an upload from the form goes into the reference store beside the database; the form keeps the
// returned `studio-ref:` and shows the stored thumbnail.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

export function referencesHandlers({ references }: HostDeps): BridgeHandlers['references'] {
  return {
    add: ({ dataUrl }) => references.addDataUrl(dataUrl),
  };
}
