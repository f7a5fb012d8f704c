// Reference images through the engine against the simulator: the row, every event and every library item
// carry a `studio-ref:` reference; only the body sent to the gateway carries the data URL ([EP-IMAGE-2]), and an
// I2 resend after a restart sends it byte for byte again, so the gateway replays the original task
// ([EP-IMAGE-I2HDR-1]; the simulator answers 409 to the same key with another body).
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../electron/core/library/library';
import { TaskEngine } from '../../../electron/core/tasks/task-engine';
import type { StudioEvent } from '../../../shared/studio/records';
import { dataUrlOf, jsonBytes, MiB, noisePng } from '../references/reference-fixtures';
import { driveUntil, startRig } from './engine-rig';
import type { Rig } from './engine-rig';

let rig: Rig;
let reference: string;
const engines: TaskEngine[] = [];
beforeAll(async () => {
  reference = dataUrlOf(await noisePng(8 * MiB));
});
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
  await rig.close();
});

const settled = (e: TaskEngine, id: string) => (): boolean => {
  const t = e.get(id);
  return t !== null && e.isSettled(t);
};

const i2 = () => ({
  family: 'image.i2' as const,
  model: 'image_model_id_i2',
  params: { prompt: 'the same fox, in snow', n: 4, image_urls: [reference] },
});

describe('reference images in the engine', () => {
  it('keeps an 8 MB reference out of the row, the events and the library items, and in the body [EP-IMAGE-2]', async () => {
    const gw = rig.gateway();
    const db = rig.openDb();
    const library = new Library({ db, dir: join(rig.dir, 'library'), now: () => rig.clock.now() });
    const e = new TaskEngine({
      db,
      gateway: gw,
      clock: rig.clock,
      downloads: { libraryDir: library.dir, sink: library },
    });
    engines.push(e);
    await e.start();
    const events: StudioEvent[] = [];
    e.events.subscribe((ev) => events.push(ev));
    library.subscribe((ev) => events.push(ev));

    const record = await e.submit(i2());
    expect(await driveUntil(rig, e, settled(e, record.id))).toBe(true);
    const done = e.get(record.id);
    expect(done).toMatchObject({ state: 'completed', downloads: { total: 4, done: 4 } });

    const ref = (done?.params.image_urls as string[])[0] ?? '';
    expect(ref).toMatch(/^studio-ref:[0-9a-f]{64}$/);
    expect(jsonBytes(done)).toBeLessThan(2_000);
    expect(events.length).toBeGreaterThan(4);
    expect(Math.max(...events.map(jsonBytes))).toBeLessThan(4_000);
    const items = library.forTask(record.id);
    expect(items).toHaveLength(4);
    expect(jsonBytes(items)).toBeLessThan(8_000);
    expect(items[0]?.params.image_urls).toEqual([ref]);

    // The one place the image travels as a data URL: the submission body.
    expect(gw.bodies).toHaveLength(1);
    expect(gw.bodies[0]?.length).toBeGreaterThan(8 * MiB);
    expect(JSON.parse(gw.bodies[0] ?? '{}')).toMatchObject({ image_urls: [reference] });
  }, 60_000);

  it('resends an I2 submission after a restart with the same body, and the gateway replays it [EP-IMAGE-I2HDR-1]', async () => {
    const gw = rig.gateway();
    gw.loseNextAck = true;
    const first = new TaskEngine({ db: rig.openDb(), gateway: gw, clock: rig.clock, downloads: null });
    engines.push(first);
    await first.start();
    const record = await first.submit(i2());
    expect(record).toMatchObject({ state: 'submitting', error: { type: 'network_error' } });
    await first.close();

    const gw2 = rig.gateway();
    const second = new TaskEngine({ db: rig.openDb(), gateway: gw2, clock: rig.clock, downloads: null });
    engines.push(second);
    await second.start();
    expect(await driveUntil(rig, second, settled(second, record.id))).toBe(true);
    expect(second.get(record.id)?.state).toBe('completed');
    expect(gw2.bodies).toEqual(gw.bodies);
    expect(jsonBytes(second.get(record.id))).toBeLessThan(2_000);
  }, 60_000);

  it('refuses a reference over the limit before any row is written', async () => {
    const e = new TaskEngine({ db: rig.openDb(), gateway: rig.gateway(), clock: rig.clock, downloads: null });
    engines.push(e);
    const big = Buffer.alloc(21 * MiB);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expect(
      e.submit({ ...i2(), params: { prompt: 'x', image_urls: [dataUrlOf(big)] } }),
    ).rejects.toMatchObject({
      type: 'validation_error',
      message: 'A reference image can be at most 20 MiB; this one is 21 MiB.',
    });
    expect(e.list()).toEqual([]);
  });
});
