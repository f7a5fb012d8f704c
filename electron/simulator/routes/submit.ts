// Every asynchronous submission: auth, JSON, idempotency, family validation, balance, task, acknowledgement.
import type { SimToken } from '../accounts';
import { invalidRequest } from '../errors';
import { hashBody, type IdempotencyStore } from '../idempotency';
import { jsonReply, parseJsonObject, readBody, type Reply } from '../http-util';
import { familyOf, IMAGE_FAMILIES, VIDEO_FAMILIES } from '../models';
import type { SimTask } from '../tasks';
import { planImage } from '../validation/images';
import { planGridUpscale, planMusic, type MusicOperation } from '../validation/music';
import type { SubmissionPlan } from '../validation/plan';
import { DAY } from '../validation/plan';
import { planVideo } from '../validation/videos';
import { caller, type RouteContext } from './context';

export type SubmissionRoute = 'images' | 'videos' | 'grid' | `music:${MusicOperation}`;

/** [VER-2], [EP-IMAGE-I2HDR-2]: this header value selects Shape B for the extended image family. */
export const SHAPE_B_VERSION = '2026-07-27';

function plan(
  ctx: RouteContext,
  token: SimToken,
  route: SubmissionRoute,
  body: Record<string, unknown>,
): SubmissionPlan {
  if (route === 'grid') return planGridUpscale(ctx, token, body);
  const family = familyOf(body.model);
  if (body.model === undefined) throw invalidRequest('model is required', 'model');
  if (!family) throw invalidRequest(`Unknown model: ${String(body.model)}`, 'model');
  if (route === 'images') {
    if (!IMAGE_FAMILIES.includes(family))
      throw invalidRequest(`${String(body.model)} is not an image model`, 'model');
    if (family === 'i2') ctx.errorStyle = 'i2';
    const shapeB = ctx.req.headers['x-service-response-version'] === SHAPE_B_VERSION;
    return planImage(family, String(body.model), body, shapeB);
  }
  if (route === 'videos') {
    if (!VIDEO_FAMILIES.includes(family))
      throw invalidRequest(`${String(body.model)} is not a video model`, 'model');
    return planVideo(family, String(body.model), body);
  }
  if (family !== 'music') throw invalidRequest(`${String(body.model)} is not a music model`, 'model');
  return planMusic(ctx, token, route.slice('music:'.length) as MusicOperation, body);
}

function acknowledgement(ctx: RouteContext, task: SimTask, plan: SubmissionPlan): Reply {
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
  const submission = plan(ctx, token, route, body);
  ctx.state.accounts.assertCanPay(token, submission.costUsd);
  const webhook = typeof body.webhook === 'string' ? body.webhook : null;
  const task = ctx.state.createTask(token, submission, body, webhook);
  const reply = acknowledgement(ctx, task, submission);
  if (idemKey) idempotency.remember(token.user.id, idemKey, bodyHash, reply, now + ctx.state.scaled(DAY));
  return reply;
}
