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
    // Each pixel is a function of the same pixel sent: inverted, its channels rotated and each shifted by one
    // amount, so for one rotation a channel plus the sent channel it came from is the same in every pixel.
    const rotations = [0, 1, 2].filter((r) =>
      [0, 1, 2].every((c) => {
        const sum = (i: number) => ((after[i + c] ?? 0) + (before[i + ((c + r) % 3)] ?? 0)) & 0xff;
        for (let i = 3; i < before.length; i += 3) if (sum(i) !== sum(0)) return false;
        return true;
      }),
    );
    expect(rotations.length).toBeGreaterThan(0);
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

  it('gives every take of one press its own picture, each visibly different from the others', async () => {
    // Six takes of one edit, as a press with six takes sends them. With three looks (a channel rotation alone)
    // two of them always came back byte for byte the same.
    const body = {
      model: 'image_model_id_i5',
      prompt: 'make it stormy',
      image_urls: [`data:image/png;base64,${(await sentPng()).toString('base64')}`],
    };
    const takes: Buffer[] = [];
    for (let n = 0; n < 6; n++) takes.push(await rgb(await resultOf(body)));
    for (let a = 0; a < takes.length; a++)
      for (let b = a + 1; b < takes.length; b++) {
        const [one, other] = [takes[a] ?? Buffer.alloc(0), takes[b] ?? Buffer.alloc(0)];
        let distance = 0;
        for (let i = 0; i < one.length; i++) distance += Math.abs((one[i] ?? 0) - (other[i] ?? 0));
        // On average a channel of a pixel differs by more than 16 of 255: seen at a glance, not only in bytes.
        expect(distance / one.length).toBeGreaterThan(16);
      }
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
