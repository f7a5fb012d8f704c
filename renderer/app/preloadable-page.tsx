// A part of the app whose code is fetched on first visit, and may be fetched before it. React.lazy suspends on
// its first render even when its code is already here, and a suspended page shows its Suspense fallback for at
// least React's 300 ms throttle: the Library opened after some 310 ms of nothing but that
// (`npm run bench -- library-grid`). So no Suspense here: code already here is rendered directly, and code still
// on its way shows the fallback for exactly as long as the fetch takes.
import { useEffect, useState, type ComponentType, type ReactElement } from 'react';

export interface PreloadablePage<P extends object> {
  Page: ComponentType<P>;
  /** Fetches the page's code now (idempotent); a failure is left for the visit to show. */
  preload(): Promise<void>;
}

type Shown<P> = { page: ComponentType<P> | null; error: unknown };

export function preloadablePage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Fallback: ComponentType,
): PreloadablePage<P> {
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
  function Page(props: P): ReactElement {
    // Chosen once per mount, and the fetch started during the first render rather than a frame later.
    const [shown, setShown] = useState<Shown<P>>(() => {
      if (!loaded) void fetchPage().catch(() => undefined);
      return { page: loaded, error: null };
    });
    useEffect(() => {
      if (shown.page || shown.error) return undefined;
      let mounted = true;
      fetchPage().then(
        (page) => mounted && setShown({ page, error: null }),
        (error: unknown) => mounted && setShown({ page: null, error }),
      );
      return () => {
        mounted = false;
      };
    }, [shown]);
    // A fetch that failed (offline, a stale build) is the page's error boundary's to show, with its retry.
    if (shown.error) throw shown.error;
    const Chosen = shown.page;
    return Chosen ? <Chosen {...props} /> : <Fallback />;
  }
  return { Page, preload: () => fetchPage().then(() => undefined) };
}

/**
 * Fetches parts' code once the start is done and the page is idle, one part per idle period and in the order
 * given (what the user most likely opens next first), so the start stays as light as it was and a first visit
 * waits for its data only. A part that fails to fetch is left for its visit to retry.
 */
export function useIdlePreload(parts: readonly { preload(): Promise<void> }[]): void {
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return undefined;
    let stopped = false;
    let id = 0;
    const next = (index: number): void => {
      const part = parts[index];
      if (!part || stopped) return;
      void part
        .preload()
        .catch(() => undefined)
        .then(() => {
          if (!stopped) id = requestIdleCallback(() => next(index + 1));
        });
    };
    // Not before the screen that asked is painted: a fetched part is parsed and run on the main thread.
    const frame = requestAnimationFrame(() => {
      if (!stopped) id = requestIdleCallback(() => next(0), { timeout: 2_000 });
    });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      cancelIdleCallback(id);
    };
  }, [parts]);
}
