// presets import|list|show|export and recipe run --dry-run from the terminal, on the database the app uses: a
// bad file refused with a sentence (exit 2 class of error, nothing kept), and the dry run sends nothing.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { cli, clientFoxPresetsFile, recipeFile, useCountingCli } from './cli-harness';

const t = useCountingCli(null);

beforeAll(async () => {
  await writeFile(join(t.dir, 'presets.json'), clientFoxPresetsFile({ prompt: 'a fox', size: '16:9' }));
  await writeFile(
    join(t.dir, 'bad.json'),
    JSON.stringify({ format: 'gateway-studio-presets', version: 2, presets: [] }),
  );
  // A file nested 100,000 deep parses, then overflowed every walk after it (a bare failure).
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  await writeFile(
    join(t.dir, 'deep-presets.json'),
    `{"format":"gateway-studio-presets","version":1,"presets":[{"name":"Deep","family":"image.i3","model":"image_model_id_i3","params":{"prompt":"x","extra":${deep}}}]}`,
  );
  await writeFile(
    join(t.dir, 'deep-recipe.json'),
    `{"format":"gateway-studio-recipe","version":1,"recipe":{"name":"Deep","steps":[{"family":"image.i3","model":"image_model_id_i3","params":{"prompt":${deep}}}]}}`,
  );
  await writeFile(
    join(t.dir, 'recipe.json'),
    recipeFile('Picture to video', [
      { family: 'image.i3', model: 'image_model_id_i3', params: { prompt: '{prompt}' } },
      { family: 'video.s', model: 'video_model_id_s', params: { prompt: 'push in' }, bind: 'image' },
    ]),
  );
});

describe('presets', () => {
  it('imports, lists, shows and exports', async () => {
    const imported = await cli(['presets', 'import', 'presets.json'], t.env, t.dir);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('1 presets imported: Client fox');
    const list = await cli(['--json', 'presets', 'list', '--family', 'image.i3'], t.env, t.dir);
    expect(JSON.parse(list.stdout).presets.map((p: { name: string }) => p.name)).toEqual(['Client fox']);
    const show = await cli(['presets', 'show', 'client fox'], t.env, t.dir);
    expect(show.stdout).toContain('size = "16:9"');
    expect(show.stdout).toContain('gateway-studio generate image_model_id_i3 --family image.i3');
    const out = await cli(['presets', 'export', '--out', 'out.json'], t.env, t.dir);
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(t.dir, 'out.json'), 'utf8')).presets[0].name).toBe('Client fox');
  });

  it('a stored preset that does not parse (one another device sent, an extra field, a 300 000-character name) leaves list, show and apply working for the others', async () => {
    expect((await cli(['presets', 'import', 'presets.json'], t.env, t.dir)).code).toBe(0);
    const db = openStudioDatabase(join(t.dir, 'lib', 'studio.db'));
    try {
      const insert = db.prepare(
        "INSERT INTO presets (id, name, family, body, updated_at) VALUES (?, ?, 'image.i3', ?, 1)",
      );
      const body = { family: 'image.i3', model: 'image_model_id_i3', params: {} };
      insert.run('bad-extra', 'Extra', JSON.stringify({ ...body, name: 'Extra', extra: true }));
      insert.run('bad-long', 'n'.repeat(300_000), JSON.stringify({ ...body, name: 'n'.repeat(300_000) }));
    } finally {
      db.close();
    }
    const list = await cli(['--json', 'presets', 'list'], t.env, t.dir);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).presets.map((p: { name: string }) => p.name)).toContain('Client fox');
    const show = await cli(['presets', 'show', 'client fox'], t.env, t.dir);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('size = "16:9"');
    const apply = await cli(['--json', 'presets', 'apply', 'client fox', '--dry-run'], t.env, t.dir);
    expect(apply.code, apply.stderr).toBe(0);
    expect(JSON.parse(apply.stdout)).toMatchObject({ dryRun: true, preset: 'Client fox' });
  });

  it('refuses a bad file with a sentence and keeps nothing of it', async () => {
    const run = await cli(['presets', 'import', 'bad.json'], t.env, t.dir);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('This is not a preset file Gateway Studio can read (version');
  });

  it('refuses a file nested too deeply with its sentence, not a crash', async () => {
    const run = await cli(['presets', 'import', 'deep-presets.json'], t.env, t.dir);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      'This is not a preset file Gateway Studio can read (it nests lists and objects more than 26 levels deep).',
    );
    const list = await cli(['--json', 'presets', 'list'], t.env, t.dir);
    expect(list.stdout).not.toContain('Deep');
    const recipe = await cli(['recipe', 'run', 'deep-recipe.json', '--dry-run'], t.env, t.dir);
    expect(recipe.code, recipe.stderr).toBe(2);
    expect(recipe.stderr).toContain(
      'This is not a recipe file Gateway Studio can read (it nests lists and objects more than 26 levels deep).',
    );
  });
});

describe('recipe run --dry-run', () => {
  it('prints each step and the total, and sends nothing', async () => {
    const before = t.gateway.requests();
    const run = await cli(
      ['recipe', 'run', 'recipe.json', '--prompt', 'a fox', '--prompt', 'an owl', '--dry-run'],
      t.env,
      t.dir,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('step 2 video.s');
    expect(run.stdout).toMatch(/Nothing was sent\.$/m);
    expect(t.gateway.requests()).toBe(before);
  });
});

describe('generate --prompts-file', () => {
  it('is held to the batch limit and its dry run totals every line without sending', async () => {
    await writeFile(join(t.dir, 'prompts.txt'), 'a fox\n\nan owl\r\na heron\n');
    await writeFile(join(t.dir, 'many.txt'), Array.from({ length: 101 }, (_, i) => `prompt ${i}`).join('\n'));
    const before = t.gateway.requests();
    const many = await cli(['generate', 'image_model_id_i3', '--prompts-file', 'many.txt'], t.env, t.dir);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('A press sends at most 100 tasks; this one would send 101.');
    const dry = await cli(
      ['--json', 'generate', 'image_model_id_i3', '--prompts-file', 'prompts.txt', '--dry-run'],
      t.env,
      t.dir,
    );
    expect(dry.code, dry.stderr).toBe(0);
    const doc = JSON.parse(dry.stdout) as { sent: boolean; requests: { params: { prompt: string } }[] };
    expect(doc.sent).toBe(false);
    expect(doc.requests.map((r) => r.params.prompt)).toEqual(['a fox', 'an owl', 'a heron']);
    expect(t.gateway.requests()).toBe(before);
  });
});
