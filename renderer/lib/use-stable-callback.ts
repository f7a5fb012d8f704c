// A function whose identity never changes but that always calls the latest `fn` the component rendered with.
// Memoised children (the library grid's tiles) take it as a prop: a new arrow each render would make every one of
// them render again on each scroll event.
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  // Updated after the render commits, before the browser can deliver an event to what it drew.
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
