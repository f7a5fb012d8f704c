// Image thumbnails live beside their file under .thumbs/, so a date folder can be moved or backed up whole.
import { mkdir } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import sharp from 'sharp';
import { embeddedCover } from './media-probe';

export const THUMBNAIL_WIDTH = 320;

export function thumbnailPathFor(filePath: string): string {
  return join(dirname(filePath), '.thumbs', `${basename(filePath, extname(filePath))}.webp`);
}

/** Writes a WebP at most THUMBNAIL_WIDTH wide; returns null when sharp cannot read the image. */
export async function writeThumbnail(filePath: string): Promise<string | null> {
  const target = thumbnailPathFor(filePath);
  try {
    await mkdir(dirname(target), { recursive: true });
    await sharp(filePath)
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(target);
    return target;
  } catch {
    return null;
  }
}

/**
 * A picture drawn from a file by the renderer (a video's poster frame, a speech take's waveform: no video or
 * audio decoder runs in Node), stored
 * as the item's thumbnail so its tile is a plain picture from then on. The bytes are decoded and re-encoded
 * here, so what is stored is a checked WebP of thumbnail size whatever was sent; throws on bytes that are no
 * picture.
 */
export async function writePoster(videoPath: string, frame: Uint8Array): Promise<string> {
  const target = thumbnailPathFor(videoPath);
  await mkdir(dirname(target), { recursive: true });
  await sharp(frame, { limitInputPixels: 8192 * 8192 })
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toFile(target);
  return target;
}

/** The picture embedded in an audio file (an MP3's cover), as its thumbnail; null when it carries none. */
export async function writeEmbeddedCover(audioPath: string): Promise<string | null> {
  const cover = await embeddedCover(audioPath);
  if (!cover) return null;
  try {
    return await writePoster(audioPath, cover.data);
  } catch {
    return null;
  }
}
