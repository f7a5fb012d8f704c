// `presets apply` and `recipe run` (without --dry-run) against the real simulator and the real core: a preset is
// sent with its settings and the prompt given; a recipe runs its picture then a video from it, filed with the
// made-from link; a recipe whose second step fails stops there, exits non-zero with a sentence, and its third
// step never reaches the gateway (the simulator's own list of created tasks says so).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pollPriorsAtTimeScale } from '../../electron/core/tasks';
import { SIM_SEEDS } from '../../electron/simulator';
import { cli, clientFoxPresetsFile, recipeFile, useSimulatorCli } from './cli-harness';

// Every duration 100 times faster: a picture and a video settle in seconds of real time. The CLI's first poll of a
// task follows that clock (pollPriorsAtTimeScale, as cli-gateway.test.ts does): with the real priors a video the
// simulator had finished in a fraction of a second was first asked about after 15 s.
const TIME_SCALE = 0.01;
const rig = useSimulatorCli({ timeScale: TIME_SCALE });
const FAST_POLLS = { polling: pollPriorsAtTimeScale(TIME_SCALE) };

const picture = {
  family: 'image.i3',
  model: 'image_model_id_i3',
  params: { size: '16:9', resolution: '1K' },
};
const video = (prompt: string, bind = 'image') => ({
  family: 'video.s',
  model: 'video_model_id_s',
  params: { prompt, duration: 5 },
  bind,
});

beforeAll(async () => {
  await writeFile(
    join(rig.dir, 'presets.json'),
    clientFoxPresetsFile({ prompt: 'a fox', size: '16:9', resolution: '1K' }),
  );
  await writeFile(
    join(rig.dir, 'to-video.json'),
    recipeFile('Picture to video', [picture, video('push in')]),
  );
  await writeFile(
    join(rig.dir, 'cannot-finish.json'),
    recipeFile('Cannot finish', [
      picture,
      { family: 'video.v2', model: 'video_model_id_v2', params: {}, bind: 'image' },
    ]),
  );
  await writeFile(
    join(rig.dir, 'fails.json'),
    recipeFile('Stops at two', [picture, video('push in [fail]'), video('never sent', 'video')]),
  );
});

const seeded = new Set<string>(Object.values(SIM_SEEDS));
const created = () => rig.sim.createdTasks().filter((t) => !seeded.has(t.id));

describe('presets apply', () => {
  it("sends the preset's settings with the prompt given, waits and files the result", async () => {
    expect((await cli(['presets', 'import', 'presets.json'], rig.env, rig.dir, FAST_POLLS)).code).toBe(0);
    const before = created().length;
    const run = await cli(
      ['--json', 'presets', 'apply', 'client fox', '--prompt', 'an owl'],
      rig.env,
      rig.dir,
      FAST_POLLS,
    );
    expect(run.code, run.stderr).toBe(0);
    const doc = run.json() as { task: { status: string; family: string }; items: unknown[] };
    expect(doc.task).toMatchObject({ status: 'completed', family: 'image.i3' });
    expect(doc.items.length).toBeGreaterThan(0);
    const sent = created().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ prompt: 'an owl', size: '16:9', resolution: '1K' });
  });

  it('refuses a field the family does not take, sending nothing', async () => {
    const before = created().length;
    const run = await cli(
      ['presets', 'apply', 'client fox', '--set', 'size=7:1'],
      rig.env,
      rig.dir,
      FAST_POLLS,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('size');
    expect(created()).toHaveLength(before);
  });
});

describe('recipe run', () => {
  it('runs a picture then a video from it, each filed, the video made from the picture', async () => {
    const before = created().length;
    const run = await cli(
      ['--json', 'recipe', 'run', 'to-video.json', '--prompt', 'a lighthouse'],
      rig.env,
      rig.dir,
      FAST_POLLS,
    );
    expect(run.code, run.stderr).toBe(0);
    const doc = run.json() as {
      runs: { state: string; tasks: { id: string; status: string; parentTaskId: string | null }[] }[];
    };
    const [only] = doc.runs;
    expect(only?.state).toBe('completed');
    const [image, clip] = only?.tasks ?? [];
    expect(image?.status).toBe('completed');
    expect(clip).toMatchObject({ status: 'completed', parentTaskId: image?.id });
    const sent = created().slice(before);
    expect(sent.map((t) => t.model)).toEqual(['image_model_id_i3', 'video_model_id_s']);
    expect(sent[0]?.body.prompt).toBe('a lighthouse');
    // The picture reached the video step as the image it takes.
    expect(sent[1]?.body.image_urls).toEqual([expect.stringMatching(/^data:image\//)]);
  }, 90_000); // a video takes minutes at the gateway: seconds here, still more than a picture

  it('stops at a failed step with a sentence and a non-zero exit; nothing after it is sent', async () => {
    const before = created().length;
    const run = await cli(
      ['recipe', 'run', 'fails.json', '--prompt', 'a harbour'],
      rig.env,
      rig.dir,
      FAST_POLLS,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Stopped at step 2 (video.s');
    expect(run.stderr).toContain('Nothing after it was sent.');
    expect(
      created()
        .slice(before)
        .map((t) => t.body.prompt),
    ).toEqual(['a harbour', 'push in [fail]']);
  }, 90_000);
});

// A recipe whose step 2 can never be sent was run step by step: step 1 was charged, then it stopped.
describe('recipe run of a recipe that cannot finish', () => {
  it('is refused whole before step 1 is sent, with the step and the reason', async () => {
    const before = created().length;
    const run = await cli(
      ['recipe', 'run', 'cannot-finish.json', '--prompt', 'a fox'],
      rig.env,
      rig.dir,
      FAST_POLLS,
    );
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      'Step 2 (Video V2 (reference-to-video)) cannot be sent: prompt: This field is required. Nothing was sent.',
    );
    expect(created().length).toBe(before);
  });
});
