// The press controller (renderer/features/create/press-controller.ts) over fake ports: every kind of press is
// measured by its total, asked about when the limits say so, stopped past a budget, and sent whole by the one
// procedure (press.send). Behind that port stands the core's real Press (through the fixture bridge's doors,
// test/bridge/fixture-press.ts), so what each press became is read where it reached the engine's doors: the
// styles of each request riding along, kept in the transaction of the task they go with.
import type { FamilyId, ModelChoice } from '../../../shared/catalog';
import { describe, expect, it, vi } from 'vitest';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import type { AppliedStyle } from '../../../shared/studio/presets';
import {
  NO_BATCH,
  planIntent,
  singleIntent,
  type PressIntent,
  type SpendDecision,
  askThenSend,
  type AskSpending,
} from '../../../shared/studio/press';
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { sampleTask } from '../../bridge/fixture-handlers';
import { fixturePress } from '../../bridge/fixture-press';
import type { PressSendInput } from '../../../renderer/features/create/api/press-send';
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

function intentOf(over: Partial<PressIntent>): PressIntent {
  return { request: I3, styles: [], batch: NO_BATCH, fanOut: [], toQueue: false, editOf: null, ...over };
}

/** The requests an intent's plan sends (what the spending check measures). */
function requestsOf(intent: PressIntent): SubmissionRequest[] {
  const result = planIntent(intent, {});
  if (!result.ok) throw new Error(result.problem.kind);
  return result.plan.requests;
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
  const doors = { tasks: send, reuse: send, queue: { add: send.queue } } as unknown as BridgeHandlers;
  const pressed: PressSendInput[] = [];
  const ports: PressPorts = {
    check: async (requests) => (measured.push([...requests]), check),
    ask,
    send: (input) => (pressed.push(input), fixturePress(doors).send(input)),
    keys: new PressKeys(),
  };
  return { controller: new PressController(ports), send, asked, measured, pressed };
}

describe('PressController', () => {
  it('sends every press by the one procedure: the intent whole, with the answer and the key', async () => {
    const { controller, pressed } = rig();
    const queued = intentOf({ batch: { on: true, takes: 2 }, toQueue: true, styles: [FILM] });
    await controller.press(queued);
    await controller.press(intentOf({ fanOut: [choice('image.i1', 'image_model_id_i1')] }));
    expect(pressed.map((p) => p.intent)).toEqual([queued, expect.objectContaining({ toQueue: false })]);
    expect(pressed.every((p) => p.confirmed === false && typeof p.key === 'string')).toBe(true);
  });

  it('a press that cannot go says why before anything is asked or sent', async () => {
    const { controller, asked, pressed } = rig();
    const blank = intentOf({ request: { ...I3, params: { prompt: ' \n ' } }, batch: { on: true, takes: 1 } });
    expect(await controller.press(blank)).toEqual({ status: 'cannot', problem: { kind: 'no-lines' } });
    const many = Array.from({ length: 101 }, (_, i) => `line ${i}`).join('\n');
    const tooMany = intentOf({ request: { ...I3, params: { prompt: many } }, batch: { on: true, takes: 1 } });
    expect(await controller.press(tooMany)).toEqual({
      status: 'cannot',
      problem: { kind: 'too-many', count: 101, max: 100 },
    });
    expect([asked, pressed]).toEqual([[], []]);
  });

  it('one request: measured, sent once with its key; the next press of it is a new take', async () => {
    const { controller, send, measured } = rig();
    const outcome = await controller.press(singleIntent(I3));
    expect(outcome).toEqual({ status: 'sent', value: { kind: 'task', task: sampleTask } });
    expect(measured).toEqual([[I3]]);
    expect(send.submit).toHaveBeenCalledWith({ ...I3, confirmed: false, key: expect.any(String) });
    await controller.press(singleIntent(I3));
    const keys = send.submit.mock.calls.map((c) => (c as unknown as [{ key: string }])[0].key);
    expect(new Set(keys).size).toBe(2);
  });

  it('with styles: the styled prompt is sent and the words typed go with it, in the same call', async () => {
    const { controller, send } = rig();
    await controller.press(intentOf({ styles: [FILM] }));
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
    await controller.press(intentOf({ styles: [FILM], editOf: 'task-7' }));
    expect(send.submit).not.toHaveBeenCalled();
    expect(send.submitEdit).toHaveBeenCalledWith(
      expect.objectContaining({ editOf: 'task-7', styles: { typed: 'a fox', styles: [FILM] } }),
    );
  });

  it('batch lines: one batch call, measured by its total, each line keeping its own words', async () => {
    const { controller, send, measured } = rig();
    const intent = intentOf({
      request: { ...I3, params: { prompt: 'a fox\na heron' } },
      batch: { on: true, takes: 1 },
      styles: [FILM],
    });
    const outcome = await controller.press(intent);
    expect(measured).toEqual([requestsOf(intent)]);
    expect(outcome.status === 'sent' && outcome.value).toEqual({
      kind: 'batch',
      mode: 'batch',
      batchId: 'b1',
      size: 2,
      tasks: [sampleTask, sampleTask],
    });
    expect(send.submitBatch).toHaveBeenCalledWith({
      requests: requestsOf(intent),
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
    const intent = intentOf({
      styles: [FILM],
      fanOut: [choice('image.i1', 'image_model_id_i1'), choice('image.i4', 'image_model_id_i4')],
    });
    await controller.press(intent);
    const [input] = send.submitBatch.mock.calls[0] as unknown as [{ compare: boolean; styles: unknown[] }];
    expect(input.compare).toBe(true);
    expect(input.styles).toEqual([1, 2, 3].map(() => ({ typed: 'a fox', styles: [FILM] })));
  });

  it('Queue: the press waits in the queue as a batch, its styles with each item', async () => {
    const { controller, send } = rig();
    const intent = intentOf({
      request: { ...I3, params: { prompt: 'a\nb' } },
      batch: { on: true, takes: 1 },
      styles: [FILM],
      toQueue: true,
    });
    expect(await controller.press(intent)).toEqual({
      status: 'sent',
      value: { kind: 'queued', ids: ['q0', 'q1'] },
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
    await controller.press(singleIntent(I3));
    expect(asked).toEqual([above]);
    expect(send.submit).toHaveBeenCalledWith(expect.objectContaining({ confirmed: true }));
  });

  it('over budget (or the question declined): stopped with its sentence, nothing sent', async () => {
    const { controller, send } = rig({ go: false, failure: 'Past the daily budget.' });
    expect(await controller.press(intentOf({ batch: { on: true, takes: 2 } }))).toEqual({
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
    expect(await controller.press(singleIntent(I3))).toEqual({ status: 'failed', error: refused });
    await controller.press(singleIntent(I3));
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
