// [EP-TASK-1], [EP-MUSIC-1], [AUTH-5], [TASK-13]: task queries, only for keys of the submitting user.
import { forbidden, notFound } from '../errors';
import { jsonReply, type Reply } from '../http-util';
import type { SimTask } from '../tasks';
import { taskObject } from '../tasks';
import { caller, type RouteContext } from './context';

/** Finds a task the caller may read, or throws 404/403. */
export function ownTask(ctx: RouteContext, id: string, what = 'task'): SimTask {
  const token = caller(ctx);
  const task = ctx.state.tasks.get(id);
  if (!task) throw notFound(`No ${what} with id ${id}.`);
  if (task.token.user !== token.user) throw forbidden(`This ${what} belongs to another user.`);
  return task;
}

/** A malformed %-escape is kept as it came: no task has such an id, so the caller gets 404 after auth. */
function decodedId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function getTask(ctx: RouteContext, endpoint: 'tasks' | 'music'): Reply {
  const id = decodedId(ctx.params[0] ?? '');
  const task = ownTask(ctx, id);
  if (task.endpoint !== endpoint) {
    const path = task.endpoint === 'music' ? '/v1/music/tasks/{id}' : '/v1/tasks/{id}';
    throw notFound(
      `No ${endpoint === 'music' ? 'music ' : ''}task with id ${id} here: it is polled on ${path}.`,
    );
  }
  const language = ctx.url.searchParams.get('language');
  const now = ctx.state.now();
  const finished = now >= task.terminalMs && !task.failure;
  const finishedAnswers = finished ? ctx.state.answeredFinished(task.id) : 0;
  const body = taskObject(task, now, ctx.state.linkView(), {
    dialects: ctx.dialects,
    language,
    finishedAnswers,
  });
  return jsonReply(200, task.enveloped ? { code: 200, data: body } : body);
}
