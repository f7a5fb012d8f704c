// Sources a creator picks rather than types: the demo gateway's seeded music tracks and grid, saved under the
// library folder so the renderer plays and shows them like library files. Tracks the user made are library
// items already (LibraryItem.trackIndex); these are the ones made elsewhere ([EP-MUSIC-6] upload and extend).
import { z } from 'zod';
import { familyIdSchema } from '../catalog/family-ids';

/** How a track came to be, which decides what a music operation accepts ([EP-MUSIC-2], [EP-MUSIC-5]). */
export const trackOriginSchema = z.enum(['extend', 'upload', 'generated']);
export type TrackOrigin = z.infer<typeof trackOriginSchema>;

export const sourceTrackSchema = z.object({
  /** The gateway's task id: what [SRC-1] task_id names. */
  remoteTaskId: z.string(),
  origin: trackOriginSchema,
  /** 1-based position in the task's music list: [SRC-1] audio_index. */
  trackIndex: z.number().int().min(1),
  title: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** The track's audio and cover, relative to the library folder (turn into URLs with mediaUrl()). */
  relativePath: z.string(),
  coverRelativePath: z.string().nullable(),
});
export type SourceTrack = z.infer<typeof sourceTrackSchema>;

export const sourceGridSchema = z.object({
  /** A completed four-image grid task ([EP-GRID-1] task_id). */
  remoteTaskId: z.string(),
  relativePath: z.string(),
});
export type SourceGrid = z.infer<typeof sourceGridSchema>;

export const demoSourcesSchema = z.object({
  tracks: z.array(sourceTrackSchema),
  grids: z.array(sourceGridSchema),
});
export type DemoSources = z.infer<typeof demoSourcesSchema>;

/**
 * A track an earlier music task sent to this gateway named as its source ([SRC-1]): one the user has there,
 * whoever made it (an upload or generation made outside the app, [EP-MUSIC-6]).
 */
export const earlierTrackSchema = z.object({
  remoteTaskId: z.string(),
  trackIndex: z.number().int().min(1),
  /** Known only when an operation that takes one origin completed with it ([EP-MUSIC-2], [EP-MUSIC-5]); else null. */
  origin: trackOriginSchema.nullable(),
  /** The music operation that named it last, and when. */
  usedBy: familyIdSchema,
  usedAt: z.number(),
});
export type EarlierTrack = z.infer<typeof earlierTrackSchema>;

/** A four-image grid an earlier upscale sent to this gateway named ([EP-GRID-1] task_id). */
export const earlierGridSchema = z.object({ remoteTaskId: z.string(), usedAt: z.number() });
export type EarlierGrid = z.infer<typeof earlierGridSchema>;

export const earlierSourcesSchema = z.object({
  tracks: z.array(earlierTrackSchema),
  grids: z.array(earlierGridSchema),
});
export type EarlierSources = z.infer<typeof earlierSourcesSchema>;
