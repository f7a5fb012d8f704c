// A page whose code is fetched on first visit, and may be fetched before it. React.lazy alone suspends on its
// first render even when its code is already here, and a suspended page shows its fallback for at least React's
// 300 ms throttle: the Library opened after some 310 ms of nothing but that (`npm run bench -- library-grid`).
// So once the code is here, the page is rendered directly.
import { lazy, useState, type ComponentType, type ReactElement } from 'react';

export interface PreloadablePage<P extends object> {
  Page: ComponentType<P>;
  /** Fetches the page's code now (idempotent); a failure is left for the visit to show. */
  preload(): Promise<void>;
}

export function preloadablePage<P extends object>(load: () => Promise<ComponentType<P>>): PreloadablePage<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchPage = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (page) => (loaded = page),
      (error: unknown) => {
        pending = null; // a later visit tries again
        throw error;
      },
    ));
  const Lazy = lazy(() => fetchPage().then((page) => ({ default: page })));
  function Page(props: P): ReactElement {
    // Chosen once per mount: switching from the lazy to the loaded one would remount the page and lose its state.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Chosen {...props} />;
  }
  return { Page, preload: () => fetchPage().then(() => undefined) };
}
