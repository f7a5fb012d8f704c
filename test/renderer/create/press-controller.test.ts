// The press controller (renderer/features/create/press-controller.ts) over fake ports: every kind of press is
// measured by its total, asked about when the limits say so, stopped past a budget, and sent by the one procedure
// with the styles of each request riding along, so they are kept in the transaction of the task they go with.
import type { FamilyId, ModelChoice } from '../../../shared/catalog';
import { describe, expect, it, vi } from 'vitest';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { AppliedStyle } from '../../../shared/studio/presets';
import {
  NO_BATCH,
  planPress,
  singlePress,
  type PressInput,
  type PressPlan,
  type SpendDecision,
  askThenSend,
  type AskSpending,
} from '../../../shared/studio/press';
import { sampleTask } from '../../bridge/fixture-handlers';
import type { SpendCheck } from '../../../shared/studio/spending';
import { PressKeys } from '../../../renderer/lib/press-keys';
import { PressController, type PressPorts } from '../../../renderer/features/create/press-controller';

/** One model of "Also run on…", as the picker offers it. */
const choice = (family: FamilyId, model: string): ModelChoice => ({
  family,
  model,
  variant: 'default',
  several: false,
});
const FILM: AppliedStyle = { id: 'film', name: 'Film', text: '35 mm film', placement: 'after' };
const I3: SubmissionRequest = { family: 'image.i3', model: 'image_model_id_i3', params: { prompt: 'a fox' } };

const CHECK: SpendCheck = {
  unit: 'usd',
  timeZone: 'UTC',
  estimate: 0.04,
  unknown: 0,
  unpricedModels: [],
  confirmAbove: null,
  needsConfirmation: false,
  refusal: null,
};

function planOf(over: Partial<PressInput>): PressPlan {
  const result = planPress({
    request: I3,
    styles: [],
    batch: NO_BATCH,
    batchable: true,
    fanOut: [],
    models: {},
    ...over,
  });
  if (!result.ok) throw new Error(result.problem.kind);
  return result.plan;
}

/** A controller over recorded senders; `decision` is what the question answers (go unasked by default). */
function rig(decision: SpendDecision = { go: true, confirmed: false }, check: SpendCheck = CHECK) {
  const asked: SpendCheck[] = [];
  const ask: AskSpending = async (c) => (asked.push(c), decision);
  const send = {
    submit: vi.fn(async () => sampleTask),
    submitEdit: vi.fn(async () => sampleTask),
    submitBatch: vi.fn(async (input: { requests: SubmissionRequest[] }) => ({
      batchId: 'b1',
      tasks: input.requests.map(() => sampleTask),
    })),
    queue: vi.fn(async (input: { requests: SubmissionRequest[] }) => ({
      ids: input.requests.map((_, i) => `q${i}`),
    })),
  };
  const measured: SubmissionRequest[][] = [];
  const ports: PressPorts = {
    check: async (requests) => (measured.push([...requests]), check),
    ask,
    send,
    keys: new PressKeys(),
  };
  return { controller: new PressController(ports), send, asked, measured };
}

describe('PressController', () => {
  it('one request: measured, sent once with its key; the next press of it is a new take', async () => {
    const { controller, send, measured } = rig();
    const outcome = await controller.press(singlePress(I3));
    expect(outcome).toEqual({ status: 'sent', value: { kind: 'task', task: sampleTask } });
    expect(measured).toEqual([[I3]]);
    expect(send.submit).toHaveBeenCalledWith({ ...I3, confirmed: false, key: expect.any(String) });
    await controller.press(singlePress(I3));
    const keys = send.submit.mock.calls.map((c) => (c as unknown as [{ key: string }])[0].key);
    expect(new Set(keys).size).toBe(2);
  });

  it('with styles: the styled prompt is sent and the words typed go with it, in the same call', async () => {
    const { controller, send } = rig();
    await controller.press(planOf({ styles: [FILM] }));
    expect(send.submit).toHaveBeenCalledWith({
      ...I3,
      params: { prompt: 'a fox, 35 mm film' },
      confirmed: false,
      key: expect.any(String),
      styles: { typed: 'a fox', styles: [FILM] },
    });
  });

  it('an edit goes as an edit of its task, its styles with it', async () => {
    const { controller, send } = rig();
    await controller.press(planOf({ styles: [FILM] }), { editOf: 'task-7' });
    expect(send.submit).not.toHaveBeenCalled();
    expect(send.submitEdit).toHaveBeenCalledWith(
      expect.objectContaining({ editOf: 'task-7', styles: { typed: 'a fox', styles: [FILM] } }),
    );
  });

  it('batch lines: one batch call, measured by its total, each line keeping its own words', async () => {
    const { controller, send, measured } = rig();
    const plan = planOf({
      request: { ...I3, params: { prompt: 'a fox\na heron' } },
      batch: { on: true, takes: 1 },
      styles: [FILM],
    });
    const outcome = await controller.press(plan);
    expect(measured).toEqual([plan.requests]);
    expect(outcome.status === 'sent' && outcome.value).toEqual({
      kind: 'batch',
      mode: 'batch',
      batchId: 'b1',
      size: 2,
      tasks: [sampleTask, sampleTask],
    });
    expect(send.submitBatch).toHaveBeenCalledWith({
      requests: plan.requests,
      confirmed: false,
      key: expect.any(String),
      compare: false,
      styles: [
        { typed: 'a fox', styles: [FILM] },
        { typed: 'a heron', styles: [FILM] },
      ],
    });
  });

  it('fan-out over several models: one compare group, every model keeping the styles', async () => {
    const { controller, send } = rig();
    const plan = planOf({
      styles: [FILM],
      fanOut: [choice('image.i1', 'image_model_id_i1'), choice('image.i4', 'image_model_id_i4')],
    });
    await controller.press(plan);
    const [input] = send.submitBatch.mock.calls[0] as unknown as [{ compare: boolean; styles: unknown[] }];
    expect(input.compare).toBe(true);
    expect(input.styles).toEqual([1, 2, 3].map(() => ({ typed: 'a fox', styles: [FILM] })));
  });

  it('Queue: the press waits in the queue as a batch, its styles with each item', async () => {
    const { controller, send } = rig();
    const plan = planOf({
      request: { ...I3, params: { prompt: 'a\nb' } },
      batch: { on: true, takes: 1 },
      styles: [FILM],
    });
    expect(await controller.press(plan, { toQueue: true })).toEqual({
      status: 'sent',
      value: { kind: 'queued', count: 2 },
    });
    expect(send.queue).toHaveBeenCalledWith(
      expect.objectContaining({
        batch: true,
        styles: [expect.objectContaining({ typed: 'a' }), expect.anything()],
      }),
    );
    expect(send.submitBatch).not.toHaveBeenCalled();
  });

  it('above the threshold: asked, and sent confirmed when the person says send', async () => {
    const above = { ...CHECK, confirmAbove: 0.01, needsConfirmation: true };
    const { controller, send, asked } = rig({ go: true, confirmed: true }, above);
    await controller.press(singlePress(I3));
    expect(asked).toEqual([above]);
    expect(send.submit).toHaveBeenCalledWith(expect.objectContaining({ confirmed: true }));
  });

  it('over budget (or the question declined): stopped with its sentence, nothing sent', async () => {
    const { controller, send } = rig({ go: false, failure: 'Past the daily budget.' });
    expect(await controller.press(planOf({ batch: { on: true, takes: 2 } }))).toEqual({
      status: 'stopped',
      failure: 'Past the daily budget.',
    });
    expect(send.submit).not.toHaveBeenCalled();
    expect(send.submitBatch).not.toHaveBeenCalled();
  });

  it('a failed send comes back as the error, and its key is kept for the retry of the same press', async () => {
    const { controller, send } = rig();
    const refused = new Error('connection lost');
    send.submit.mockRejectedValueOnce(refused);
    expect(await controller.press(singlePress(I3))).toEqual({ status: 'failed', error: refused });
    await controller.press(singlePress(I3));
    const keys = send.submit.mock.calls.map((c) => (c as unknown as [{ key: string }])[0].key);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('askThenSend', () => {
  it('a check that cannot be made is a failure, and nothing is sent', async () => {
    const send = vi.fn(async () => 'sent');
    const broken = new Error('bridge down');
    const outcome = await askThenSend(
      async () => ({ go: true, confirmed: false }),
      () => Promise.reject(broken),
      send,
    );
    expect(outcome).toEqual({ status: 'failed', error: broken });
    expect(send).not.toHaveBeenCalled();
  });
});
