// The CLI and a model only the gateway lists, whose schema is on its own page (the simulator's schema-endpoint
// switch): `models --listed` shows the fields that schema gives, and `generate <that id>` sends it through its
// endpoint's family, checked against its own schema first (exit 2 before anything is sent), as the app's form does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/index';
import { cli, cliEnv, tempDir } from './cli-harness';

let sim: RunningSimulator;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  sim = await startSimulator({ modelList: 'schema-endpoint', timeScale: 0.01 });
  ({ dir, cleanup } = await tempDir());
});
afterAll(async () => {
  await sim.close();
  await cleanup();
});

type Listed = {
  listed: { models: { id: string; fields?: { name: string }[]; skipped?: string[] }[] };
};

describe('a model only the gateway lists, in the CLI', () => {
  it('models --listed shows the fields its page’s schema gives', async () => {
    const env = cliEnv(dir, sim.url, sim.keys.default);
    const run = await cli(['--json', 'models', '--listed'], env, dir);
    expect(run.code, run.stderr).toBe(0);
    const x1 = (run.json() as Listed).listed.models.find((m) => m.id === 'image_model_id_x1');
    expect(x1?.fields?.map((f) => f.name)).toEqual(['prompt', 'size', 'steps', 'seed']);
    expect(x1?.skipped).toEqual(['negative_prompts']);
    const text = await cli(['models', '--listed'], env, dir);
    expect(text.stdout).toMatch(/image_model_id_x1 \(new on the gateway\) {2}generic form/);
    expect(text.stdout).toMatch(/steps \(integer\) {2}1\.\.50, default 20/);
    expect(text.stdout).toContain('as JSON: negative_prompts');
  });

  it('generate refuses a value out of the schema’s bounds before sending, and sends a good one', async () => {
    const env = cliEnv(dir, sim.url, sim.keys.default);
    const before = sim.createdTasks().length;
    const bad = await cli(
      ['generate', 'image_model_id_x1', '--prompt', 'a glasshouse', '--set', 'steps=80', '--no-wait'],
      env,
      dir,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/steps/);
    expect(sim.createdTasks()).toHaveLength(before);
    const unknown = await cli(
      ['generate', 'image_model_id_x1', '--prompt', 'a glasshouse', '--set', 'colour=red', '--no-wait'],
      env,
      dir,
    );
    expect(unknown.code).toBe(2);
    const good = await cli(
      [
        '--json',
        'generate',
        'image_model_id_x1',
        '--prompt',
        'a glasshouse at dawn',
        '--set',
        'steps=12',
        '--set',
        'size=9:16',
        '--set',
        'negative_prompts=["fog"]',
        '--no-wait',
        '--yes',
      ],
      env,
      dir,
    );
    expect(good.code, good.stderr).toBe(0);
    expect(sim.createdTasks().at(-1)).toMatchObject({
      model: 'image_model_id_x1',
      body: { prompt: 'a glasshouse at dawn', steps: 12, size: '9:16', negative_prompts: ['fog'] },
    });
  });
});
