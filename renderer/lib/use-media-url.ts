// Library files load through the URL prefix the session reports: studio-media:// in the app, /media/ in web mode.
import { useCallback } from 'react';
import { mediaUrl } from '../../shared/bridge/media-url';
import { useSession } from './studio-queries';

export function useMediaUrl(): (relativePath: string) => string | null {
  const session = useSession();
  const base = session.data?.mediaBaseUrl;
  return useCallback((relativePath: string) => (base ? mediaUrl(base, relativePath) : null), [base]);
}
