// The identifiers of every model family in spec/gateway-api.md. Everything else about a family (endpoint,
// fields, bounds, defaults, ack shape, reference images) lives in the catalog built on these ids.
import { z } from 'zod';

export const FAMILY_IDS = [
  'image.i1', // [EP-IMAGE-1] standard and pro variants, Shape C
  'image.i2', // [EP-IMAGE-2] extended, Shape B/A, Idempotency-Key
  'image.i3', // [EP-IMAGE-3] size table, nsfw_check
  'image.i4', // [EP-IMAGE-4] text only, 24 h links
  'image.i5', // [EP-IMAGE-5] plus alias
  'image.i6', // [EP-IMAGE-6] 24 h links
  'video.v1', // [EP-VIDEO-1] pro and turbo
  'video.v2', // [EP-VIDEO-2] reference-to-video
  'video.h', // [EP-VIDEO-3]
  'video.w', // [EP-VIDEO-4]
  'video.k', // [EP-VIDEO-5]
  'video.s', // [EP-VIDEO-6] standard, fast, mini
  'music.concat', // [EP-MUSIC-2]
  'music.generateMp4', // [EP-MUSIC-3]
  'music.adjustSpeed', // [EP-MUSIC-4]
  'music.addInstrumental', // [EP-MUSIC-5]
  'grid.upscale', // [EP-GRID-1]
  'speech', // [EP-SPEECH-1] synchronous
] as const;

export const familyIdSchema = z.enum(FAMILY_IDS);
export type FamilyId = z.infer<typeof familyIdSchema>;

/** What a family produces and how it is tracked. 'speech' is synchronous and never becomes a task. */
export const taskKindSchema = z.enum(['image', 'video', 'music', 'upscale']);
export type TaskKind = z.infer<typeof taskKindSchema>;

/** Which endpoint a task is polled on: /v1/tasks/{id} or /v1/music/tasks/{id} ([EP-TASK-1], [EP-MUSIC-1]). */
export const taskEndpointSchema = z.enum(['tasks', 'music']);
export type TaskEndpoint = z.infer<typeof taskEndpointSchema>;
