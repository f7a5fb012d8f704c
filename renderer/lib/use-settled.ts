// A value once it has stopped changing for a moment: what typing has settled on. Work that may follow the
// screen (a sum over every match) waits for it, so each key's own answer is not queued behind the sums of
// prefixes already typed past.
import { useEffect, useState } from 'react';

export function useSettled<T>(value: T, quietMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), quietMs);
    return () => window.clearTimeout(timer);
  }, [value, quietMs]);
  return settled;
}
