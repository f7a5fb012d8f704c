// The prompt history fed by a real engine's events over the simulator: every prompt sent is kept with its task
// (a failed one too), the list shows the latest use of each text with its state and cost, filters as typed,
// keeps pinned prompts first, and forgets one text or all of them without touching the tasks.
import { describe, expect, it } from 'vitest';
import { PromptHistory } from '../../../electron/core/presets';
import { driveUntil, useEngineRig } from '../tasks/engine-rig';

const bench = useEngineRig();
const i3 = (prompt: string) => ({
  family: 'image.i3' as const,
  model: 'image_model_id_i3',
  params: { prompt, size: '1:1', resolution: '1K' },
});

async function sendAll(prompts: string[]) {
  const gw = bench.rig.gateway();
  const engine = bench.engine(gw);
  const history = new PromptHistory({ db: bench.rig.openDb(), clock: bench.rig.clock });
  engine.events.subscribe((event) => history.recordEvent(event));
  await engine.start();
  for (const prompt of prompts) {
    await engine.submit(i3(prompt));
    await bench.rig.clock.advance(1_000);
  }
  const settled = () => engine.list().every((t) => engine.isSettled(t));
  expect(await driveUntil(bench.rig, engine, settled)).toBe(true);
  return { engine, history };
}

describe('PromptHistory', () => {
  it('keeps every prompt sent, the failed one too, newest first with what it cost', async () => {
    const { engine, history } = await sendAll(['a fox in snow', 'a red boat [fail]', 'a fox in snow']);
    const list = history.list();
    expect(list.map((e) => e.text)).toEqual(['a fox in snow', 'a red boat [fail]']);
    const fox = list[0];
    expect(fox?.uses).toBe(2);
    expect(fox?.family).toBe('image.i3');
    expect(fox?.state).toBe('completed');
    const latest = engine.list().find((t) => t.params.prompt === 'a fox in snow' && t.id === fox?.taskId);
    expect(latest?.cost).not.toBeNull();
    expect(fox?.cost).toBe(latest?.cost);
    expect(list[1]?.state).toBe('failed');
  });

  it('filters as typed, keeps pinned prompts first and forgets one or all', async () => {
    const { engine, history } = await sendAll(['a fox in snow', 'a lighthouse at dusk', 'Fox at 50%_off']);
    expect(history.list({ search: 'FOX' }).map((e) => e.text)).toEqual(['Fox at 50%_off', 'a fox in snow']);
    // LIKE's wildcards are text: '%_' matches only itself.
    expect(history.list({ search: '%_' }).map((e) => e.text)).toEqual(['Fox at 50%_off']);
    history.pin('a fox in snow', true);
    expect(history.list()[0]).toMatchObject({ text: 'a fox in snow', pinned: true });
    expect(history.forget('a fox in snow')).toBe(1);
    expect(history.list().map((e) => e.text)).toEqual(['Fox at 50%_off', 'a lighthouse at dusk']);
    expect(history.forgetAll()).toBe(2);
    expect(history.list()).toEqual([]);
    // The tasks themselves stay.
    expect(engine.list()).toHaveLength(3);
  });
});
