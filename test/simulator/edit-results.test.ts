// The demo gateway's edit families answer with the picture they were sent, visibly changed, at its size (a
// data URL or its own upload), so a client's compositing of the answer is tested against something derived
// from what it sent; a picture it cannot read gets its own gradient. links.damage breaks result pictures.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, pngDimensions, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ uploads: true });
});
afterAll(() => h.close());

interface Task {
  result?: { images: { url: string[] }[] };
}

async function resultOf(body: Record<string, unknown>): Promise<Buffer> {
  const id = await h.submit('/v1/images/generations', body);
  h.clock.advance(HOUR);
  const { body: task } = await h.getJson<Task>(`/v1/tasks/${id}`);
  const url = task.result?.images[0]?.url[0] ?? '';
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

/** 90 × 60, a different colour in each pixel. */
async function sentPng(): Promise<Buffer> {
  const raw = Buffer.alloc(90 * 60 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37) % 256;
  return sharp(raw, { raw: { width: 90, height: 60, channels: 3 } })
    .png()
    .toBuffer();
}

async function rgb(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

describe('edits on the demo gateway', () => {
  it('answers I5 with the data URL it was sent, its colours turned, at the sent size', async () => {
    const sent = await sentPng();
    const answer = await resultOf({
      model: 'image_model_id_i5',
      prompt: 'make it stormy',
      image_urls: [`data:image/png;base64,${sent.toString('base64')}`],
    });
    expect(pngDimensions(new Uint8Array(answer))).toEqual({ width: 90, height: 60 });
    const [before, after] = [await rgb(sent), await rgb(answer)];
    // Each pixel is a function of the same pixel sent: inverted, its channels rotated.
    const channels = [0, 1, 2].map((c) => 255 - (before[c] ?? 0)).sort();
    expect([after[0], after[1], after[2]].sort()).toEqual(channels);
    let same = 0;
    for (let i = 0; i < before.length; i++) if (before[i] === after[i]) same++;
    expect(same).toBeLessThan(before.length / 50);
  });

  it('answers I6 from its own upload link, and two tasks differ', async () => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await sentPng())], { type: 'image/png' }), 'sent.png');
    const upload = await h.call('/v1/uploads/images', { method: 'POST', body: form });
    const { url } = (await upload.json()) as { url: string };
    const body = { model: 'image_model_id_i6', prompt: 'a kite', image_urls: [url] };
    const first = await resultOf(body);
    const second = await resultOf(body);
    expect(pngDimensions(new Uint8Array(first))).toEqual({ width: 90, height: 60 });
    expect(first.equals(second)).toBe(false);
  });

  it('paints its own picture for a link elsewhere, and breaks pictures as links.damage says', async () => {
    const elsewhere = await resultOf({
      model: 'image_model_id_i5',
      prompt: 'a',
      image_urls: ['https://example.com/a.png'],
    });
    expect(pngDimensions(new Uint8Array(elsewhere))).toEqual({ width: 1024, height: 1024 });
    h.sim.links.set({ damage: 'wrong-size' });
    const wide = await resultOf({ model: 'image_model_id_i3', prompt: 'b' });
    expect(pngDimensions(new Uint8Array(wide))).toEqual({ width: 16_400, height: 8 });
    h.sim.links.set({ damage: 'not-image' });
    expect((await resultOf({ model: 'image_model_id_i3', prompt: 'c' })).toString()).toMatch(/<html>/);
    h.sim.links.set({ damage: 'none' });
  });
});
