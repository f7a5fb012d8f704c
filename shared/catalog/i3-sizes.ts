// [EP-IMAGE-I3SIZE-1..7] Family I3's output size by ratio (size) and tier (resolution).
export const I3_RATIOS = ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3'] as const;
export const I3_RESOLUTIONS = ['1K', '2K'] as const;
export type I3Ratio = (typeof I3_RATIOS)[number];
export type I3Resolution = (typeof I3_RESOLUTIONS)[number];

export interface PixelSize {
  width: number;
  height: number;
}

export const I3_SIZE_TABLE: Readonly<Record<I3Ratio, Readonly<Record<I3Resolution, PixelSize>>>> = {
  '1:1': { '1K': { width: 1024, height: 1024 }, '2K': { width: 2048, height: 2048 } },
  '4:3': { '1K': { width: 1152, height: 864 }, '2K': { width: 2048, height: 1536 } },
  '3:4': { '1K': { width: 864, height: 1152 }, '2K': { width: 1536, height: 2048 } },
  '16:9': { '1K': { width: 1280, height: 720 }, '2K': { width: 2048, height: 1152 } },
  '9:16': { '1K': { width: 720, height: 1280 }, '2K': { width: 1152, height: 2048 } },
  '3:2': { '1K': { width: 1248, height: 832 }, '2K': { width: 2048, height: 1360 } },
  '2:3': { '1K': { width: 832, height: 1248 }, '2K': { width: 1360, height: 2048 } },
};

/**
 * The pixel size family I3 produces. Omitted values take the spec's defaults (size 1:1, resolution 1K,
 * [EP-IMAGE-3]); values outside the table give null.
 */
export function i3OutputSize(size: string = '1:1', resolution: string = '1K'): PixelSize | null {
  const row = (I3_SIZE_TABLE as Record<string, Record<string, PixelSize> | undefined>)[size];
  return row?.[resolution] ?? null;
}
