// The fixture bridge's press.send: the core's real Press (electron/core/press/press.ts), planning each intent and
// sending it through the fixture's own lower doors (tasks.submit, reuse.submitEdit, tasks.submitBatch, queue.add),
// each handed what that procedure takes. So a component test that records what reached tasks.submit sees what the
// core's press sent for the form's intent: the styled prompt, a batch's lines, a compare group, the queue.
import type { BridgeHandlers } from '../../shared/bridge/contract';
import { Press, type PressEngine } from '../../electron/core/press/press';
import { sampleTask } from './fixture-handlers';

export function fixturePress(handlers: BridgeHandlers): BridgeHandlers['press'] {
  const money = (o: { confirmed?: boolean; key?: string }) => ({
    confirmed: o.confirmed ?? false,
    ...(o.key !== undefined ? { key: o.key } : {}),
  });
  const engine: PressEngine = {
    // Every task the form was opened from is known to the fixture.
    get: (id) => ({ ...sampleTask, id }),
    submit: (request, o) =>
      o.madeFrom
        ? handlers.reuse.submitEdit({
            request,
            editOf: o.madeFrom.taskId,
            ...money(o),
            ...(o.styles ? { styles: o.styles } : {}),
          })
        : handlers.tasks.submit({ ...request, ...money(o), ...(o.styles ? { styles: o.styles } : {}) }),
    submitBatch: (requests, o) =>
      handlers.tasks.submitBatch({
        requests: [...requests],
        ...money(o),
        compare: false,
        ...(o.styles ? { styles: [...o.styles] } : {}),
      }),
    fanOut: (requests, o) =>
      handlers.tasks.submitBatch({
        requests: [...requests],
        ...money(o),
        compare: true,
        ...(o.styles ? { styles: [...o.styles] } : {}),
      }),
    queue: {
      add: async (requests, o) =>
        (
          await handlers.queue.add({
            requests: [...requests],
            ...money(o),
            batch: o.batch !== undefined,
            ...(o.styles ? { styles: [...o.styles] } : {}),
          })
        ).ids,
    },
  };
  const press = new Press({ engine, models: () => ({}) });
  return { send: ({ intent, confirmed, key }) => press.send(intent, { confirmed, key }) };
}
