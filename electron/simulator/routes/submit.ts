// Every asynchronous submission: auth, JSON, idempotency, family validation, balance, task, acknowledgement.
import type { SimToken } from '../accounts';
import { invalidRequest, SimError } from '../errors';
import { NO_CHANNEL_MARKER } from '../dialects';
import { hashBody, type IdempotencyStore } from '../idempotency';
import { jsonReply, parseJsonObject, readBody, type Reply } from '../http-util';
import { familyOf, IMAGE_FAMILIES, VIDEO_FAMILIES } from '../models';
import { taskObject, type SimTask } from '../tasks';
import { planImage } from '../validation/images';
import { planGridUpscale, planMusic, type MusicOperation } from '../validation/music';
import type { SubmissionPlan } from '../validation/plan';
import { DAY } from '../validation/plan';
import { planVideo } from '../validation/videos';
import { caller, type RouteContext } from './context';
import { withSentPicture } from './sent-picture';

export type SubmissionRoute = 'images' | 'videos' | 'grid' | `music:${MusicOperation}`;

/** [VER-2], [EP-IMAGE-I2HDR-2]: this header value selects Shape B for the extended image family. */
export const SHAPE_B_VERSION = '2026-07-27';

function plan(
  ctx: RouteContext,
  token: SimToken,
  route: SubmissionRoute,
  body: Record<string, unknown>,
): SubmissionPlan {
  if (ctx.dialects.has('no-channel') && JSON.stringify(body).includes(NO_CHANNEL_MARKER)) {
    // new-api's answer when no upstream channel serves the model in the key's group: configuration, not load.
    throw new SimError({
      status: 503,
      type: 'new_api_error',
      message: `当前分组 default 下对于模型 ${String(body.model ?? 'grid')} 无可用渠道 (no available channel)`,
    });
  }
  if (route === 'grid') return planGridUpscale(ctx, token, body);
  const family = familyOf(body.model);
  if (body.model === undefined) throw invalidRequest('model is required', 'model');
  if (!family) throw invalidRequest(`Unknown model: ${String(body.model)}`, 'model');
  if (route === 'images') {
    if (!IMAGE_FAMILIES.includes(family))
      throw invalidRequest(`${String(body.model)} is not an image model`, 'model');
    if (family === 'i2') ctx.errorStyle = 'i2';
    // apimart-version-header: the real gateway reads its own header name, not the spec's.
    const versionHeader = ctx.dialects.has('apimart-version-header')
      ? 'x-apimart-response-version'
      : 'x-service-response-version';
    const shapeB = ctx.req.headers[versionHeader] === SHAPE_B_VERSION;
    return withSentPicture(ctx, family, body, planImage(family, String(body.model), body, shapeB));
  }
  if (route === 'videos') {
    if (!VIDEO_FAMILIES.includes(family))
      throw invalidRequest(`${String(body.model)} is not a video model`, 'model');
    return planVideo(family, String(body.model), body);
  }
  if (family !== 'music') throw invalidRequest(`${String(body.model)} is not a music model`, 'model');
  return planMusic(ctx, token, route.slice('music:'.length) as MusicOperation, body);
}

/**
 * The object envelope public clients meet: {code, data: {id, status, object, task_info, poll_url}}; with
 * inline-result the data is the finished task itself (object "generation.result"), so there is nothing to poll.
 */
function objectAcknowledgement(ctx: RouteContext, task: SimTask): Reply {
  const taskInfo = { estimated_time: task.estimatedSeconds, can_cancel: true };
  if (ctx.dialects.has('inline-result')) {
    const done = taskObject(task, task.terminalMs, ctx.state.linkView(), {
      dialects: ctx.dialects,
      language: null,
    });
    return jsonReply(200, { code: 200, data: { ...done, object: 'generation.result', task_info: taskInfo } });
  }
  return jsonReply(200, {
    code: 200,
    data: {
      id: task.id,
      status: task.initialStatus,
      object: 'generation.task',
      task_info: taskInfo,
      poll_url: `/v1/${task.endpoint === 'music' ? 'music/tasks' : 'tasks'}/${task.id}`,
    },
  });
}

function acknowledgement(ctx: RouteContext, task: SimTask, plan: SubmissionPlan): Reply {
  if (ctx.dialects.has('object-envelope') || ctx.dialects.has('inline-result')) {
    return objectAcknowledgement(ctx, task);
  }
  switch (plan.ack) {
    case 'A': // [ACK-2]
      return jsonReply(200, { code: 200, data: [{ status: 'submitted', task_id: task.id }] });
    case 'B': // [ACK-3]
      return jsonReply(202, {
        code: 202,
        request_id: `req_${ctx.state.prng.hex(24)}`,
        data: {
          id: task.id,
          object: 'generation.task',
          type: 'image',
          status: 'pending',
          progress: 0,
          poll_url: `/v1/tasks/${task.id}`,
        },
      });
    case 'C': // [ACK-4]
      return jsonReply(200, { code: 'success', data: [{ task_id: task.id, status: 'processing' }] });
  }
}

/** multi-task: an image request for several pictures becomes one task per picture, each billed its share. */
function multiTaskParts(ctx: RouteContext, submission: SubmissionPlan): SubmissionPlan[] | null {
  const out = submission.output;
  if (!ctx.dialects.has('multi-task') || out.kind !== 'images' || out.images.length < 2) return null;
  const share = submission.costUsd / out.images.length;
  return out.images.map((image) => ({
    ...submission,
    costUsd: share,
    output: { kind: 'images', images: [image] },
  }));
}

/** [ACK-2] Shape A's array, one entry per task. */
function multiTaskAck(tasks: SimTask[]): Reply {
  return jsonReply(200, { code: 200, data: tasks.map((t) => ({ status: 'submitted', task_id: t.id })) });
}

export async function submit(
  ctx: RouteContext,
  route: SubmissionRoute,
  idempotency: IdempotencyStore,
): Promise<Reply> {
  const token = caller(ctx);
  const body = parseJsonObject(await readBody(ctx.req));
  if (route === 'images' && familyOf(body.model) === 'i2') ctx.errorStyle = 'i2';
  const key = ctx.req.headers['idempotency-key'];
  const idemKey = typeof key === 'string' && key !== '' ? key : null;
  const bodyHash = hashBody(ctx.url.pathname, body);
  const now = ctx.state.now();
  if (idemKey) {
    const replay = idempotency.lookup(token.user.id, idemKey, bodyHash, now);
    if (replay) return { ...replay, headers: { ...replay.headers, 'Idempotent-Replayed': 'true' } };
  }
  const planned = plan(ctx, token, route, body);
  // inline-result: the gateway answers with the finished task, so it takes no time at all.
  const submission = ctx.dialects.has('inline-result') ? { ...planned, durationMs: 0 } : planned;
  ctx.state.accounts.assertCanPay(token, submission.costUsd);
  const webhook = typeof body.webhook === 'string' ? body.webhook : null;
  const parts = multiTaskParts(ctx, submission);
  const reply = parts
    ? multiTaskAck(parts.map((part) => ctx.state.createTask(token, part, body, webhook)))
    : acknowledgement(ctx, ctx.state.createTask(token, submission, body, webhook), submission);
  if (idemKey) idempotency.remember(token.user.id, idemKey, bodyHash, reply, now + ctx.state.scaled(DAY));
  return reply;
}
