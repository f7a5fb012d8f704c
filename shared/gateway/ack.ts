// [ACK-1..4] The three acknowledgement shapes, and the object envelope public clients meet, reduced to
// NormalizedAck.
import { z } from 'zod';
import type { TaskEndpoint } from '../catalog/family-ids';
import { errorFromAnswer } from './error-map';
import { GatewayError, invalidResponse } from './gateway-error';
import type { NormalizedAck, TaskStatus } from './normalized';
import { looseId, looseNumber } from './wire-values';
import { knownStatus, taskObjectSchema, toTaskSnapshot } from './task';

const ackEntry = z.looseObject({ task_id: looseId, status: z.string() });

/** [ACK-2] Shape A: music, video, most image models, grid upscale. */
export const ackShapeASchema = z.looseObject({
  code: z.union([z.literal(200), z.literal('200')]),
  data: z.array(ackEntry).min(1),
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
  data: z.array(ackEntry).min(1),
});

/**
 * The object envelope the gateway's public clients meet: Shape B's data under any success code (or none), with
 * task_info {estimated_time, can_cancel}. object "generation.result" means the data is the finished task.
 */
export const ackObjectSchema = z.looseObject({
  code: z
    .union([z.literal(200), z.literal('200'), z.literal(202), z.literal('202'), z.literal('success')])
    .optional(),
  request_id: z.string().optional(),
  data: z.looseObject({
    id: looseId,
    status: z.string(),
    object: z.string().optional(),
    poll_url: z.string().optional(),
    task_info: z
      .looseObject({ estimated_time: looseNumber.nullish(), can_cancel: z.boolean().nullish() })
      .nullish(),
  }),
});

export type AckShapeA = z.infer<typeof ackShapeASchema>;
export type AckShapeB = z.infer<typeof ackShapeBSchema>;
export type AckShapeC = z.infer<typeof ackShapeCSchema>;

/**
 * The status an acknowledgement reports, in any of the words public clients meet; a word outside them reads as
 * the shape's usual one (the task exists: polling says more). A task cannot be finished at acknowledgement
 * unless the answer holds its result (the object envelope's generation.result).
 */
function ackStatus(raw: string, fallback: TaskStatus): TaskStatus {
  const status = knownStatus(raw);
  return status === 'submitted' || status === 'pending' || status === 'processing' ? status : fallback;
}

/** [EP-TASK-1] [EP-MUSIC-1] a poll_url naming the music task endpoint wins over the family's default. */
function endpointOf(pollUrl: string | undefined, fallback: TaskEndpoint): TaskEndpoint {
  if (!pollUrl) return fallback;
  if (pollUrl.includes('/music/tasks/')) return 'music';
  if (pollUrl.includes('/tasks/')) return 'tasks';
  return fallback;
}

/** The object envelope (Shape B among it): one task, its estimate, and its result when the answer holds it. */
function objectAck(body: z.infer<typeof ackObjectSchema>, endpoint: TaskEndpoint): NormalizedAck {
  const { data } = body;
  const estimatedTime = data.task_info?.estimated_time ?? null;
  const ack: NormalizedAck = {
    taskId: data.id,
    status: ackStatus(data.status, 'pending'),
    endpoint: endpointOf(data.poll_url, endpoint),
    requestId: body.request_id ?? null,
    ...(estimatedTime !== null && { estimatedTime }),
  };
  if (data.object !== 'generation.result') return ack;
  const task = taskObjectSchema.safeParse(data);
  if (!task.success) throw invalidResponse('acknowledgement', 'its result could not be read');
  const result = toTaskSnapshot(task.data, data.id);
  return {
    ...ack,
    status: result.status,
    result: { ...result, estimatedTime: result.estimatedTime ?? estimatedTime },
  };
}

/**
 * Any of the shapes, whichever family sent it: the gateway picks between A and B for I2 on a condition the spec
 * does not show ([EP-IMAGE-I2HDR-3]). A task id is what matters; a body without one is refused, and an error
 * body under a success status is the error it says ({code: 402, message} is a 402).
 */
export function parseAck(
  body: unknown,
  endpoint: TaskEndpoint,
  httpStatus: number | null = null,
): NormalizedAck {
  const object = ackObjectSchema.safeParse(body);
  if (object.success) return objectAck(object.data, endpoint);
  for (const [schema, fallback] of [
    [ackShapeASchema, 'submitted'],
    [ackShapeCSchema, 'processing'],
  ] as const) {
    const r = schema.safeParse(body);
    if (r.success) {
      const [first, ...rest] = r.data.data;
      if (first)
        return {
          taskId: first.task_id,
          status: ackStatus(first.status, fallback),
          endpoint,
          requestId: null,
          // n > 1 on some gateways: one task per picture, all of them this press's.
          ...(rest.length > 0 && {
            siblings: rest.map((t) => ({ taskId: t.task_id, status: ackStatus(t.status, fallback) })),
          }),
        };
    }
  }
  const error = errorFromAnswer(body, httpStatus ?? 200);
  if (error) throw new GatewayError(error);
  throw invalidResponse('acknowledgement', 'no task id in shape A, B or C', httpStatus);
}
