// Reference pictures for families that take URLs, through the engine against
// the simulator's POST /v1/uploads/images switch: uploaded and sent as a URL where the gateway offers it (asked
// once: a 404 is remembered), inline as a data URL otherwise, never uploaded twice after an ambiguous failure,
// checked before submitting, reused while it lives and uploaded again once it is older than its life. The
// task says which way its pictures went.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TaskEngine } from '../../../electron/core/tasks/task-engine';
import { dataUrlOf, noisePng } from '../references/reference-fixtures';
import { startRig, type Rig } from '../tasks/engine-rig';

let rig: Rig;
let picture: string;
let engine: TaskEngine;
beforeAll(async () => {
  picture = dataUrlOf(await noisePng(64 * 1024));
});
beforeEach(async () => {
  rig = await startRig();
  engine = new TaskEngine({ db: rig.openDb(), gateway: rig.gateway(), clock: rig.clock });
  await engine.start();
});
afterEach(async () => {
  await engine.close();
  await rig.close();
});

/** Submits a family-S video with the picture; answers the record and the body the simulator received. */
async function send(prompt: string) {
  const record = await engine.submit({
    family: 'video.s',
    model: 'video_model_id_s',
    params: { prompt, image_urls: [picture] },
  });
  const created = rig.sim.createdTasks().at(-1);
  expect(created?.body.prompt).toBe(prompt);
  return { record: engine.get(record.id) ?? record, sent: String((created?.body.image_urls as string[])[0]) };
}

describe('reference uploads', () => {
  it('uploads the picture where the gateway offers it and sends its URL; reused while it lives, renewed after', async () => {
    rig.sim.uploads.set({ offered: true });
    const first = await send('a fox');
    expect(first.sent).toMatch(new RegExp(`^${rig.sim.url}/files/`));
    expect(first.record.referencesSentAs).toEqual({ how: 'upload', reason: null, detail: null });
    expect(rig.sim.uploads.requests).toBe(1);
    // The uploaded picture answers: it is the one dropped.
    const served = Buffer.from(await (await fetch(first.sent)).arrayBuffer());
    expect(`data:image/png;base64,${served.toString('base64')}`).toBe(picture);
    const again = await send('a fox again');
    expect(again.sent).toBe(first.sent);
    expect(rig.sim.uploads.requests).toBe(1);
    // 72 h later the stored URL is older than its life: uploaded again.
    await rig.clock.advance(72 * 3_600_000);
    const later = await send('a fox, three days on');
    expect(rig.sim.uploads.requests).toBe(2);
    expect(later.sent).not.toBe(first.sent);
  });

  it('an old task run again after its uploaded link’s 72 h is uploaded again from the local copy, never sent the dead link', async () => {
    rig.sim.uploads.set({ offered: true });
    const first = await send('a fox at dusk');
    expect(rig.sim.uploads.requests).toBe(1);
    await rig.clock.advance(73 * 3_600_000);
    const rerun = await engine.rerun(first.record.id);
    const created = rig.sim.createdTasks().at(-1);
    const sent = String((created?.body.image_urls as string[])[0]);
    expect(rig.sim.uploads.requests).toBe(2);
    expect(sent).not.toBe(first.sent);
    expect(engine.get(rerun.id)?.referencesSentAs).toEqual({ how: 'upload', reason: null, detail: null });
    // The picture uploaded again is the one kept here.
    const served = Buffer.from(await (await fetch(sent)).arrayBuffer());
    expect(`data:image/png;base64,${served.toString('base64')}`).toBe(picture);
  });

  it('a gateway without uploads (404) is asked once; pictures go as data URLs and the task says why', async () => {
    const first = await send('a fox');
    expect(first.sent.startsWith('data:image/png;base64,')).toBe(true);
    expect(first.record.referencesSentAs).toEqual({ how: 'data_url', reason: 'not_offered', detail: null });
    await send('a fox again');
    expect(rig.sim.uploads.requests).toBe(1);
  });

  it('an upload whose answer was lost is not tried again: this send goes inline', async () => {
    rig.sim.uploads.set({ offered: true });
    rig.sim.faults.set({ paths: ['/v1/uploads/'] });
    rig.sim.faults.enqueue('reset');
    const { sent, record } = await send('a fox');
    expect(rig.sim.uploads.requests).toBe(1);
    expect(sent.startsWith('data:image/png;base64,')).toBe(true);
    expect(record.referencesSentAs).toMatchObject({ how: 'data_url', reason: 'upload_failed' });
    expect(record.referencesSentAs?.detail).toBeTruthy();
  });

  it('an uploaded URL that does not answer is not submitted', async () => {
    rig.sim.uploads.set({ offered: true, brokenLinks: true });
    const { sent, record } = await send('a fox');
    expect(sent.startsWith('data:image/png;base64,')).toBe(true);
    expect(record.referencesSentAs).toMatchObject({ how: 'data_url', reason: 'link_dead' });
    expect(record.referencesSentAs?.detail).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
  });

  it('V2 and I6 take a dropped picture as an upload; without one they send nothing and say why', async () => {
    rig.sim.uploads.set({ offered: true });
    for (const [family, model] of [
      ['video.v2', 'video_model_id_v2'],
      ['image.i6', 'image_model_id_i6'],
    ] as const) {
      const record = await engine.submit({
        family,
        model,
        params: { prompt: 'a fox', image_urls: [picture] },
      });
      const body = rig.sim.createdTasks().at(-1)?.body;
      expect(String((body?.image_urls as string[])[0])).toMatch(new RegExp(`^${rig.sim.url}/files/`));
      expect(engine.get(record.id)?.referencesSentAs).toEqual({ how: 'upload', reason: null, detail: null });
    }
    const created = rig.sim.createdTasks().length;
    rig.sim.uploads.set({ offered: false });
    const refused = await engine.submit({
      family: 'video.v2',
      model: 'video_model_id_v2',
      params: { prompt: 'a fox, again', image_urls: [dataUrlOf(await noisePng(2048))] },
    });
    const held = engine.get(refused.id) ?? refused;
    expect(held.state).toBe('failed');
    expect(held.error?.message).toMatch(/^Video V2 .*takes pictures as links.*offers no picture upload/);
    expect(rig.sim.createdTasks().length).toBe(created);
  });
});
