// Library files load through the URL prefix the session reports: studio-media:// in the app, /media/ in web mode.
import { useCallback } from 'react';
import { mediaUrl, referenceUrl } from '../../shared/bridge/media-url';
import type { ReferenceVariant } from '../../shared/bridge/media-url';
import { referenceSha } from '../../shared/studio/references';
import { useSession } from './api/session';

export function useMediaUrl(): (relativePath: string) => string | null {
  const session = useSession();
  const base = session.data?.mediaBaseUrl;
  return useCallback((relativePath: string) => (base ? mediaUrl(base, relativePath) : null), [base]);
}

/** The URL of a stored reference image (`studio-ref:<sha256>`) on this transport; null for any other value. */
export function useReferenceUrl(): (value: string, variant?: ReferenceVariant) => string | null {
  const session = useSession();
  const base = session.data?.mediaBaseUrl;
  return useCallback(
    (value: string, variant: ReferenceVariant = 'thumbnail') => {
      const sha256 = referenceSha(value);
      return base && sha256 ? referenceUrl(base, sha256, variant) : null;
    },
    [base],
  );
}
