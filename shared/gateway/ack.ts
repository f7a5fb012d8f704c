// [ACK-1..4] The three acknowledgement shapes, parsed and reduced to NormalizedAck.
import { z } from 'zod';
import type { TaskEndpoint } from '../catalog/family-ids';
import { invalidResponse } from './gateway-error';
import type { NormalizedAck, TaskStatus } from './normalized';
import { looseId } from './wire-values';
import { strictTaskStatusSchema } from './task';

/** [ACK-2] Shape A: music, video, most image models, grid upscale. */
export const ackShapeASchema = z.looseObject({
  code: z.union([z.literal(200), z.literal('200')]),
  data: z.array(z.looseObject({ task_id: looseId, status: z.string() })).min(1),
});

/** [ACK-3] Shape B: the extended image family (HTTP 202). */
export const ackShapeBSchema = z.looseObject({
  code: z.union([z.literal(202), z.literal('202')]),
  request_id: z.string().optional(),
  data: z.looseObject({
    id: looseId,
    object: z.string().optional(),
    type: z.string().optional(),
    status: z.string(),
    progress: z.number().optional(),
    poll_url: z.string().optional(),
  }),
});

/** [ACK-4] Shape C: the first image family. */
export const ackShapeCSchema = z.looseObject({
  code: z.literal('success'),
  data: z.array(z.looseObject({ task_id: looseId, status: z.string() })).min(1),
});

export type AckShapeA = z.infer<typeof ackShapeASchema>;
export type AckShapeB = z.infer<typeof ackShapeBSchema>;
export type AckShapeC = z.infer<typeof ackShapeCSchema>;

/** The status an acknowledgement reports; a value outside the five states reads as the shape's usual one. */
function ackStatus(raw: string, fallback: TaskStatus): TaskStatus {
  const parsed = strictTaskStatusSchema.safeParse(raw);
  return parsed.success ? parsed.data : fallback;
}

/** [EP-TASK-1] [EP-MUSIC-1] a poll_url naming the music task endpoint wins over the family's default. */
function endpointOf(pollUrl: string | undefined, fallback: TaskEndpoint): TaskEndpoint {
  if (!pollUrl) return fallback;
  if (pollUrl.includes('/music/tasks/')) return 'music';
  if (pollUrl.includes('/tasks/')) return 'tasks';
  return fallback;
}

/**
 * Any of the three shapes, whichever family sent it: the gateway picks between A and B for I2 on a condition
 * the spec does not show ([EP-IMAGE-I2HDR-3]). A task id is what matters; a body without one is refused.
 */
export function parseAck(
  body: unknown,
  endpoint: TaskEndpoint,
  httpStatus: number | null = null,
): NormalizedAck {
  const b = ackShapeBSchema.safeParse(body);
  if (b.success) {
    return {
      taskId: b.data.data.id,
      status: ackStatus(b.data.data.status, 'pending'),
      endpoint: endpointOf(b.data.data.poll_url, endpoint),
      requestId: b.data.request_id ?? null,
    };
  }
  for (const [schema, fallback] of [
    [ackShapeASchema, 'submitted'],
    [ackShapeCSchema, 'processing'],
  ] as const) {
    const r = schema.safeParse(body);
    if (r.success) {
      const [first] = r.data.data;
      if (first)
        return {
          taskId: first.task_id,
          status: ackStatus(first.status, fallback),
          endpoint,
          requestId: null,
        };
    }
  }
  throw invalidResponse('acknowledgement', 'no task id in shape A, B or C', httpStatus);
}
