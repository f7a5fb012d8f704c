// Hashes of a decoded picture's RGBA pixels inside and outside a selection's hard mask: equal outside hashes
// mean not one pixel outside the selection moved.
import { createHash } from 'node:crypto';
import type { DecodedPicture } from '../../../electron/core/region-edit/region-composite';
import type { RegionMask } from '../../../electron/core/region-edit/region-mask';

export function maskedHashes(picture: DecodedPicture, mask: RegionMask): { inside: string; outside: string } {
  const inside = createHash('sha256');
  const outside = createHash('sha256');
  const { box, hard } = mask;
  for (let i = 0; i < picture.width * picture.height; i++) {
    const x = (i % picture.width) - box.x;
    const y = Math.floor(i / picture.width) - box.y;
    const within = x >= 0 && y >= 0 && x < box.w && y < box.h && hard[y * box.w + x] === 255;
    (within ? inside : outside).update(picture.data.subarray(i * 4, i * 4 + 4));
  }
  return { inside: inside.digest('hex'), outside: outside.digest('hex') };
}
