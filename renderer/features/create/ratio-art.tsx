// A small outline of an aspect ratio, so ratio choices read at a glance.
import type { ReactElement } from 'react';
import { isRatio } from '../../../shared/catalog';

const RATIO = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/;

export function RatioArt({ ratio }: { ratio: string }): ReactElement | null {
  // What a ratio is, is the catalog's rule (isRatio); this reads the two sides of one that passed it.
  const match = RATIO.exec(ratio);
  if (!match || !isRatio(ratio)) return null;
  const w = Number(match[1]);
  const h = Number(match[2]);
  const box = 24;
  const scale = box / Math.max(w, h);
  return (
    <span className="ratio-art" aria-hidden="true">
      <span style={{ width: Math.max(6, w * scale), height: Math.max(6, h * scale) }} />
    </span>
  );
}
