// Reference images in web mode, as the issue measured them: one 8 MB image uploaded once (references.add),
// used by an I2 task with n=4 ([EP-IMAGE-2], [LIM-9]), and every answer the renderer reads afterwards (the event
// stream, tasks.list, library.query) measured in bytes. They carried the image in each task and item before.
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pollPriorsAtTimeScale } from '../../electron/core/tasks';
import type { WebMode } from '../../electron/host/web-mode';
import { dataUrlOf, MiB, noisePng } from '../core/references/reference-fixtures';
import { callWebMode } from './web-call';
import type { WebAnswer } from './web-call';
import { startTestWebMode, type TestWebMode } from './test-web-mode';

const TIME_SCALE = 0.01;
let studio: TestWebMode;
let web: WebMode;
let port: number;

const send = (path: string, body?: unknown): Promise<WebAnswer> => callWebMode(web, path, body);

const data = (a: WebAnswer) => (JSON.parse(a.body.toString()) as { result: { data: unknown } }).result.data;
const query = (path: string, input: unknown) =>
  send(`${path}?input=${encodeURIComponent(JSON.stringify(input))}`);

/** Every byte the bridge's event stream sends, until stop() (what the renderer would have to take in). */
function recordEvents(): { bytes: () => number; stop: () => void } {
  let bytes = 0;
  const req = request({
    host: '127.0.0.1',
    port,
    path: '/trpc/events',
    headers: { host: `127.0.0.1:${port}`, 'x-studio-token': web.token, accept: 'text/event-stream' },
  });
  req.on('response', (res) => res.on('data', (c: Buffer) => (bytes += c.length)));
  req.on('error', () => undefined);
  req.end();
  return { bytes: () => bytes, stop: () => req.destroy() };
}

beforeAll(async () => {
  // The demo at a hundredth of real time, and the engine's first polls following that clock (as the fast demo
  // does): with the real priors each finished I2 was first asked about seconds after the demo had it done.
  studio = await startTestWebMode('studio-web-refs-', {
    demo: true,
    simulator: { timeScale: TIME_SCALE },
    polling: pollPriorsAtTimeScale(TIME_SCALE),
  });
  web = studio.web;
  port = Number(new URL(web.origin).port);
  expect((await send('/trpc/session.useDemo', {})).status).toBe(200);
});

afterAll(async () => {
  await studio?.close();
});

describe('reference images in web mode', () => {
  it('keeps the event stream, tasks.list and library.query small with an 8 MB reference on I2 n=4 [EP-IMAGE-2]', async () => {
    const png = await noisePng(8 * MiB);
    const upload = await send('/trpc/references.add', { dataUrl: dataUrlOf(png) });
    expect(upload.status).toBe(200);
    const ref = data(upload) as { uri: string; sha256: string; size: number; width: number };
    expect(ref).toMatchObject({ uri: `studio-ref:${ref.sha256}`, size: png.length, mime: 'image/png' });

    // The form shows the stored thumbnail, served by hash from the store.
    const thumb = await send(`/references/${ref.sha256}/thumbnail`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.body.length).toBeLessThan(png.length / 10);
    expect((await sharp(thumb.body).metadata()).width).toBe(320);
    expect((await send(`/references/${'a'.repeat(64)}`)).status).toBe(404);

    const events = recordEvents();
    const ids: string[] = [];
    for (const prompt of ['the fox in snow', 'the fox at dusk', 'the fox in rain']) {
      const submitted = await send('/trpc/tasks.submit', {
        family: 'image.i2',
        model: 'image_model_id_i2',
        params: { prompt, n: 4, image_urls: [ref.uri] },
      });
      expect(submitted.status).toBe(200);
      expect(submitted.body.length).toBeLessThan(3_000);
      ids.push((data(submitted) as { id: string }).id);
    }
    await vi.waitFor(
      async () => {
        const tasks = data(await send('/trpc/tasks.list')) as {
          tasks: { id: string; state: string; downloads: { done: number } }[];
        };
        const mine = tasks.tasks.filter((t) => ids.includes(t.id));
        expect(mine.map((t) => [t.state, t.downloads.done])).toEqual(ids.map(() => ['completed', 4]));
      },
      { timeout: 60_000, interval: 100 },
    );
    events.stop();

    const list = await send('/trpc/tasks.list');
    const page = await query('/trpc/library.query', { limit: 100 });
    const items = (data(page) as { items: { params: { image_urls: string[] } }[] }).items;
    expect(items).toHaveLength(12);
    expect(items.every((i) => i.params.image_urls[0] === ref.uri)).toBe(true);
    // The issue measured 33 MB for tasks.list, 134 MB for library.query and 537 MB of events after three tasks.
    expect(list.body.length).toBeLessThan(20_000);
    expect(page.body.length).toBeLessThan(60_000);
    expect(events.bytes()).toBeGreaterThan(0);
    expect(events.bytes()).toBeLessThan(200_000);
  }, 120_000);

  it('refuses an upload over the limit with the sentence, and stores nothing', async () => {
    const big = Buffer.alloc(21 * MiB);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const refused = await send('/trpc/references.add', { dataUrl: dataUrlOf(big) });
    expect(refused.status).toBe(400);
    expect(refused.body.toString()).toContain('A reference image can be at most 20 MiB; this one is 21 MiB.');
    const sha = createHash('sha256').update(big).digest('hex');
    expect((await send(`/references/${sha}`)).status).toBe(404);
  });
});
