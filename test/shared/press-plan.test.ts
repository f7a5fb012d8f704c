// The press planned in plain TypeScript (shared/studio/press.ts): every kind of press goes from the form's state
// to its requests and the styles each keeps, or to the one reason it cannot go; and a spending check says go,
// ask or refused. No React, no bridge: what the forms and the CLI share.
import type { FamilyId, ModelChoice } from '../../shared/catalog';
import { describe, expect, it } from 'vitest';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import type { AppliedStyle } from '../../shared/studio/presets';
import {
  MAX_PRESS_TASKS,
  NO_BATCH,
  planPress,
  pressRequests,
  promptLines,
  spendStep,
  type PressInput,
} from '../../shared/studio/press';
import type { SpendCheck } from '../../shared/studio/spending';

/** One model of "Also run on…", as the picker offers it. */
const choice = (family: FamilyId, model: string): ModelChoice => ({
  family,
  model,
  variant: 'default',
  several: false,
});
const FILM: AppliedStyle = { id: 'film', name: 'Film', text: '35 mm film', placement: 'after' };
const I3: SubmissionRequest = {
  family: 'image.i3',
  model: 'image_model_id_i3',
  params: { prompt: 'a fox', size: '16:9' },
};

const input = (over: Partial<PressInput> = {}): PressInput => ({
  request: I3,
  styles: [],
  batch: NO_BATCH,
  batchable: true,
  fanOut: [],
  models: {},
  ...over,
});

const plan = (over: Partial<PressInput> = {}) => {
  const result = planPress(input(over));
  if (!result.ok) throw new Error(`refused: ${result.problem.kind}`);
  return result.plan;
};

describe('planPress', () => {
  it('one request: the form as typed, with no styles kept', () => {
    expect(plan()).toEqual({ mode: 'one', requests: [I3], styles: [null] });
  });

  it('one request with styles: the prompt sent styled, the words typed kept beside it', () => {
    const p = plan({ styles: [FILM] });
    expect(p.requests[0]?.params.prompt).toBe('a fox, 35 mm film');
    expect(p.styles).toEqual([{ typed: 'a fox', styles: [FILM] }]);
  });

  it('batch: one task per non-empty line × its takes, each styled and keeping its own line', () => {
    const p = plan({
      request: { ...I3, params: { ...I3.params, prompt: 'a fox\n\n  a heron  \r\nan owl' } },
      batch: { on: true, takes: 2 },
      styles: [FILM],
    });
    expect(p.mode).toBe('batch');
    expect(p.requests.map((r) => r.params.prompt)).toEqual([
      'a fox, 35 mm film',
      'a fox, 35 mm film',
      'a heron, 35 mm film',
      'a heron, 35 mm film',
      'an owl, 35 mm film',
      'an owl, 35 mm film',
    ]);
    expect(p.requests.every((r) => r.params.size === '16:9')).toBe(true);
    expect(p.styles.map((s) => s?.typed)).toEqual([
      'a fox',
      'a fox',
      'a heron',
      'a heron',
      'an owl',
      'an owl',
    ]);
  });

  it('batch on for a family whose prompt is not free text: one request, as typed', () => {
    expect(plan({ batch: { on: true, takes: 3 }, batchable: false }).mode).toBe('one');
  });

  it('batch with no lines is refused before anything is asked', () => {
    const result = planPress(
      input({ request: { ...I3, params: { prompt: ' \n ' } }, batch: { on: true, takes: 1 } }),
    );
    expect(result).toEqual({ ok: false, problem: { kind: 'no-lines' } });
  });

  it('over the limit of one press: refused with the count and the limit', () => {
    const lines = Array.from({ length: 51 }, (_, i) => `line ${i}`).join('\n');
    const result = planPress(
      input({ request: { ...I3, params: { prompt: lines } }, batch: { on: true, takes: 2 } }),
    );
    expect(result).toEqual({ ok: false, problem: { kind: 'too-many', count: 102, max: MAX_PRESS_TASKS } });
    // Exactly at the limit goes.
    const fifty = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    expect(
      plan({ request: { ...I3, params: { prompt: fifty } }, batch: { on: true, takes: 2 } }).requests,
    ).toHaveLength(MAX_PRESS_TASKS);
  });

  it('fan-out over several models: the form first, each model with what it takes, all keeping the styles', () => {
    const p = plan({
      styles: [FILM],
      fanOut: [choice('image.i1', 'image_model_id_i1'), choice('image.i4', 'image_model_id_i4')],
    });
    expect(p.mode).toBe('compare');
    expect(p.requests.map((r) => [r.family, r.params.prompt])).toEqual([
      ['image.i3', 'a fox, 35 mm film'],
      ['image.i1', 'a fox, 35 mm film'],
      ['image.i4', 'a fox, 35 mm film'],
    ]);
    expect(p.styles).toEqual([1, 2, 3].map(() => ({ typed: 'a fox', styles: [FILM] })));
  });

  it('fan-out is ignored while Batch is on (a batch goes to the form model alone)', () => {
    const p = plan({
      batch: { on: true, takes: 1 },
      fanOut: [choice('image.i1', 'image_model_id_i1')],
    });
    expect(p.mode).toBe('batch');
    expect(p.requests.map((r) => r.family)).toEqual(['image.i3']);
  });

  it('a chosen model that cannot take the form stops the press, naming it and why', () => {
    // I4 takes long prompts; I3 refuses one over its limit.
    const long = 'x'.repeat(900);
    const i3 = choice('image.i3', 'image_model_id_i3');
    const result = planPress(
      input({
        request: { family: 'image.i4', model: 'image_model_id_i4', params: { prompt: long } },
        fanOut: [i3],
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toEqual({
      kind: 'model-refuses',
      choice: i3,
      problems: [expect.stringMatching(/^prompt: /)],
    });
  });

  it('the estimate reads the same requests the press sends', () => {
    const over = { styles: [FILM], batch: { on: true, takes: 2 } };
    expect(pressRequests(input(over)).requests).toEqual(plan(over).requests);
  });
});

describe('promptLines', () => {
  it('one entry per non-empty line, trimmed, whatever the line ends', () => {
    expect(promptLines('a\r\n\n b \nc')).toEqual(['a', 'b', 'c']);
    expect(promptLines(undefined)).toEqual([]);
  });
});

describe('spendStep', () => {
  const check = (over: Partial<SpendCheck> = {}): SpendCheck => ({
    unit: 'usd',
    timeZone: 'UTC',
    estimate: 0.04,
    unknown: 0,
    unpricedModels: [],
    confirmAbove: null,
    needsConfirmation: false,
    refusal: null,
    ...over,
  });
  const window = {
    period: 'day' as const,
    start: 0,
    resetsAt: 1,
    charged: 5,
    estimated: 0,
    spent: 5,
    unpriced: 0,
    limit: 5,
  };

  it('goes under every limit', () => expect(spendStep(check())).toBe('go'));
  it('asks above the confirmation threshold', () =>
    expect(spendStep(check({ confirmAbove: 0.01, needsConfirmation: true }))).toBe('ask'));
  it('refuses past a budget: no answer changes that', () =>
    expect(spendStep(check({ refusal: { window, needed: 0.04, unpriced: null } }))).toBe('refused'));
  it('asks for a price when the budget needs one it does not know', () =>
    expect(spendStep(check({ refusal: { window, needed: null, unpriced: 'several' } }))).toBe('ask'));
});
