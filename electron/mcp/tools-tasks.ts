// Sending and following tasks: one generate tool per family (its params schema the catalog's), sent now or put
// in the studio's queue, a task's state, and cancelling what has not been sent yet (a queued item: for nothing;
// why a task cannot be is cancel-rules.ts).
import { z } from 'zod';
import { FAMILIES } from '../../shared/catalog';
import type { FamilyId } from '../../shared/catalog';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import type { TaskRecord } from '../../shared/studio/records';
import { countedIds } from './actual-charges';
import { cannotCancel } from './cancel-rules';
import { sendPaid } from './paid-call';
import { familyRequest, generateToolName, modelIdsOf, paramsSchema, TASK_FAMILIES } from './family-requests';
import { itemShape, taskLine, taskShape } from './result-shapes';
import { defineTool, ToolRefusal } from './tool-registry';
import type { StudioTool, ToolCall, ToolOutcome } from './tool-registry';

/** What an agent's key may be: any text it chooses, bounded; it is hashed, never stored as given. */
export const callerKeySchema = z.string().min(1).max(200);

const KEY_HELP =
  'idempotency_key: any text you choose for this call; sending the same key again (a retry) answers with the ' +
  'task the first call wrote and pays nothing twice. Without one, only this very request is protected.';

/** Waits for the task to settle (or for the client to give up on the call) and answers with it and its files. */
export async function settledOutcome(call: ToolCall, task: TaskRecord): Promise<ToolOutcome> {
  const { engine, library } = call.studio;
  const settled = engine.isSettled(task) ? task : await engine.waitFor(task.id, call.signal);
  const items = library.forTask(settled.id);
  return {
    text: `${taskLine(settled)}; ${items.length} file${items.length === 1 ? '' : 's'} in the library.`,
    data: { task: taskShape(settled), items: items.map(itemShape) },
    taskIds: [settled.id],
  };
}

/** One request sent as a paid call: the session's cap, the limits, the person's approval, the agent's key. */
export async function sendTask(
  call: ToolCall,
  tool: string,
  request: SubmissionRequest,
  callerKey: string | undefined,
): Promise<TaskRecord> {
  const task = await sendPaid(call, tool, {
    callerKey,
    requests: [request],
    held: (key) => call.studio.engine.byKey(key),
    send: (key, confirmed) => call.studio.engine.submit(request, { key, confirmed }),
    counted: (sent) => [sent.id],
  });
  if (task.state === 'failed' && task.error)
    throw new ToolRefusal(`${taskLine(task)}: ${task.error.message}`);
  return task;
}

/**
 * One request put in the studio's submission queue instead of sent: nothing is charged until its turn comes (the
 * app sends the queue), and until then cancel takes it back for nothing. The limits are asked as it is queued.
 */
async function queueTask(
  call: ToolCall,
  tool: string,
  request: SubmissionRequest,
  callerKey: string | undefined,
): Promise<string> {
  const { queue } = call.studio.engine;
  const [id] = await sendPaid(call, tool, {
    callerKey,
    requests: [request],
    // A retry is answered by the queue itself: the item (or the task it became) holds the key.
    held: () => null,
    send: (key, confirmed) => queue.add([request], { origin: 'queue', key, keys: [key], confirmed }),
    counted: (ids) => ids.map(countedIds.queued),
  });
  if (!id) throw new ToolRefusal('The queue took nothing; nothing was sent.');
  return id;
}

function generateTool(family: FamilyId): StudioTool {
  const spec = FAMILIES[family];
  const name = generateToolName(family);
  const models = modelIdsOf(family);
  return defineTool({
    name,
    title: `Generate: ${spec.label}`,
    description:
      `Sends one ${spec.kind} task to ${spec.label} (${family}). It costs money: the studio's spending limits ` +
      'apply, and above the confirmation threshold the person is asked first. ' +
      (models.length ? `Models: ${models.join(', ')} (the first by default). ` : '') +
      'wait: true waits for the result and its files; otherwise the task is returned at once (task_status follows ' +
      "it). queue: true puts it in the studio's queue instead (the app sends it in its turn; cancel takes it back " +
      `for nothing until then). ${KEY_HELP}`,
    input: z.strictObject({
      ...(models.length ? { model: z.string().min(1).max(200).optional() } : {}),
      params: paramsSchema(family),
      wait: z.boolean().optional(),
      queue: z.boolean().optional(),
      idempotency_key: callerKeySchema.optional(),
    }),
    async run(input, call) {
      const model = 'model' in input && typeof input.model === 'string' ? input.model : undefined;
      const request = familyRequest(name, family, model, input.params);
      if (input.queue) {
        if (input.wait)
          throw new ToolRefusal(`The ${name} call was refused: wait and queue cannot go together.`);
        const id = await queueTask(call, name, request, input.idempotency_key);
        return {
          text: `Queued as item ${id}, not sent: nothing is charged until its turn comes (the app sends the queue); cancel takes it back for nothing until then.`,
          data: { queued: id },
        };
      }
      const task = await sendTask(call, name, request, input.idempotency_key);
      if (input.wait) return settledOutcome(call, task);
      return { text: `Sent: ${taskLine(task)}.`, data: { task: taskShape(task) }, taskIds: [task.id] };
    },
  });
}

export const taskStatus = defineTool({
  name: 'task_status',
  title: 'Task status',
  description: "A task's state, progress, cost and files (its local id, as the generate tools answer).",
  readOnly: true,
  input: z.strictObject({ task_id: z.string().min(1).max(100), wait: z.boolean().optional() }),
  async run(input, call) {
    const task = call.studio.engine.get(input.task_id);
    if (!task) throw new ToolRefusal(`There is no task ${input.task_id} in this studio.`);
    if (input.wait) return settledOutcome(call, task);
    const items = call.studio.library.forTask(task.id);
    return {
      text: `${taskLine(task)}.`,
      data: { task: taskShape(task), items: items.map(itemShape) },
      taskIds: [task.id],
    };
  },
});

export const cancel = defineTool({
  name: 'cancel',
  title: 'Cancel before it is charged',
  description:
    "Cancels what has not reached the gateway: an item of the studio's queue (generate with queue: true), for " +
    'nothing. A task the gateway has acknowledged cannot be cancelled: the gateway offers no cancel request, so ' +
    'it runs to its end and may be charged; the answer says so.',
  input: z.strictObject({ id: z.string().min(1).max(100) }),
  async run(input, call) {
    const { engine } = call.studio;
    const task = engine.get(input.id);
    if (task) throw new ToolRefusal(cannotCancel(task));
    const result = engine.queue.cancel([input.id]);
    if (result.cancelled.length === 0) {
      throw new ToolRefusal(
        `There is no task or waiting queue item ${input.id} to cancel (an item whose turn came is a task now: task_status names it).`,
      );
    }
    const charged = result.atGateway.length > 0;
    return {
      text: charged
        ? `Cancelled queued item ${input.id}; it had already left for the gateway and may be charged.`
        : `Cancelled queued item ${input.id} before it was sent: nothing is charged.`,
      data: { cancelled: result.cancelled, mayBeCharged: result.atGateway },
    };
  },
});

export const taskTools: readonly StudioTool[] = [...TASK_FAMILIES.map(generateTool), taskStatus, cancel];
