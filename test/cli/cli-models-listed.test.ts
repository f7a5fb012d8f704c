// `models --listed`: the CLI shows the models the gateway lists (new ones marked new, with their family or the
// generic form), keeps the list, and shows the kept one when the gateway cannot be asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/index';
import { cli, cliEnv, tempDir } from './cli-harness';

let sim: RunningSimulator;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  sim = await startSimulator({ modelList: 'full' });
  ({ dir, cleanup } = await tempDir());
});
afterAll(async () => {
  await sim.close();
  await cleanup();
});

type Listed = { listed: { source: string; models: { id: string; family: string | null; isNew: boolean }[] } };

describe('models --listed', () => {
  it('lists the gateway’s models, a new I3 id marked new in I3 and an unknown family’s model as new', async () => {
    const run = await cli(['--json', 'models', '--listed'], cliEnv(dir, sim.url, sim.keys.default), dir);
    expect(run.code, run.stderr).toBe(0);
    const { listed } = run.json() as Listed;
    expect(listed.source).toBe('gateway');
    expect(listed.models).toContainEqual(
      expect.objectContaining({ id: 'image_model_id_i3_2026', family: 'image.i3', isNew: true }),
    );
    expect(listed.models).toContainEqual(
      expect.objectContaining({ id: 'image_model_id_i3', family: 'image.i3', isNew: false }),
    );
    expect(listed.models).toContainEqual(
      expect.objectContaining({ id: 'image_model_id_x1', family: null, isNew: true }),
    );
    const text = await cli(['models', '--listed'], cliEnv(dir, sim.url, sim.keys.default), dir);
    expect(text.stdout).toContain('image_model_id_i3_2026 (new on the gateway)  image.i3');
  });

  it('shows the kept list when the gateway cannot be asked', async () => {
    const away = cliEnv(dir, sim.url, sim.keys.default);
    sim.modelList.set('off');
    sim.faults.set({ paths: ['/v1/models'] });
    sim.faults.enqueue('reset', 'reset', 'reset', 'reset');
    const run = await cli(['--json', 'models', '--listed'], away, dir);
    sim.faults.clear();
    expect(run.code, run.stderr).toBe(0);
    const { listed } = run.json() as Listed;
    expect(listed.source).toBe('cache');
    expect(listed.models.map((m) => m.id)).toContain('image_model_id_i3_2026');
  });
});
