// The CLI is held to the spending limits kept in its database (the app's, when STUDIO_DATA_DIR is shared): past a
// budget `generate` sends nothing, says what was spent and names --over-budget; with it, the task is sent.
import { openStudioDatabase } from '../../electron/core/studio-database';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PriceBook } from '../../electron/core/pricing';
import { WEB_SETTINGS_FILE } from '../../electron/core/settings/saved-settings';
import { SpendingGuard } from '../../electron/core/spending';
import { TaskStore } from '../../electron/core/tasks/task-store';
import { cli, recipeFile, useSimulatorCli } from './cli-harness';
import { newTask } from '../support/new-task';

const rig = useSimulatorCli({}, { dataDir: true });

beforeAll(async () => {
  // Set as the app's Settings would: a monthly budget of 1 USD, with 1 USD already charged ([TASK-8]) this month.
  const db = openStudioDatabase(join(rig.dir, 'data', 'studio.db'));
  // The earlier task was sent to this same gateway (budgets count per gateway): as the engine marks it.
  const book = new PriceBook({ db, gateway: rig.sim.url });
  const guard = new SpendingGuard({ db, prices: () => book });
  guard.setLimits({
    unit: 'usd',
    confirmAbove: null,
    daily: null,
    monthly: 1,
    timeZone: 'America/Los_Angeles',
  });
  const store = new TaskStore(db);
  const now = Date.now();
  store.insert(newTask({ id: 'earlier', params: { prompt: 'earlier' }, createdAt: now }), 'submitting');
  guard.stamp('earlier');
  store.update('earlier', { state: 'completed', cost: 1, updatedAt: now });
  db.close();
});

describe('gateway-studio generate under a budget', () => {
  it('refuses once the budget is spent and sends with --over-budget', async () => {
    // A model the catalog does not know (run as I3): not learned here and not in the starting price table.
    const args = [
      'generate',
      'image_model_id_i3_2026',
      '--family',
      'image.i3',
      '--prompt',
      'a kite',
      '--no-wait',
    ];
    const refused = await cli(args, rig.env, rig.dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Not sent: your monthly budget is 1\.00 USD and 1\.00 USD has been spent/);
    expect(refused.stderr).toMatch(/resets at 00:00 on .+ \(America\/Los_Angeles\)\. Pass --over-budget/);
    let tasks = await cli(['--json', 'tasks'], rig.env, rig.dir);
    expect((tasks.json().tasks as unknown[]).length).toBe(1);
    // Past the budget by choice, and the model has no estimate yet: that is asked too, and --yes answers it.
    const asked = await cli([...args, '--over-budget'], rig.env, rig.dir);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toMatch(
      /There is no estimate yet for this model \(image_model_id_i3_2026\).* Pass --yes to send it\./,
    );
    const sent = await cli(['--json', ...args, '--over-budget', '--yes'], rig.env, rig.dir);
    expect(sent.code).toBe(0);
    tasks = await cli(['--json', 'tasks'], rig.env, rig.dir);
    expect((tasks.json().tasks as unknown[]).length).toBe(2);
  });

  it('measures a model of the starting price table at its starting price: past the budget, --over-budget alone sends it', async () => {
    const args = ['--json', 'generate', 'image_model_id_i1', '--prompt', 'a kite', '--no-wait'];
    const refused = await cli(args, rig.env, rig.dir);
    expect(refused.code).toBe(1);
    // 0.03 USD from the table: no question about a missing estimate, so no --yes is needed.
    const sent = await cli([...args, '--over-budget'], rig.env, rig.dir);
    expect(sent.code, sent.stderr).toBe(0);
    expect((sent.json().task as { model: string }).model).toBe('image_model_id_i1');
  });

  it("prices with the app's edits to the starting table when STUDIO_DATA_DIR is its data folder", async () => {
    const dryRun = async (model: string) =>
      (await cli(['--json', 'generate', model, '--prompt', 'x', '--dry-run'], rig.env, rig.dir)).json()
        .estimate as {
        usd: number | null;
        basis: string;
      };
    expect(await dryRun('image_model_id_i4')).toMatchObject({ usd: 0.04, basis: 'table' });
    // As web mode saves Settings → Starting prices: I4 changed, I6 cleared (no estimate until it has run).
    // Its library folder is the one the CLI is told (STUDIO_LIBRARY_DIR): another would be refused.
    const settings = {
      libraryDir: join(rig.dir, 'lib'),
      startingPrices: { image_model_id_i4: 0.5, image_model_id_i6: null },
    };
    await writeFile(join(rig.dir, 'data', WEB_SETTINGS_FILE), JSON.stringify(settings));
    try {
      expect(await dryRun('image_model_id_i4')).toMatchObject({ usd: 0.5, basis: 'table' });
      expect(await dryRun('image_model_id_i6')).toMatchObject({ usd: null, basis: 'none' });
    } finally {
      await rm(join(rig.dir, 'data', WEB_SETTINGS_FILE));
    }
  });
});

// The budget sat in the app's bridge handler and the CLI called the speech service directly, so
// with the month spent `generate` was refused and `speech` went through and paid. The service asks now.
describe('gateway-studio generate through the press', () => {
  it('past the budget a keyed press is refused; sent with --over-budget, run again with its --key it is not paid twice', async () => {
    const count = async () =>
      ((await cli(['--json', 'tasks'], rig.env, rig.dir)).json().tasks as unknown[]).length;
    const before = await count();
    const one = ['--json', 'generate', 'image_model_id_i1', '--prompt', 'a kite, keyed', '--no-wait'];
    const key = ['--key', 'cli-press-0001-aaaa'];
    const refused = await cli([...one, ...key], rig.env, rig.dir);
    expect(refused.code).toBe(1);
    expect(`${refused.stdout}${refused.stderr}`).toMatch(/Not sent: your monthly budget/);
    expect(await count()).toBe(before);
    const sent = await cli([...one, ...key, '--over-budget'], rig.env, rig.dir);
    expect(sent.code, sent.stderr).toBe(0);
    // The same press again (its answer lost, say): the first task is the answer, and nothing new is written.
    const again = await cli([...one, ...key, '--over-budget'], rig.env, rig.dir);
    expect(again.code, again.stderr).toBe(0);
    const id = (run: typeof sent) => (run.json().task as { id: string }).id;
    expect(id(again)).toBe(id(sent));
    expect(await count()).toBe(before + 1);

    // A batch from a file keyed the same way: its lines are one press, answered again with the same tasks.
    await writeFile(join(rig.dir, 'kites.txt'), 'a red kite\n\na blue kite\n');
    const batch = ['--json', 'generate', 'image_model_id_i1', '--prompts-file', 'kites.txt', '--no-wait'];
    const batchKey = ['--key', 'cli-press-0002-aaaa', '--over-budget'];
    const first = await cli([...batch, ...batchKey], rig.env, rig.dir);
    expect(first.code, first.stderr).toBe(0);
    const repeat = await cli([...batch, ...batchKey], rig.env, rig.dir);
    const ids = (run: typeof first) => (run.json().tasks as { id: string }[]).map((t) => t.id);
    expect(ids(repeat)).toEqual(ids(first));
    expect(ids(first)).toHaveLength(2);
    expect(await count()).toBe(before + 3);
  });

  it('refuses a key that is not one', async () => {
    const run = await cli(
      ['generate', 'image_model_id_i1', '--prompt', 'x', '--no-wait', '--key', 'a b'],
      rig.env,
      rig.dir,
    );
    expect(run.code).toBe(2);
  });
});

describe('gateway-studio speech under the limits', () => {
  const speak = (...flags: string[]) =>
    cli(['speech', 'speech_model_id', '--input', 'Welcome aboard', '--fresh', ...flags], rig.env, rig.dir);
  const clips = async () =>
    ((await cli(['--json', 'library', '--kind', 'speech'], rig.env, rig.dir)).json().items as unknown[])
      .length;

  it('is refused past a budget with the sentence generate says, and --over-budget sends it', async () => {
    const generate = await cli(
      ['generate', 'image_model_id_i1', '--prompt', 'a kite', '--no-wait'],
      rig.env,
      rig.dir,
    );
    const refused = await speak();
    expect(generate.code, generate.stdout + generate.stderr).toBe(1);
    expect(refused.code, refused.stdout + refused.stderr).toBe(1);
    const sentence = /Not sent: your monthly budget is 1\.00 USD and [\d.]+ USD has been spent/;
    expect(generate.stderr).toMatch(sentence);
    expect(refused.stderr).toMatch(sentence);
    expect(refused.stderr).toMatch(/\(America\/Los_Angeles\)\. Pass --over-budget to send it anyway\./);
    expect(await clips()).toBe(0);
    const sent = await speak('--over-budget', '--yes');
    expect(sent.code, sent.stderr).toBe(0);
    expect(await clips()).toBe(1);
  });

  it('asks above the confirmation threshold, and --yes answers as for generate', async () => {
    const db = openStudioDatabase(join(rig.dir, 'data', 'studio.db'));
    const guard = new SpendingGuard({ db, prices: () => new PriceBook({ db, gateway: rig.sim.url }) });
    const before = guard.limits();
    // A price to assume stands in should speech have no estimate yet, so the question is the threshold's.
    guard.setLimits({ ...before, monthly: null, confirmAbove: 0.0001, unknownPrice: 0.05 });
    try {
      const asked = await speak();
      expect(asked.code, asked.stderr).toBe(1);
      expect(asked.stderr).toMatch(
        /This will probably cost about [\d.]+ USD, above your confirmation threshold of 0\.0001 USD\. Pass --yes to send it\./,
      );
      expect(await clips()).toBe(1);
      const sent = await speak('--yes');
      expect(sent.code, sent.stderr).toBe(0);
      expect(await clips()).toBe(2);
    } finally {
      guard.setLimits(before);
      db.close();
    }
  });
});

// Each CLI entry point that spends, against the threshold and the spent budget alike: the rule is the core's, so
// generate, speech (above) and recipe run meet the same sentences and the same answers (--yes, --over-budget).
describe('every CLI entry point against a threshold and a spent budget', () => {
  const limits = async (change: { confirmAbove: number | null; monthly: number | null }) => {
    const db = openStudioDatabase(join(rig.dir, 'data', 'studio.db'));
    try {
      const guard = new SpendingGuard({ db, prices: () => new PriceBook({ db, gateway: rig.sim.url }) });
      guard.setLimits({ ...guard.limits(), ...change });
    } finally {
      db.close();
    }
  };
  const recipe = ['recipe', 'run', 'one-picture.json', '--prompt', 'a limited kite'];
  const generate = ['generate', 'image_model_id_i1', '--prompt', 'a limited kite', '--no-wait'];
  const BUDGET = /Not sent: your monthly budget is 1\.00 USD and [\d.]+ USD has been spent this month/;
  const THRESHOLD =
    /This will probably cost about 0\.0300 USD, above your confirmation threshold of 0\.0100 USD\./;

  it('past the budget: generate and recipe run are refused with the same sentence, nothing sent', async () => {
    await writeFile(
      join(rig.dir, 'one-picture.json'),
      recipeFile('One picture', [{ family: 'image.i1', model: 'image_model_id_i1', params: {} }]),
    );
    await limits({ confirmAbove: null, monthly: 1 });
    const sent = rig.sim.createdTasks().length;
    for (const args of [generate, recipe]) {
      const run = await cli(args, rig.env, rig.dir);
      expect(run.code, args[0]).toBe(1);
      expect(run.stderr, args[0]).toMatch(BUDGET);
      expect(run.stderr, args[0]).toMatch(/Pass --over-budget to send it anyway\./);
    }
    expect(rig.sim.createdTasks().length).toBe(sent);
  });

  it('above the threshold: generate and recipe run are asked with the price, nothing sent; --yes sends', async () => {
    await limits({ confirmAbove: 0.01, monthly: null });
    try {
      const sent = rig.sim.createdTasks().length;
      for (const args of [generate, recipe]) {
        const run = await cli(args, rig.env, rig.dir);
        expect(run.code, args[0]).toBe(1);
        expect(run.stderr, args[0]).toMatch(THRESHOLD);
        expect(run.stderr, args[0]).toMatch(/Pass --yes to send it\./);
      }
      expect(rig.sim.createdTasks().length).toBe(sent);
      const confirmed = await cli([...generate, '--yes'], rig.env, rig.dir);
      expect(confirmed.code, confirmed.stderr).toBe(0);
      expect(rig.sim.createdTasks().length).toBe(sent + 1);
    } finally {
      await limits({ confirmAbove: null, monthly: 1 });
    }
  });
});
