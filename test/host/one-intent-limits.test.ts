// One intent, one charge: the money rules (a budget, the confirmation threshold) are the core services' own, so
// every entry point of the app's bridge meets them alike: Generate (tasks.submit), Speech (speech.synthesize),
// the Queue (queue.add) and Recipes (recipes.run), each refused against a spent monthly budget with the same
// sentence and nothing written or sent, and each above the threshold asked first and sent once confirmed (speech
// too: its page asks the same question, speech.check measuring it as the service does). The CLI's entry points are
// held by test/cli/cli-spending-limits.test.ts (generate and speech), the queue at send time by
// test/core/tasks/submission-queue.test.ts, and two processes by test/core/spending/budget-race.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeCaller } from '../../shared/bridge/router';
import { openTestHost } from '../support/test-host';
import type { StudioHost } from '../../electron/host/studio-host';

let dataDir: string;
let host: StudioHost;
let bridge: ReturnType<typeof createBridgeCaller>;

const image = (prompt: string) => ({
  family: 'image.i3' as const,
  model: 'image_model_id_i3',
  params: { prompt, size: '1:1', resolution: '1K' },
});
const NO_LIMITS = { unit: 'usd' as const, confirmAbove: null, daily: null, monthly: null, timeZone: 'UTC' };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-one-intent-'));
  host = await openTestHost(dataDir, { simulator: { timeScale: 0.01 } });
  bridge = createBridgeCaller({ handlers: host.handlers });
  await bridge.session.useDemo();
  await bridge.recipes.save({
    recipe: {
      name: 'Two pictures',
      steps: [
        { family: 'image.i3', model: 'image_model_id_i3', params: { size: '1:1', resolution: '1K' } },
        {
          family: 'image.i1',
          model: 'image_model_id_i1',
          params: { prompt: 'the same, at night' },
          bind: 'image',
        },
      ],
    },
  });
}, 60_000);

afterAll(async () => {
  await host?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Every way the app spends, for one prompt. */
const entryPoints = (prompt: string, confirmed?: boolean) => ({
  generate: () => bridge.tasks.submit({ ...image(prompt), ...(confirmed ? { confirmed } : {}) }),
  speech: () =>
    bridge.speech.synthesize({
      model: 'speech_model_id',
      input: prompt,
      fresh: true,
      ...(confirmed ? { confirmed } : {}),
    }),
  queue: () => bridge.queue.add({ requests: [image(prompt)], ...(confirmed ? { confirmed } : {}) }),
  recipe: async () => {
    const [recipe] = await bridge.recipes.list();
    return bridge.recipes.run({
      id: recipe?.id ?? '',
      prompts: [prompt],
      ...(confirmed ? { confirmed } : {}),
    });
  },
});

const written = async (prompt: string) => ({
  tasks: (await bridge.tasks.list()).tasks.filter((t) => t.params.prompt === prompt).length,
  queued: (await bridge.queue.view()).items.filter((i) => i.prompt === prompt).length,
  clips: (await bridge.library.query({ kind: 'speech', search: prompt })).items.length,
});

describe('every entry point of the app against the spending limits', () => {
  it('past a spent monthly budget: each is refused with the same sentence, nothing written or sent', async () => {
    // Something spent this month: one picture, charged.
    await bridge.tasks.submit(image('already paid'));
    await expect
      .poll(
        async () =>
          (await bridge.tasks.list()).tasks.find((t) => t.params.prompt === 'already paid')?.cost ?? null,
        {
          timeout: 30_000,
        },
      )
      .not.toBeNull();
    await bridge.spending.setLimits({ ...NO_LIMITS, monthly: 0.001 });
    for (const [name, send] of Object.entries(entryPoints('over budget'))) {
      await expect(send(), name).rejects.toThrow(
        /^Not sent: your monthly budget is 0\.0010 USD and [\d.]+ USD has been spent this month/,
      );
    }
    expect(await written('over budget')).toEqual({ tasks: 0, queued: 0, clips: 0 });
    expect((await bridge.recipes.runs()).filter((r) => r.prompt === 'over budget')).toEqual([]);
  });

  it('above the confirmation threshold: each is asked first, speech too, and goes once confirmed', async () => {
    // A price to assume stands in where no estimate is known yet (speech has no starting price), so every
    // entry point is measured at an amount, and that amount is above the threshold.
    await bridge.spending.setLimits({ ...NO_LIMITS, confirmAbove: 0.0001, unknownPrice: 0.05 });
    for (const [name, send] of Object.entries(entryPoints('above threshold'))) {
      await expect(send(), name).rejects.toThrow(/above your confirmation threshold of 0\.0001 USD/);
    }
    expect(await written('above threshold')).toEqual({ tasks: 0, queued: 0, clips: 0 });
    // What the speech page asks before it sends: the same measure the service holds the take to.
    const check = await bridge.speech.check({
      model: 'speech_model_id',
      input: 'above threshold',
      fresh: true,
    });
    expect(check).toMatchObject({ needsConfirmation: true, confirmAbove: 0.0001 });
    expect(check?.estimate).toBeGreaterThan(0.0001);
    const confirmed = entryPoints('confirmed', true);
    await confirmed.generate();
    await confirmed.queue();
    await confirmed.recipe();
    await confirmed.speech();
    const made = await written('confirmed');
    expect(made.tasks + made.queued).toBeGreaterThanOrEqual(2);
    expect(made.clips).toBe(1);
    // The library's take of that speech costs nothing: nothing to ask, and it is served unconfirmed.
    expect(await bridge.speech.check({ model: 'speech_model_id', input: 'confirmed' })).toBeNull();
    await expect(
      bridge.speech.synthesize({ model: 'speech_model_id', input: 'confirmed' }),
    ).resolves.toMatchObject({ fromLibrary: true });
  });
});
