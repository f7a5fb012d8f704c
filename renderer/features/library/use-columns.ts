// How many grid columns fit the container, re-measured as it resizes.
import { useEffect, useState, type RefObject } from 'react';

export function useColumns(
  ref: RefObject<HTMLElement | null>,
  minWidth: number,
  gap: number,
): { columns: number; width: number } {
  const [size, setSize] = useState({ columns: 1, width: minWidth });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const available = element.clientWidth;
      const columns = Math.max(1, Math.floor((available + gap) / (minWidth + gap)));
      setSize({ columns, width: (available - gap * (columns - 1)) / columns });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, minWidth, gap]);
  return size;
}
