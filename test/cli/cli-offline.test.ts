// The CLI without a gateway: argument errors, catalog validation and local reads. Exit 2 must mean that
// nothing was sent, so the base URL points at a server that counts requests.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_IDS } from '../../shared/catalog/family-ids';
import { cli, useCountingCli } from './cli-harness';

const t = useCountingCli('sk-offline-secret-key');

beforeAll(async () => {
  await writeFile(
    join(t.dir, 'ref.png'),
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  await writeFile(join(t.dir, 'notes.txt'), 'not an image');
});

async function refused(args: string[], code = 2, asked: readonly string[] = []) {
  const before = t.gateway.requests();
  const run = await cli(['--json', ...args], t.env, t.dir);
  expect(run.code, run.stdout + run.stderr).toBe(code);
  // Nothing was sent: no request at all, or only the free lookups the test names.
  expect(t.gateway.seen().slice(before)).toEqual(asked);
  const { error } = run.json() as { error: Record<string, unknown> };
  expect(Object.keys(error).sort()).toEqual(['code', 'httpStatus', 'message', 'param', 'type']);
  expect(
    run.stdout
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{')),
  ).toHaveLength(1);
  return error;
}

describe('models', () => {
  it('lists every family with model ids, fields and limits, as one JSON document', async () => {
    const run = await cli(['--json', 'models'], t.env);
    expect(run.code).toBe(0);
    const { families } = run.json() as {
      families: { id: string; models: string[]; fields: { name: string; maxLength?: number }[] }[];
    };
    expect(families.map((f) => f.id)).toEqual([...FAMILY_IDS]);
    const i3 = families.find((f) => f.id === 'image.i3');
    expect(i3?.models).toEqual(['image_model_id_i3']);
    expect(i3?.fields.find((f) => f.name === 'prompt')?.maxLength).toBe(800); // [LIM-8]
    expect(t.gateway.requests()).toBe(0);
  });

  it('prints a readable table without --json', async () => {
    const run = await cli(['models'], t.env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('image.i3');
    expect(run.stdout).toContain('≤4096 chars'); // [LIM-7] speech input
    expect(() => JSON.parse(run.stdout)).toThrow();
  });
});

describe('invalid arguments exit 2 with nothing sent', () => {
  it('unknown option and unknown command', async () => {
    expect((await refused(['generate', 'image_model_id_i3', '--prompt', 'x', '--bogus'])).code).toBe(
      'unknownOption',
    );
    await refused(['frobnicate']);
  });

  it('a model the catalog does not know, without --family', async () => {
    // An id the seed catalogue lacks may be one the gateway lists (the live catalogue), so the CLI asks the free
    // listing first; this gateway answers 500, so the id stays unknown and nothing paid is sent.
    const error = await refused(['generate', 'my-new-model', '--prompt', 'x'], 2, ['GET /v1/models']);
    expect(error.param).toBe('family');
  });

  it('the music model through generate must name its operation', async () => {
    const error = await refused(['generate', 'music_model_id', '--prompt', 'x']);
    expect(String(error.message)).toContain('several families');
  });

  it('[LIM-8] an I3 prompt over 800 characters', async () => {
    const error = await refused(['generate', 'image_model_id_i3', '--prompt', 'p'.repeat(801)]);
    expect(error).toMatchObject({ type: 'invalid_argument', code: 'validation_error', param: 'prompt' });
  });

  it('[EP-IMAGE-4] a reference image for the text-only family I4', async () => {
    const error = await refused(['generate', 'image_model_id_i4', '--prompt', 'x', '--ref', 'ref.png']);
    expect(error).toMatchObject({ code: 'image_input_refused', param: 'ref' });
    // Also when smuggled in through --set.
    await refused([
      'generate',
      'image_model_id_i4',
      '--prompt',
      'x',
      '--set',
      'image_urls=https://example.com/a.png',
    ]);
  });

  it('[LIM-10] more reference images than the family takes (I2: 16)', async () => {
    const refs = Array.from({ length: 17 }, (_, i) => ['--ref', `https://example.com/${i}.png`]).flat();
    const error = await refused(['generate', 'image_model_id_i2', '--prompt', 'x', ...refs]);
    expect(String(error.message)).toContain('At most 16');
  });

  it('a reference file over the size limit, with the one sentence and nothing sent', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await writeFile(join(t.dir, 'huge.png'), big);
    const error = await refused(['generate', 'image_model_id_i2', '--prompt', 'x', '--ref', 'huge.png']);
    expect(error).toMatchObject({ param: 'ref' });
    expect(String(error.message)).toContain('A reference image can be at most 20 MiB; this one is 21 MiB.');
  });

  it('a local file where the family only takes URLs (V2), a missing file, a file that is not an image', async () => {
    await refused(['generate', 'video_model_id_v2', '--prompt', 'x', '--ref', 'ref.png']);
    await refused(['generate', 'image_model_id_i2', '--prompt', 'x', '--ref', 'missing.png']);
    await refused(['generate', 'image_model_id_i2', '--prompt', 'x', '--ref', 'notes.txt']);
  });

  it('[LIM-11] durations, [LIM-9] counts and enums are checked by the catalog', async () => {
    await refused(['generate', 'video_model_id_h', '--prompt', 'x', '--set', 'duration=7']);
    await refused(['generate', 'image_model_id_i2', '--prompt', 'x', '--set', 'n=5']);
    await refused(['generate', 'image_model_id_i3', '--prompt', 'x', '--set', 'size=5:1']);
    await refused(['generate', 'image_model_id_i3', '--prompt', 'x', '--set', 'nonsense=1']);
    await refused(['generate', 'image_model_id_i3', '--prompt', 'x', '--set', 'prompt_extend=maybe']);
  });

  it('[EVT-9] a webhook on loopback is refused before sending', async () => {
    await refused(['generate', 'image_model_id_i3', '--prompt', 'x', '--webhook', 'http://127.0.0.1/hook']);
  });

  it('[EP-GRID-1] upscale index outside 1..4; unknown music operation', async () => {
    await refused(['upscale', '--task', 'grid-1', '--index', '5']);
    await refused(['music', 'remix', '--task', 'music-upload-1']);
  });

  it('[LIM-7] speech input over 4096 characters, and input given twice or not at all', async () => {
    const error = await refused(['speech', 'speech_model_id', '--input', 'a'.repeat(4097)]);
    expect(error.param).toBe('input');
    await refused(['speech', 'speech_model_id']);
    await refused(['speech', 'speech_model_id', '--input', 'hi', '--input-file', 'notes.txt']);
    await refused(['speech', 'speech_model_id', '--input', 'hi', '--format', 'mp3']);
  });

  it('[EP-USAGE-PARAM-4] a group_by the gateway does not offer', async () => {
    const error = await refused(['usage', '--group-by', 'week']);
    expect(error).toMatchObject({ type: 'validation_error', param: 'group_by' });
  });

  it('commands that talk to the gateway need a base URL and a key', async () => {
    const { GATEWAY_BASE_URL: _url, ...noUrl } = t.env;
    const run = await cli(['--json', 'balance'], noUrl);
    expect(run.code).toBe(2);
    expect(run.json()).toMatchObject({ error: { param: 'base-url' } });
    const { GATEWAY_API_KEY: _key, ...noKey } = t.env;
    expect((await cli(['balance'], noKey)).code).toBe(2);
  });
});

describe('local reads', () => {
  it('library and tasks work without any gateway', async () => {
    const run = await cli(['--json', 'library', '--search', 'anything', '--kind', 'image'], {
      STUDIO_LIBRARY_DIR: join(t.dir, 'lib2'),
    });
    expect(run.code).toBe(0);
    expect(run.json()).toEqual({ items: [], total: 0 });
    const tasks = await cli(['--json', 'tasks'], { STUDIO_LIBRARY_DIR: join(t.dir, 'lib2') });
    expect(tasks.code).toBe(0);
    expect(tasks.json()).toEqual({ tasks: [] });
  });

  it('STUDIO_DATA_DIR moves the database out of the library folder', async () => {
    const run = await cli(['tasks'], {
      STUDIO_LIBRARY_DIR: join(t.dir, 'lib3'),
      STUDIO_DATA_DIR: join(t.dir, 'data'),
    });
    expect(run.code).toBe(0);
    const { existsSync } = await import('node:fs');
    expect(existsSync(join(t.dir, 'data', 'studio.db'))).toBe(true);
    expect(existsSync(join(t.dir, 'lib3', 'studio.db'))).toBe(false);
  });
});

describe('the key is never printed', () => {
  it('not in errors, not in --json, not in help', async () => {
    const runs = [
      await cli(
        [
          '--api-key',
          'sk-offline-secret-key',
          '--json',
          'generate',
          'image_model_id_i3',
          '--prompt',
          'sk-offline-secret-key'.repeat(60),
        ],
        t.env,
      ),
      await cli(['--api-key', 'sk-offline-secret-key', 'generate', 'nope', '--prompt', 'x'], t.env),
      await cli(['--help'], t.env),
      // Messages that quote user input would carry it: the output layer scrubs it wherever it appears.
      await cli(['--json', 'generate', 'x', '--family', 'sk-offline-secret-key'], t.env),
      await cli(['generate', 'x', '--family', 'sk-offline-secret-key'], t.env),
    ];
    for (const run of runs) {
      expect(run.stdout + run.stderr).not.toContain('sk-offline-secret-key');
    }
    expect(runs[2]?.code).toBe(0);
    expect(runs[3]?.stdout).toContain('Unknown family \\"***\\"');
    expect(runs[4]?.stderr).toContain('Unknown family "***"');
  });
});

describe('the library folder', () => {
  it('refuses a filesystem root, the home folder itself and a folder holding the data folder (exit 2)', async () => {
    const root = await refused(['--library', '/', 'library']);
    expect(root).toMatchObject({ param: 'library', code: 'unsafe_library_folder' });
    expect(root.message).toMatch(/^The library folder cannot be \/: a filesystem root/);
    const home = await refused(['--library', t.dir, 'tasks']);
    expect(home.message).toMatch(/cannot be your home folder itself/);
    const before = t.gateway.requests();
    const run = await cli(['--json', '--library', join(t.dir, 'data'), 'library'], {
      ...t.env,
      STUDIO_DATA_DIR: join(t.dir, 'data', 'db'),
    });
    expect(run.code).toBe(2);
    expect(t.gateway.requests()).toBe(before);
    expect((run.json() as { error: { message: string } }).error.message).toMatch(
      /cannot be the app's data folder or a folder containing it/,
    );
    // A folder inside home is fine.
    expect((await cli(['--json', '--library', join(t.dir, 'lib'), 'library'], t.env)).code).toBe(0);
  });
});
