// Settings nested thousands deep (an extra body field, a file's settings) are refused with a sentence stating the
// depth limit, never a generic 500 from a walk that overflowed the stack.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngWithSettings } from '../../electron/core/library/file-settings';
import type { WebMode } from '../../electron/host/web-mode';
import type { FileSettings } from '../../shared/studio/file-settings';
import { callWeb, postJsonText } from './web-call';
import { startTestWebMode, type TestWebMode } from './test-web-mode';

let studio: TestWebMode;
let web: WebMode;
const SENTENCE = 'Settings nested too deeply: at most 20 levels of lists and objects.';

/** Lists and objects in turn, `depth` levels, as JSON text (JSON.stringify itself overflows past ~5000). */
const nestedJson = (depth: number): string => {
  let text = '"bottom"';
  for (let i = 0; i < depth; i++) text = i % 2 ? `{"deeper":${text}}` : `[${text}]`;
  return text;
};

/** A mutation with a body written as text; its answer's body as text. */
async function postText(path: string, body: string): Promise<{ status: number; body: string }> {
  const answer = await postJsonText(web, path, body);
  return { status: answer.status, body: answer.body.toString() };
}

beforeAll(async () => {
  studio = await startTestWebMode('studio-nesting-', { demo: true, simulator: { timeScale: 0.01 } });
  web = studio.web;
  expect((await callWeb(web, '/trpc/session.useDemo', {})).status).toBe(200);
});
afterAll(async () => {
  await studio?.close();
});

describe('settings nested too deeply', () => {
  it.each([21, 20_000])(
    'refuses an extra body field %i levels deep with the limit, not a 500',
    async (depth) => {
      const answer = await postText(
        '/trpc/tasks.submit',
        `{"family":"image.i1","model":"image_model_id_i1","params":{"prompt":"a deep thought","extra":${nestedJson(depth)}}}`,
      );
      expect(answer.status, answer.body.slice(0, 300)).toBe(400);
      expect(answer.body).toContain(SENTENCE);
      const list = await callWeb(web, '/trpc/tasks.list', undefined, {});
      expect(list.body).not.toContain('a deep thought');
    },
  );

  it('accepts settings nested as deep as the limit', async () => {
    // params is level 1, so its field may nest 19 more.
    const answer = await postText(
      '/trpc/tasks.submit',
      `{"family":"image.i1","model":"image_model_id_i1","params":{"prompt":"deep enough","extra":${nestedJson(18)}}}`,
    );
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
  });

  it('says a dropped file’s settings are nested too deeply', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const settings: FileSettings = {
      app: 'gateway-studio',
      version: 1,
      family: 'image.i1',
      model: 'image_model_id_i1',
      params: { prompt: 'x', extra: JSON.parse(nestedJson(1_000)) as unknown },
      prompt: 'x',
      taskId: null,
      madeFrom: [],
    };
    const dataUrl = `data:image/png;base64,${Buffer.from(pngWithSettings(png, settings)).toString('base64')}`;
    const answer = await callWeb(web, '/trpc/reuse.readSettings', { dataUrl });
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    expect(answer.data()).toEqual({ settings: null, damaged: `params: ${SENTENCE}` });
  });
});

describe('a shared file nested too deeply', () => {
  const deep = nestedJson(100_000);
  it.each([
    [
      'preset',
      '/trpc/presets.import',
      `{"format":"gateway-studio-presets","version":1,"presets":[{"name":"Deep","family":"image.i3","model":"image_model_id_i3","params":{"prompt":"x","extra":${deep}}}]}`,
    ],
    [
      'recipe',
      '/trpc/recipes.import',
      `{"format":"gateway-studio-recipe","version":1,"recipe":{"name":"Deep","steps":[{"family":"image.i3","model":"image_model_id_i3","params":{"prompt":"x","extra":${deep}}}]}}`,
    ],
  ])('answers the %s file’s sentence, not a 500', async (kind, path, text) => {
    const answer = await callWeb(web, path, { text });
    expect(answer.status, answer.body.slice(0, 300)).toBe(400);
    expect(answer.body).toContain(
      `This is not a ${kind} file Gateway Studio can read (it nests lists and objects more than 26 levels deep).`,
    );
  });
});
