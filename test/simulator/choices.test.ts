// Conformance: what the simulator chose where the spec is silent, over HTTP: durations per family, link
// lifetimes of every kind of result on the simulator's clock, and the paths and limits it does not have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS, SIM_SEEDS } from '../../electron/simulator/index';
import { HOUR, SECOND, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const DAY = 24 * HOUR;
type Task = {
  status: string;
  completed: number;
  estimated_time: number;
  result?: {
    images?: { url: string[]; expires_at: number }[];
    videos?: { url: string[]; expires_at: number }[];
    audios?: { audio_url: string; image_url: string; video_url: string | null; expires_at: number }[];
  };
};

const estimate = async (
  path: string,
  body: Record<string, unknown>,
  poll = '/v1/tasks/',
): Promise<number> => {
  const id = await h.submit(path, body);
  return (await h.getJson<Task>(`${poll}${id}`)).body.estimated_time;
};

describe('[STATE-6] durations are realistic per family', () => {
  it('images take seconds, videos minutes, music operations under two minutes, an upscale about a second', async () => {
    for (const model of [
      'image_model_id_i1',
      'image_model_id_i3',
      'image_model_id_i4',
      'image_model_id_i6',
    ]) {
      const seconds = await estimate('/v1/images/generations', { model, prompt: 'time' });
      expect(seconds, model).toBeGreaterThanOrEqual(3);
      expect(seconds, model).toBeLessThanOrEqual(60);
    }
    for (const [model, duration] of [
      ['video_model_id_v1_pro', 10],
      ['video_model_id_h', 5],
      ['video_model_id_s', 8],
    ] as const) {
      const seconds = await estimate('/v1/videos/generations', { model, prompt: 'time', duration });
      expect(seconds, model).toBeGreaterThanOrEqual(60);
      expect(seconds, model).toBeLessThanOrEqual(30 * 60);
    }
    const music = await estimate(
      '/v1/music/generations/adjustSpeed',
      { model: 'music_model_id', task_id: SIM_SEEDS.musicGenerated, speed: 1.25 },
      '/v1/music/tasks/',
    );
    expect(music).toBeGreaterThanOrEqual(10);
    expect(music).toBeLessThanOrEqual(120);
    const upscale = await estimate('/v1/gridimg/generations/upscale', {
      task_id: SIM_SEEDS.grid,
      index: 1,
      speed: 'fast',
    });
    expect(upscale).toBeLessThanOrEqual(2); // [EP-GRID-1] usually returns at once
  });
});

describe('[LIM-12] links of every other family carry expires_at and stop working after it', () => {
  const expiresAfter = async (url: string, expiresAt: number): Promise<void> => {
    h.clock.set(expiresAt * 1000 - SECOND);
    const alive = await fetch(url);
    expect(alive.status, url).toBe(200);
    await alive.arrayBuffer();
    h.clock.advance(SECOND);
    const dead = await fetch(url);
    expect(dead.status, url).toBe(403);
    expect(((await dead.json()) as { error: { type: string } }).error.type).toBe('link_expired');
  };

  it('an I3 image lives 7 days (the simulator’s choice where expires_at is the only rule)', async () => {
    const id = await h.submit('/v1/images/generations', { model: 'image_model_id_i3', prompt: 'week' });
    h.clock.advance(HOUR);
    const done = (await h.getJson<Task>(`/v1/tasks/${id}`)).body;
    const entry = done.result?.images?.[0];
    expect(entry?.expires_at).toBe(done.completed + (7 * DAY) / SECOND);
    await expiresAfter(entry?.url[0] ?? '', entry?.expires_at ?? 0);
  });

  it('a video lives 7 days', async () => {
    const id = await h.submit('/v1/videos/generations', {
      model: 'video_model_id_w',
      prompt: 'week',
      duration: 5,
    });
    h.clock.advance(HOUR);
    const done = (await h.getJson<Task>(`/v1/tasks/${id}`)).body;
    expect(done.status).toBe('completed');
    const entry = done.result?.videos?.[0];
    expect(entry?.expires_at).toBe(done.completed + (7 * DAY) / SECOND);
    await expiresAfter(entry?.url[0] ?? '', entry?.expires_at ?? 0);
  });

  it('a music video from generateMp4 and its track expire together', async () => {
    const id = await h.submit('/v1/music/generations/generateMp4', {
      model: 'music_model_id',
      task_id: SIM_SEEDS.musicGenerated,
    });
    h.clock.advance(HOUR);
    const done = (await h.getJson<Task>(`/v1/music/tasks/${id}`)).body;
    const track = done.result?.audios?.[0];
    expect(track?.video_url).toEqual(expect.any(String));
    h.clock.set((track?.expires_at ?? 0) * 1000 - SECOND);
    expect((await fetch(track?.video_url ?? '')).status).toBe(200);
    await expiresAfter(track?.audio_url ?? '', track?.expires_at ?? 0);
    expect((await fetch(track?.video_url ?? '')).status).toBe(403);
  });
});

describe('what the spec does not show', () => {
  it('[EP-UBAL-3] [EP-MUSIC-6] the second user-balance path and the upload, extend and creation endpoints are not served', async () => {
    for (const path of [
      '/user/balance',
      '/v1/user/quota',
      '/v1/music/generations',
      '/v1/music/generations/upload',
      '/v1/music/generations/extend',
    ]) {
      const post = path.includes('music');
      const res = await h.call(path, post ? { method: 'POST', json: {} } : {});
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe('not_found_error');
    }
  });

  it('[VER-4] addInstrumental takes any version string; a version that is not a string is refused', async () => {
    for (const version of ['v1', 'v4.5', 'anything']) {
      const { status } = await h.postJson('/v1/music/generations/addInstrumental', {
        model: 'music_model_id',
        task_id: SIM_SEEDS.musicUpload,
        version,
        tags: 'strings',
      });
      expect(status, version).toBe(200);
    }
    const { status } = await h.postJson('/v1/music/generations/addInstrumental', {
      model: 'music_model_id',
      task_id: SIM_SEEDS.musicUpload,
      version: 4,
    });
    expect(status).toBe(400);
  });

  it('[LIM-14] balance endpoints have no rate limit of their own (only injected 429s)', async () => {
    for (let i = 0; i < 120; i++) {
      const path = i % 2 === 0 ? '/v1/balance' : '/v1/user/balance';
      const res = await h.call(path, { key: SIM_KEYS.default2 });
      expect(res.status, `${path} #${i}`).toBe(200);
      await res.arrayBuffer();
    }
  });
});
