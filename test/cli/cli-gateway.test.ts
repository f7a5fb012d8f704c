// The CLI end to end against the real simulator and the real core (client, engine, downloads, library,
// speech). Most runs are in-process through runCli; two spawn the real entry point.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { pollPriorsAtTimeScale } from '../../electron/core/tasks';
import { SIM_KEYS, SIM_SEEDS } from '../../electron/simulator';
import type { LibraryItem } from '../../shared/studio/records';
import { systemTimeZone } from '../../shared/studio/time-zones';
import { startOfDay, zonedTime } from '../../shared/studio/zoned-days';
import { spawnCli } from '../support/cli-process';
import { cli, closedPortUrl, useSimulatorCli } from './cli-harness';

// Every duration 100 times faster: image tasks settle in about a second of real time. The CLI's first poll of a
// task follows that clock (pollPriorsAtTimeScale, as web mode does for its fast demo): with the real priors a video
// the simulator had finished in a fraction of a second was first asked about after 15 s, and music after 8.
const TIME_SCALE = 0.01;
const rig = useSimulatorCli({ timeScale: TIME_SCALE });
const FAST_POLLS = { polling: pollPriorsAtTimeScale(TIME_SCALE) };

const ROOT = resolve(import.meta.dirname, '../..');

beforeAll(async () => {
  await writeFile(
    join(rig.dir, 'ref.png'),
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#08f' } })
      .png()
      .toBuffer(),
  );
});

type TaskJson = {
  id: string;
  status: string;
  progress: number;
  cost: number | null;
  remoteId: string | null;
};
type Outcome = { task: TaskJson; items: LibraryItem[] };

async function ok(
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<Outcome & Record<string, unknown>> {
  const run = await cli(['--json', ...args], { ...rig.env, ...extraEnv }, rig.dir, FAST_POLLS);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  return run.json() as Outcome & Record<string, unknown>;
}

async function fails(args: string[], code: number, extraEnv: Record<string, string> = {}) {
  const run = await cli(['--json', ...args], { ...rig.env, ...extraEnv }, rig.dir, FAST_POLLS);
  expect(run.code, run.stdout + run.stderr).toBe(code);
  return run.json() as {
    error: { httpStatus: number | null; type: string; code: string; message: string };
    task?: TaskJson;
  };
}

async function sha256(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

async function expectFiled(item: LibraryItem): Promise<void> {
  expect(item.path.startsWith(join(rig.dir, 'lib'))).toBe(true);
  expect(existsSync(item.path)).toBe(true);
  expect(await sha256(item.path)).toBe(item.sha256);
}

describe('balance', () => {
  it('[EP-TBAL-1] [EP-UBAL-1] the key and the account', async () => {
    const doc = await ok(['balance']);
    expect(doc).toMatchObject({ token: { success: true, unlimited_quota: false }, user: { success: true } });
    const text = await cli(['balance'], rig.env);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^key: .*remaining/m);
  });

  it('a base URL given with /v1/ works, and a balance in CNY is printed in CNY', async () => {
    rig.sim.dialects.set(['balance-cny']);
    try {
      const text = await cli(['balance'], { ...rig.env, GATEWAY_BASE_URL: `${rig.sim.url}/v1/` });
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/^key: [\d,.]+ CNY remaining \([\d.]+ credits\), [\d.]+ CNY used$/m);
      expect(text.stdout).toMatch(/^account: [\d,.]+ CNY remaining/m);
    } finally {
      rig.sim.dialects.set([]);
    }
  });

  it('[EP-TBAL-2] a missing token record answers success:false: the account is still printed, the failure said, exit 1', async () => {
    const doc = (await fails(['balance'], 1, { GATEWAY_API_KEY: SIM_KEYS.orphan })) as unknown as {
      error: { type: string; message: string };
      token: unknown;
      user: { success: boolean; remain_balance: number };
    };
    expect(doc.error.type).toBe('balance_lookup_failed');
    expect(doc.error.message).toMatch(/^The key's balance could not be read: Token not found/);
    expect(doc.token).toBeNull();
    expect(doc.user).toMatchObject({ success: true, remain_balance: 10 });
    const text = await cli(['balance'], { ...rig.env, GATEWAY_API_KEY: SIM_KEYS.orphan });
    expect(text.code).toBe(1);
    expect(text.stdout).toBe('key: could not be read\naccount: 10.00 remaining (100 credits), 0.00 used\n');
    expect(text.stderr).toContain("The key's balance could not be read: Token not found");
  });

  it('[EP-UBAL-2] an account lookup that fails leaves the key printed, and says what failed, exit 1', async () => {
    const text = await cli(['balance'], { ...rig.env, GATEWAY_API_KEY: SIM_KEYS.userUsedMissing });
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /^key: [\d.]+ remaining \(\d+ credits\), [\d.]+ used\naccount: could not be read\n$/,
    );
    expect(text.stderr).toContain("The account's balance could not be read: Failed to get user used quota");
  });

  it('[AUTH-2] an unknown key is a 401, exit 1, and the key is not printed', async () => {
    const run = await cli(['--json', 'balance'], { ...rig.env, GATEWAY_API_KEY: 'sk-not-a-real-key-123' });
    expect(run.code).toBe(1);
    expect(run.json()).toMatchObject({ error: { httpStatus: 401, type: 'authentication_error' } });
    expect(run.stdout + run.stderr).not.toContain('sk-not-a-real-key-123');
  });
});

describe('usage', () => {
  it('[EP-USAGE-PARAM-4] [EP-USAGE-3] grouped report and the cache header', async () => {
    const first = await ok(['usage', '--group-by', 'model', '--scope', 'account']);
    expect(first.usage).toMatchObject({ group_by: 'model', scope: 'account' });
    expect(first.cache).toBe('miss');
    const second = await ok(['usage', '--group-by', 'model', '--scope', 'account']);
    expect(second.cache).toBe('hit'); // [LIM-2]
  });

  it('[EP-USAGE-1] RFC 3339 with a + offset reaches the gateway intact', async () => {
    const doc = await ok([
      'usage',
      '--start',
      '2026-11-01T00:00:00+08:00',
      '--end',
      '2026-11-02T00:00:00+08:00',
    ]);
    expect(doc.usage).toMatchObject({
      start: Date.UTC(2026, 9, 31, 16) / 1000,
      end: Date.UTC(2026, 10, 1, 16) / 1000,
    });
  });

  it('[ERR-USAGE-3] a range over 31 days is asked as 31-day windows and merged, as the app does', async () => {
    const doc = await ok(['usage', '--start', '1780000000', '--end', '1790000000', '--tz', 'UTC']);
    expect(doc.windows).toBe(4);
    expect(doc.usage).toMatchObject({ start: 1780000000, end: 1790000000, tz: 'UTC' });
  });

  it('dates without a zone are read in the system zone (as the app reads its days), or in --tz', async () => {
    const zone = systemTimeZone();
    const here = await ok(['usage', '--start', '2026-11-01', '--end', '2026-11-02T12:30']);
    expect(here.usage).toMatchObject({
      start: startOfDay('2026-11-01', zone),
      end: zonedTime('2026-11-02', 12, 30, 0, zone),
      tz: zone,
    });
    const paris = await ok(['usage', '--start', '2026-11-01', '--end', '2026-11-08', '--tz', 'Europe/Paris']);
    expect(paris.usage).toMatchObject({
      start: Date.UTC(2026, 9, 31, 23) / 1000,
      end: Date.UTC(2026, 10, 7, 23) / 1000,
      tz: 'Europe/Paris',
    });
    const text = await cli(
      ['usage', '--start', '2026-11-01', '--end', '2026-11-08', '--tz', 'Europe/Paris'],
      rig.env,
    );
    expect(text.stdout).toMatch(/^key usage, 2026-11-01 00:00:00 to 2026-11-08 00:00:00 \(Europe\/Paris\)$/m);
  });

  it('a reversed range or an unreadable time is exit 2 before sending, said in dates, not Unix seconds', async () => {
    const reversed = await fails(['usage', '--start', '1780000000', '--end', '1779990000', '--tz', 'UTC'], 2);
    expect(reversed.error.message).toBe(
      'The end (2026-05-28 17:40:00 UTC) must be later than the start (2026-05-28 20:26:40 UTC).',
    );
    expect(reversed.error.message).not.toMatch(/\d{10}/);
    const unreadable = await fails(['usage', '--start', 'yesterday', '--tz', 'UTC'], 2);
    expect(unreadable.error.message).toContain('--start yesterday is not a time');
  });
});

describe('generate', () => {
  it('[EP-IMAGE-3] [EP-IMAGE-I3SIZE-4] waits, downloads into the library and prints the items', async () => {
    const doc = await ok([
      'generate',
      'image_model_id_i3',
      '--prompt',
      'a lighthouse at dusk',
      '--set',
      'size=16:9',
    ]);
    expect(doc.task).toMatchObject({ status: 'completed', progress: 100 });
    expect(doc.task.cost).toBeGreaterThan(0);
    expect(doc.items).toHaveLength(1);
    const [item] = doc.items;
    expect(item).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      width: 1280,
      height: 720,
      prompt: 'a lighthouse at dusk',
    });
    await expectFiled(item as LibraryItem);
    expect(existsSync(String(item?.thumbnailPath))).toBe(true);

    const found = await ok(['library', '--search', 'lighthouse', '--kind', 'image']);
    expect(found.items.map((i) => i.id)).toContain(item?.id);
  });

  it('[TASK-8] [TASK-9] --dry-run prints the estimate learned from the run above and sends nothing', async () => {
    const spent = async () =>
      ((await ok(['balance'])) as unknown as { token: { used_balance: number } }).token;
    const tasksBefore = ((await ok(['tasks'])) as unknown as { tasks: unknown[] }).tasks.length;
    const before = (await spent()).used_balance;
    expect(before).toBeGreaterThan(0); // the run above was charged, so a dry run that sent would show
    const args = ['generate', 'image_model_id_i3', '--prompt', 'another', '--set', 'size=1:1', '--dry-run'];
    const doc = (await ok(args)) as unknown as {
      sent: boolean;
      estimate: { usd: number; credits: number; observations: number; basis: string; seconds: number };
    };
    // The simulator charged 0.02 USD for a 1K I3 image; size does not change it ([EP-IMAGE-3]).
    expect(doc).toMatchObject({ sent: false, estimate: { basis: 'runs', observations: 1 } });
    expect(doc.estimate.usd).toBeCloseTo(0.02, 6);
    expect(doc.estimate.credits).toBeCloseTo(0.2, 6);
    const text = await cli(args, rig.env, rig.dir);
    expect(text.stdout).toMatch(/≈ 0\.0200 USD \(0\.2000 credits\) from 1 run/);
    expect(text.stdout).toContain('Nothing was sent.');
    // A model the catalog does not know, run --family image.i3: not learned here and not in the starting table.
    const unpriced = ['generate', 'image_model_id_i3_2026', '--family', 'image.i3', '--prompt', 'x'];
    const first = await cli([...unpriced, '--dry-run'], rig.env, rig.dir);
    expect(first.stdout).toContain('first run of this model: no estimate yet');
    // Nothing reached the gateway (no charge) and no task row was written.
    expect((await spent()).used_balance).toBe(before);
    expect(((await ok(['tasks'])) as unknown as { tasks: unknown[] }).tasks).toHaveLength(tasksBefore);
  });

  it('--dry-run prices a model of the starting price table from its row before it has run here, as the app does', async () => {
    const args = ['generate', 'video_model_id_k', '--prompt', 'x', '--set', 'mode=pro', '--dry-run'];
    const doc = (await ok(args)) as unknown as {
      estimate: { usd: number; basis: string; observations: number; dependsOn: string[] };
    };
    // K's row: 0.07 USD a second, 5 s when the request leaves the duration out, twice that in pro mode.
    expect(doc.estimate).toMatchObject({ basis: 'table', observations: 0 });
    expect(doc.estimate.usd).toBeCloseTo(0.7, 6);
    expect(doc.estimate.dependsOn).toEqual(expect.arrayContaining(['duration', 'mode']));
    const text = await cli(args, rig.env, rig.dir);
    expect(text.stdout).toMatch(/≈ 0\.7000 USD .*starting price, not yet charged here/);
    expect(text.stdout).toContain('Nothing was sent.');
  });

  it('[EP-IMAGE-2] a local --ref is stored once and the task keeps studio-ref:<sha256>; n=2 gives two files', async () => {
    const doc = await ok([
      'generate',
      'image_model_id_i2',
      '--prompt',
      'the same style',
      '--ref',
      'ref.png',
      '--set',
      'n=2',
    ]);
    expect(doc.task.status).toBe('completed');
    const params = (doc.task as unknown as { params: { image_urls: string[] } }).params;
    const bytes = await readFile(join(rig.dir, 'ref.png'));
    const sha = createHash('sha256').update(bytes).digest('hex');
    expect(params.image_urls).toEqual([`studio-ref:${sha}`]);
    // Beside the database (the library folder here, where the CLI keeps studio.db by default).
    expect(existsSync(join(rig.dir, 'lib', 'references', sha.slice(0, 2), `${sha}.png`))).toBe(true);
    expect(doc.items).toHaveLength(2);
    for (const item of doc.items) await expectFiled(item);
  });

  it('[EP-IMAGE-2] an 8 MiB --ref on I2 with n=4 keeps `generate --json` and `library --json` small', async () => {
    const side = 1700; // random pixels do not compress: about 8.3 MiB (8.7 million bytes) of PNG
    await writeFile(
      join(rig.dir, 'big-ref.png'),
      await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
    const run = await cli(
      [
        '--json',
        'generate',
        'image_model_id_i2',
        '--prompt',
        'eight megabytes',
        '--ref',
        'big-ref.png',
        '--set',
        'n=4',
      ],
      rig.env,
      rig.dir,
      FAST_POLLS,
    );
    expect(run.code, run.stderr).toBe(0);
    const doc = run.json() as unknown as Outcome;
    expect(doc.task.status).toBe('completed');
    expect(doc.items).toHaveLength(4);
    // Before references were files this printed 56 MB (the data URL in the task and in each of 4 items).
    expect(Buffer.byteLength(run.stdout)).toBeLessThan(20_000);
    const library = await cli(['--json', 'library', '--search', 'eight'], rig.env, rig.dir);
    expect(library.code).toBe(0);
    expect(Buffer.byteLength(library.stdout)).toBeLessThan(20_000);
  }, 60_000);

  it('[EP-VIDEO-3] a video lands with its picture size and duration read from the file', async () => {
    const doc = await ok([
      'generate',
      'video_model_id_h',
      '--prompt',
      'waves at sunrise',
      '--set',
      'duration=5',
    ]);
    expect(doc.task.status).toBe('completed');
    const [item] = doc.items;
    expect(item).toMatchObject({ kind: 'video', mime: 'video/mp4', thumbnailPath: null });
    expect(item?.width).toBeGreaterThan(0);
    expect(item?.durationSeconds).toBeGreaterThan(0);
    await expectFiled(item as LibraryItem);
  }, 60_000); // video takes minutes at the gateway: seconds here, still more than an image

  it('--no-wait returns at once; task --wait follows it to its files later', async () => {
    const submitted = await ok(['generate', 'image_model_id_i3', '--prompt', 'a paper boat', '--no-wait']);
    expect(['submitted', 'pending', 'processing']).toContain(submitted.task.status);
    expect(submitted.items).toEqual([]);

    const done = await ok(['task', submitted.task.id, '--wait']);
    expect(done.task).toMatchObject({ id: submitted.task.id, status: 'completed' });
    expect(done.items).toHaveLength(1);
    await expectFiled(done.items[0] as LibraryItem);

    // By the gateway's id too, and without a key: it is all in the local database now.
    const { GATEWAY_API_KEY: _key, ...offline } = rig.env;
    const again = await cli(['--json', 'task', String(submitted.task.remoteId)], offline);
    expect(again.code).toBe(0);
    expect((again.json() as Outcome).items.map((i) => i.id)).toEqual(done.items.map((i) => i.id));

    const list = await ok(['tasks']);
    expect((list.tasks as TaskJson[]).map((t) => t.id)).toContain(submitted.task.id);
  });

  it('shows progress on stderr without --json, and nothing but the document with it', async () => {
    const text = await cli(
      ['generate', 'image_model_id_i3', '--prompt', 'a progress bar'],
      rig.env,
      rig.dir,
      FAST_POLLS,
    );
    expect(text.code).toBe(0);
    expect(text.stderr).toMatch(/^submitting image\.i3 image_model_id_i3$/m);
    expect(text.stderr).toMatch(/^task task_\w+: completed 100%, files 1\/1$/m);
    expect(text.stderr).toMatch(/^downloading: \d+\.\d KiB of \d+\.\d KiB$/m); // a small picture reads in KiB
    expect(text.stdout).toMatch(/completed 100%/);
    expect(text.stdout).toContain(join(rig.dir, 'lib'));
    const json = await cli(
      ['--json', 'generate', 'image_model_id_i3', '--prompt', 'a quiet bar'],
      rig.env,
      rig.dir,
      FAST_POLLS,
    );
    expect(json.code).toBe(0);
    expect(json.stderr).toBe('');
    expect(json.json()).toHaveProperty('items');
  });

  it('[STATE-5] a task that fails is exit 1, with the error and the task in one document', async () => {
    const doc = await fails(['generate', 'image_model_id_i3', '--prompt', 'this will [fail]'], 1);
    expect(doc.error).toMatchObject({ type: 'task_failed', code: 'generation_failed' });
    expect(doc.task?.status).toBe('failed');
  });

  it('[ERR-5] an empty balance is a 402: exit 1', async () => {
    const { error } = await fails(['generate', 'image_model_id_i3', '--prompt', 'x'], 1, {
      GATEWAY_API_KEY: SIM_KEYS.empty,
    });
    expect(error).toMatchObject({ httpStatus: 402, type: 'payment_required' });
  });

  it('[EP-VIDEO-NSFW-4] [ERR-3] a flagged prompt is refused at submission: exit 1', async () => {
    const { error } = await fails(
      ['generate', 'image_model_id_i3', '--prompt', 'something [nsfw:violence]', '--set', 'nsfw_check=true'],
      1,
    );
    expect(error).toMatchObject({ httpStatus: 400, type: 'nsfw_content_detected' });
  });

  it('--family routes a model id the catalog does not know; the gateway then refuses it (exit 1)', async () => {
    const { error } = await fails(
      ['generate', 'brand-new-model', '--family', 'image.i3', '--prompt', 'x'],
      1,
    );
    expect(error.httpStatus).toBe(400);
  });
});

describe('music and upscale', () => {
  it('[EP-MUSIC-4] [SRC-1] adjust-speed on a seeded track files the audio', async () => {
    const doc = await ok([
      'music',
      'adjust-speed',
      '--task',
      SIM_SEEDS.musicGenerated,
      '--index',
      '2',
      '--set',
      'speed=1.25',
    ]);
    expect(doc.task).toMatchObject({ status: 'completed' });
    expect((doc.task as unknown as { params: Record<string, unknown> }).params).toMatchObject({
      task_id: SIM_SEEDS.musicGenerated,
      audio_index: 2,
      speed: 1.25,
    });
    expect(doc.items.length).toBeGreaterThan(0);
    expect(doc.items.every((i) => i.kind === 'audio' || i.kind === 'image' || i.kind === 'video')).toBe(true);
    for (const item of doc.items) await expectFiled(item);
  });

  it('[EP-MUSIC-2] concat of a track that is not an extend product is refused: exit 1', async () => {
    const { error } = await fails(['music', 'concat', '--task', SIM_SEEDS.musicGenerated], 1);
    expect(error).toMatchObject({ httpStatus: 400, type: 'invalid_request_error' });
  });

  it('[EP-MUSIC-2] [EP-MUSIC-3] concat of an extend product and generate-mp4 file their audio and video', async () => {
    const joined = await ok([
      'music',
      'concat',
      '--task',
      SIM_SEEDS.musicExtend,
      '--model',
      'music_model_id',
    ]);
    expect(joined.task).toMatchObject({ status: 'completed', family: 'music.concat' });
    expect(joined.items.some((i) => i.kind === 'audio')).toBe(true);
    // A music cover is a still picture: the track's duration is not its own.
    for (const item of joined.items.filter((i) => i.kind === 'image'))
      expect(item.durationSeconds).toBeNull();

    const video = await ok(['music', 'generate-mp4', '--task', SIM_SEEDS.musicGenerated, '--index', '1']);
    expect(video.task).toMatchObject({ status: 'completed', family: 'music.generateMp4' });
    expect(video.items.some((i) => i.kind === 'video' && i.mime === 'video/mp4')).toBe(true);
    for (const item of video.items) await expectFiled(item);
  });

  it('[EP-MUSIC-5] add-instrumental on an upload track: --no-wait, then task --wait files it', async () => {
    const submitted = await ok([
      'music',
      'add-instrumental',
      '--task',
      SIM_SEEDS.musicUpload,
      '--set',
      'tags=acoustic, warm',
      '--set',
      'version=v1',
      '--no-wait',
    ]);
    expect(submitted.items).toEqual([]);
    expect((submitted.task as unknown as { params: Record<string, unknown> }).params).toMatchObject({
      task_id: SIM_SEEDS.musicUpload,
      tags: 'acoustic, warm',
      version: 'v1',
    });
    const done = await ok(['task', submitted.task.id, '--wait']);
    expect(done.task.status).toBe('completed');
    expect(done.items.some((i) => i.kind === 'audio')).toBe(true);
  });

  it('[EP-GRID-1] upscale picks one image of a grid; an unknown grid is a 404', async () => {
    const doc = await ok(['upscale', '--task', SIM_SEEDS.grid, '--index', '3', '--speed', 'fast']);
    expect(doc.task.status).toBe('completed');
    expect(doc.items).toHaveLength(1);
    expect(doc.items[0]?.kind).toBe('image');
    const { error } = await fails(['upscale', '--task', 'no-such-grid', '--index', '1'], 1);
    expect(error).toMatchObject({ httpStatus: 404, type: 'not_found_error' }); // [ERR-7]
  });
});

describe('speech and task lookups', () => {
  it('[EP-SPEECH-1] speech is filed in the library and copied to --out', async () => {
    const doc = (await ok([
      'speech',
      'speech_model_id',
      '--input',
      'Welcome aboard',
      '--format',
      'flac',
      '--out',
      'hello.flac',
    ])) as unknown as {
      items: LibraryItem[];
      out: string;
    };
    const [item] = doc.items;
    expect(item).toMatchObject({
      kind: 'speech',
      mime: 'audio/flac',
      prompt: 'Welcome aboard',
      family: 'speech',
    });
    await expectFiled(item as LibraryItem);
    expect(doc.out).toBe(join(rig.dir, 'hello.flac'));
    expect(await sha256(doc.out)).toBe(item?.sha256);
    const found = await ok(['library', '--kind', 'speech', '--search', 'welcome']);
    expect(found.items.map((i) => i.id)).toEqual([item?.id]);
  });

  it("[EP-SPEECH-1] the same speech again is the library's take, not charged; --fresh pays for a new one", async () => {
    // A key of its own: its usage report holds only these takes ([EP-USAGE-PARAM-6] scope=key).
    const key = { GATEWAY_API_KEY: SIM_KEYS.default2 };
    const say = (...extra: string[]) =>
      ok(
        ['speech', 'speech_model_id', '--input', 'Said twice from a terminal', '--format', 'wav', ...extra],
        key,
      );
    const first = (await say()) as unknown as { items: LibraryItem[]; fromLibrary: boolean };
    expect(first.fromLibrary).toBe(false);
    // [EP-USAGE-1] its cost, read from the usage report: the simulator bills per character.
    expect(first.items[0]?.cost).toBeCloseTo('Said twice from a terminal'.length * 0.000015, 6);
    const again = (await say()) as unknown as { items: LibraryItem[]; fromLibrary: boolean };
    expect(again).toMatchObject({ fromLibrary: true, items: [{ id: first.items[0]?.id }] });
    const fresh = (await say('--fresh')) as unknown as { items: LibraryItem[]; fromLibrary: boolean };
    expect(fresh.fromLibrary).toBe(false);
    expect(fresh.items[0]?.id).not.toBe(first.items[0]?.id);
    const text = await cli(
      ['speech', 'speech_model_id', '--input', 'Said twice from a terminal', '--format', 'wav'],
      { ...rig.env, ...key },
      rig.dir,
    );
    expect(text.stdout).toContain('from your library, not charged');
    const help = await cli(['speech', '--help'], rig.env, rig.dir);
    expect(help.stdout).toContain('--fresh');
  });

  it('library pages, sorts and filters favourites', async () => {
    const two = await ok(['library', '--limit', '2', '--sort', 'size']);
    const second = await ok(['library', '--limit', '1', '--offset', '1', '--sort', 'size']);
    expect(second.items.map((i) => i.id)).toEqual([two.items[1]?.id]);
    expect(second.total).toBe(two.total);
    expect(two.items[0]?.size).toBeGreaterThanOrEqual(two.items[1]?.size ?? Infinity);
    expect(await ok(['library', '--favourites'])).toMatchObject({ items: [], total: 0 });
  });

  it('[EP-TASK-1] [ERR-7] a task id nobody knows is a 404: exit 1', async () => {
    const { error } = await fails(['task', 'task_does_not_exist'], 1);
    expect(error.httpStatus).toBe(404);
  });

  it('a gateway that cannot be reached is exit 3', async () => {
    const { error } = await fails(['speech', 'speech_model_id', '--input', 'hi'], 3, {
      GATEWAY_BASE_URL: await closedPortUrl(),
    });
    expect(error.httpStatus).toBeNull();
    expect(error.type).toBe('network_error');
  });
});

describe('the real entry point', () => {
  const run = promisify(execFile);
  const entry = (args: string[]) => spawnCli(args, { cwd: rig.dir, env: rig.env }).exit;

  it('prints one JSON document and exits 0', async () => {
    const result = await entry(['--json', 'balance']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ token: { success: true } });
    expect(result.stderr).not.toContain('ExperimentalWarning');
  });

  // The package bin loads the bundle `npm run build` makes (CI builds before it tests).
  it.skipIf(!existsSync(join(ROOT, 'out/cli/cli.js')))(
    'the package bin gateway-studio runs the built CLI',
    async () => {
      const bin = await run(process.execPath, [join(ROOT, 'bin/gateway-studio.js'), '--json', 'balance'], {
        cwd: rig.dir,
        env: { PATH: process.env.PATH ?? '', ...rig.env },
      });
      expect(JSON.parse(bin.stdout)).toMatchObject({ token: { success: true } });
    },
  );

  it('exits 2 for a refused argument and 1 for a refusal by the gateway', async () => {
    expect((await entry(['generate', 'image_model_id_i4', '--prompt', 'x', '--ref', 'ref.png'])).code).toBe(
      2,
    );
    const refused = await entry(['--json', 'balance', '--api-key', SIM_KEYS.orphan]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).not.toContain(SIM_KEYS.orphan);
  });
});
