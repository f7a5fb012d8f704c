// Conformance: moderation, video results, music operations, grid upscale and speech.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KEYS, SIM_SEEDS } from '../../electron/simulator/index';
import { HOUR, pngDimensions, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const IMG = '/v1/images/generations';
const VID = '/v1/videos/generations';
type ParamError = { error: { code: string; message: string; type: string; param: string } };
type Music = {
  audio_index: number;
  audio_url: string;
  image_url: string;
  video_url: string | null;
  title: string;
  duration: number;
  expires_at: number;
};
type Task = {
  id: string;
  status: string;
  result?: {
    images?: { url: string[] }[];
    videos?: { url: string[]; expires_at: number }[];
    audios?: Music[];
  };
  error?: { message: string; code: string };
};

const bytesOf = async (url: string): Promise<Buffer> => {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

const remain = async (): Promise<number> => (await h.getJson('/v1/balance')).body.remain_balance as number;
const ledgerRequests = async (): Promise<number> =>
  (await h.getJson<{ data: { total: { requests: number } } }>(`/v1/usage?scope=key&t=${Math.random()}`)).body
    .data.total.requests;

/** A submission with moderation asked for (nsfw_check on). */
const moderated = (path: string, body: Record<string, unknown>) =>
  h.postJson<ParamError>(path, { ...body, nsfw_check: true });

/**
 * Sends a flagged prompt with moderation asked for, and checks the refusal: 400 nsfw_content_detected on no
 * field, naming the flagged category (sexual), with nothing charged.
 */
async function expectRefusedAsFlagged(path: string, body: Record<string, unknown>): Promise<void> {
  const before = await remain();
  const res = await moderated(path, body);
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({
    type: 'nsfw_content_detected',
    code: 'nsfw_content_detected',
    param: '',
  });
  expect(res.body.error.message).toMatch(/sexual/); // the flagged categories
  expect(await remain()).toBeCloseTo(before, 6); // no charge
}

describe('moderation (nsfw_check)', () => {
  it('[EP-VIDEO-NSFW-4] [ERR-3] family S: flagged text answers 400 nsfw_content_detected, no task, no charge [EP-VIDEO-NSFW-7]', async () => {
    await expectRefusedAsFlagged(VID, { model: 'video_model_id_s', prompt: 'something [nsfw]' });
  });

  it('[EP-VIDEO-NSFW-1] negative_prompt and image inputs are reviewed; categories are listed', async () => {
    const neg = await moderated(VID, {
      model: 'video_model_id_s_fast',
      prompt: 'ok',
      negative_prompt: '[nsfw:violence,hate]',
    });
    expect(neg.status).toBe(400);
    expect(neg.body.error.message).toMatch(/violence, hate/);
    const img = await moderated(VID, {
      model: 'video_model_id_s',
      prompt: 'ok',
      image_with_roles: [{ url: 'https://example.com/nsfw.png' }],
    });
    expect(img.status).toBe(400);
    const frame = await moderated(VID, {
      model: 'video_model_id_s',
      prompt: 'ok',
      last_frame_image: 'https://example.com/nsfw.png',
    });
    expect(frame.status).toBe(400);
  });

  it('[EP-VIDEO-NSFW-2] [EP-VIDEO-NSFW-3] without nsfw_check nothing is reviewed; video and audio inputs never are', async () => {
    expect((await h.postJson(VID, { model: 'video_model_id_s', prompt: 'something [nsfw]' })).status).toBe(
      200,
    );
    expect(
      (await h.postJson(VID, { model: 'video_model_id_s', prompt: 'something [nsfw]', nsfw_check: false }))
        .status,
    ).toBe(200);
    const media = await moderated(VID, {
      model: 'video_model_id_s',
      prompt: 'ok',
      video_urls: ['https://example.com/nsfw.mp4'],
      audio_urls: ['https://example.com/nsfw.mp3'],
    });
    expect(media.status).toBe(200);
  });

  it('[EP-VIDEO-NSFW-5] moderation that is unavailable fails open', async () => {
    const res = await moderated(VID, {
      model: 'video_model_id_s',
      prompt: '[moderation-down] [nsfw]',
    });
    expect(res.status).toBe(200);
  });

  it('[EP-VIDEO-NSFW-6] [EP-IMAGE-3] I3 moderates; models without it ignore nsfw_check', async () => {
    const requests = await ledgerRequests();
    await expectRefusedAsFlagged(IMG, { model: 'image_model_id_i3', prompt: '[nsfw]' });
    expect(await ledgerRequests()).toBe(requests); // no task billed
    const unflagged = await moderated(IMG, {
      model: 'image_model_id_i3',
      prompt: 'a calm lake',
    });
    expect(unflagged.status).toBe(200);
    // [LIM-8] I3's 800 characters count code points too.
    expect((await h.postJson(IMG, { model: 'image_model_id_i3', prompt: '🌊'.repeat(800) })).status).toBe(
      200,
    );
    expect((await h.postJson(IMG, { model: 'image_model_id_i3', prompt: '🌊'.repeat(801) })).status).toBe(
      400,
    );
    expect((await moderated(IMG, { model: 'image_model_id_i5', prompt: '[nsfw]' })).status).toBe(200);
    expect((await moderated(VID, { model: 'video_model_id_h', prompt: '[nsfw]' })).status).toBe(200);
  });
});

describe('video results', () => {
  it('[ACK-2] [EP-VIDEO-0] [STATE-1] every video family and every music operation acknowledges in Shape A', async () => {
    const shapeA = { code: 200, data: [{ status: 'submitted', task_id: expect.any(String) }] };
    for (const body of [
      { model: 'video_model_id_v1_pro', prompt: 'a', duration: 5 },
      { model: 'video_model_id_v1_turbo', prompt: 'a' },
      { model: 'video_model_id_v2', prompt: 'a', image_urls: ['https://example.com/a.png'] },
      { model: 'video_model_id_h', prompt: 'a', duration: 10 },
      { model: 'video_model_id_w', prompt: 'a', duration: 5 },
      { model: 'video_model_id_k', prompt: 'a', mode: 'pro' },
      { model: 'video_model_id_s', prompt: 'a' },
      { model: 'video_model_id_s_fast', prompt: 'a' },
      { model: 'video_model_id_s_mini', prompt: 'a' },
    ]) {
      const ack = await h.postJson(VID, body);
      expect(ack.body, body.model).toEqual(shapeA);
    }
    for (const [op, extra] of [
      ['concat', { task_id: SIM_SEEDS.musicExtend }],
      ['generateMp4', { task_id: SIM_SEEDS.musicGenerated }],
      ['adjustSpeed', { task_id: SIM_SEEDS.musicGenerated, speed: 1.5 }],
      ['addInstrumental', { task_id: SIM_SEEDS.musicUpload, version: 'v1', tags: 'piano' }],
    ] as const) {
      const ack = await h.postJson(`/v1/music/generations/${op}`, { model: 'music_model_id', ...extra });
      expect(ack.body, op).toEqual(shapeA);
    }
  });

  it('[TASK-10] [TASK-12] a completed video task serves a real MP4 under result.videos', async () => {
    const id = await h.submit(VID, { model: 'video_model_id_v1_pro', prompt: 'waves', duration: 5 });
    const first = await h.getJson<{ estimated_time: number; status: string }>(`/v1/tasks/${id}`);
    expect(first.body.estimated_time).toBeGreaterThanOrEqual(60); // minutes for video, not seconds
    h.clock.advance(first.body.estimated_time * 1000);
    const { body } = await h.getJson<Task>(`/v1/tasks/${id}`);
    expect(body.status).toBe('completed');
    const url = body.result?.videos?.[0]?.url[0] ?? '';
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    const mp4 = Buffer.from(await res.arrayBuffer());
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
  });
});

describe('music operations', () => {
  const musicTask = async (id: string, key: string = SIM_KEYS.default) =>
    h.getJson<Task>(`/v1/music/tasks/${id}`, key);

  it('[SRC-1] [EP-MUSIC-1] [TASK-10] seeded music tasks poll on /v1/music/tasks/{id} with two tracks of real audio', async () => {
    for (const id of [SIM_SEEDS.musicExtend, SIM_SEEDS.musicUpload, SIM_SEEDS.musicGenerated]) {
      const { status, body } = await musicTask(id);
      expect(status).toBe(200);
      expect(body.status).toBe('completed');
      expect(body.result?.audios).toHaveLength(2); // [TASK-10] audio results under result.audios
      expect(Object.keys(body.result ?? {})).toEqual(['audios']);
      expect(body.result?.audios?.map((m) => m.audio_index)).toEqual([1, 2]);
    }
    const track = (await musicTask(SIM_SEEDS.musicExtend)).body.result?.audios?.[0];
    const audio = await fetch(track?.audio_url ?? '');
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = Buffer.from(await audio.arrayBuffer());
    expect(
      mp3.toString('latin1', 0, 3) === 'ID3' || (mp3[0] === 0xff && ((mp3[1] ?? 0) & 0xe0) === 0xe0),
    ).toBe(true);
    expect(pngDimensions(await bytesOf(track?.image_url ?? ''))).toEqual({ width: 512, height: 512 });
  });

  it('[EP-MUSIC-2] concat joins an extend product; version is discarded', async () => {
    const ack = await h.postJson('/v1/music/generations/concat', {
      model: 'music_model_id',
      task_id: SIM_SEEDS.musicExtend,
      audio_index: 2,
      version: 'v9',
    });
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({ code: 200, data: [{ status: 'submitted', task_id: expect.any(String) }] }); // [ACK-2]
    const id = (ack.body.data as { task_id: string }[])[0]?.task_id ?? '';
    expect((await h.getJson(`/v1/tasks/${id}`)).status).toBe(404); // music tasks are polled on the music path
    h.clock.advance(HOUR);
    const { body } = await musicTask(id);
    expect(body.status).toBe('completed');
    expect(body.result?.audios?.[0]?.title).toMatch(/full song/);
    // [VER-3] concat has no version dimension: sending one does not change the bill
    const charge = async (extra: Record<string, unknown>): Promise<number> => {
      const before = await remain();
      const res = await h.postJson('/v1/music/generations/concat', {
        model: 'music_model_id',
        task_id: SIM_SEEDS.musicExtend,
        ...extra,
      });
      expect(res.status).toBe(200);
      return before - (await remain());
    };
    const plain = await charge({});
    expect(plain).toBeGreaterThan(0);
    expect(await charge({ version: 'v3.5' })).toBeCloseTo(plain, 9);
  });

  it('[EP-MUSIC-2] [ERR-2] concat rejects a source that is not an extend product, and charges nothing', async () => {
    const before = await remain();
    for (const source of [SIM_SEEDS.musicUpload, SIM_SEEDS.musicGenerated]) {
      const res = await h.postJson<{ error: { type: string; code: number } }>(
        '/v1/music/generations/concat',
        { model: 'music_model_id', task_id: source },
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 400 });
    }
    expect(await remain()).toBe(before);
  });

  it('[EP-MUSIC-5] addInstrumental accepts only an uploaded source', async () => {
    const ok = await h.postJson('/v1/music/generations/addInstrumental', {
      model: 'music_model_id',
      task_id: SIM_SEEDS.musicUpload,
      audio_index: 1,
      version: 'v4',
      tags: 'lofi piano',
    });
    expect(ok.status).toBe(200);
    for (const source of [SIM_SEEDS.musicGenerated, SIM_SEEDS.musicExtend]) {
      const res = await h.postJson('/v1/music/generations/addInstrumental', {
        model: 'music_model_id',
        task_id: source,
        version: 'v4',
        tags: 'x',
      });
      expect(res.status).toBe(400);
    }
  });

  it('[EP-MUSIC-3] generateMp4 yields a track with a real music video', async () => {
    const id = await h.submit('/v1/music/generations/generateMp4', {
      model: 'music_model_id',
      task_id: SIM_SEEDS.musicGenerated,
      audio_index: 2,
    });
    h.clock.advance(HOUR);
    const track = (await musicTask(id)).body.result?.audios?.[0];
    const mp4 = await bytesOf(track?.video_url ?? '');
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
  });

  it('[EP-MUSIC-4] adjustSpeed needs a numeric speed within 0.5 to 2', async () => {
    const path = '/v1/music/generations/adjustSpeed';
    expect(
      (await h.postJson(path, { model: 'music_model_id', task_id: SIM_SEEDS.musicGenerated, speed: 1.25 }))
        .status,
    ).toBe(200);
    expect(
      (await h.postJson(path, { model: 'music_model_id', task_id: SIM_SEEDS.musicGenerated })).status,
    ).toBe(400);
    expect(
      (await h.postJson(path, { model: 'music_model_id', task_id: SIM_SEEDS.musicGenerated, speed: 3 }))
        .status,
    ).toBe(400);
  });

  it('[EP-MUSIC-1] [SRC-1] the model is required, audio_index is 1-based and bounded, sources must exist and be yours', async () => {
    const path = '/v1/music/generations/generateMp4';
    expect((await h.postJson(path, { task_id: SIM_SEEDS.musicGenerated })).status).toBe(400);
    expect(
      (await h.postJson(path, { model: 'music_model_id', task_id: SIM_SEEDS.musicGenerated, audio_index: 0 }))
        .status,
    ).toBe(400);
    expect(
      (await h.postJson(path, { model: 'music_model_id', task_id: SIM_SEEDS.musicGenerated, audio_index: 3 }))
        .status,
    ).toBe(400);
    const missing = await h.postJson<{ error: { type: string } }>(path, {
      model: 'music_model_id',
      task_id: 'music-nope',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.type).toBe('not_found_error');
    const other = await h.postJson<{ error: { type: string } }>(
      path,
      { model: 'music_model_id', task_id: SIM_SEEDS.musicGenerated },
      SIM_KEYS.other,
    );
    expect(other.status).toBe(403);
    const reading = await musicTask(SIM_SEEDS.musicGenerated, SIM_KEYS.other);
    expect(reading.status).toBe(403);
  });
});

describe('grid upscale', () => {
  it('[EP-GRID-1] upscales one tile of the seeded grid to a single image, usually at once', async () => {
    const grid = await h.getJson<Task>(`/v1/tasks/${SIM_SEEDS.grid}`);
    expect(grid.body.status).toBe('completed');
    const ack = await h.postJson('/v1/gridimg/generations/upscale', {
      task_id: SIM_SEEDS.grid,
      index: 4,
      speed: 'fast',
    });
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({ code: 200, data: [{ status: 'submitted', task_id: expect.any(String) }] });
    const id = (ack.body.data as { task_id: string }[])[0]?.task_id ?? '';
    h.clock.advance(2000);
    const { body } = await h.getJson<Task>(`/v1/tasks/${id}`);
    expect(body.status).toBe('completed');
    const urls = body.result?.images?.[0]?.url ?? [];
    expect(urls).toHaveLength(1);
    expect(pngDimensions(await bytesOf(urls[0] ?? ''))).toEqual({ width: 1024, height: 1024 });
  });

  it('[EP-GRID-1] [ERR-7] an unknown grid task answers 404 not_found_error; bad index or non-grid source 400', async () => {
    const missing = await h.postJson<{ error: { type: string; code: number } }>(
      '/v1/gridimg/generations/upscale',
      { task_id: 'grid-404', index: 1 },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ type: 'not_found_error', code: 404 });
    expect(
      (await h.postJson('/v1/gridimg/generations/upscale', { task_id: SIM_SEEDS.grid, index: 5 })).status,
    ).toBe(400);
    expect(
      (await h.postJson('/v1/gridimg/generations/upscale', { task_id: SIM_SEEDS.musicExtend, index: 1 }))
        .status,
    ).toBe(400);
  });
});

describe('speech', () => {
  const hasFfprobe = (() => {
    try {
      execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  const formats: [string, string, (b: Buffer) => boolean, string][] = [
    [
      'wav',
      'audio/wav',
      (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE',
      'wav',
    ],
    [
      'opus',
      'audio/opus',
      (b) => b.toString('latin1', 0, 4) === 'OggS' && b.includes(Buffer.from('OpusHead')),
      'ogg',
    ],
    ['aac', 'audio/aac', (b) => b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0, 'aac'],
    ['flac', 'audio/flac', (b) => b.toString('latin1', 0, 4) === 'fLaC', 'flac'],
    ['pcm', 'audio/pcm', (b) => b.length > 1000 && b.length % 2 === 0, 's16le'],
  ];

  it.each(formats)(
    '[EP-SPEECH-1] [SVC-2] response_format %s answers real %s bytes',
    async (format, type, check, probeFormat) => {
      const res = await h.call('/v1/audio/speech', {
        method: 'POST',
        json: {
          model: 'speech_model_id',
          input: 'Hello there.',
          voice: 'alloy',
          response_format: format,
          speed: 1.1,
        },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(check(bytes)).toBe(true);
      if (hasFfprobe && format !== 'pcm') {
        const probed = execFileSync(
          'ffprobe',
          ['-v', 'error', '-show_entries', 'format=format_name', '-of', 'csv=p=0', '-'],
          { input: bytes },
        ).toString();
        expect(probed).toContain(probeFormat);
      }
    },
  );

  it('[EP-SPEECH-1] [LIM-7] [ERR-8] input over 4096 characters answers 413; exactly 4096 is fine', async () => {
    const over = await h.postJson<{ error: { type: string; code: number } }>('/v1/audio/speech', {
      model: 'speech_model_id',
      input: 'a'.repeat(4097),
    });
    expect(over.status).toBe(413);
    expect(over.body.error).toMatchObject({ type: 'invalid_request_error', code: 413 });
    const ok = await h.call('/v1/audio/speech', {
      method: 'POST',
      json: { model: 'speech_model_id', input: 'a'.repeat(4096) },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('audio/wav');
    await ok.arrayBuffer();
    // Characters, not UTF-16 units: 4096 emoji (8192 units) are within the limit, 4097 are not.
    const emoji = await h.call('/v1/audio/speech', {
      method: 'POST',
      json: { model: 'speech_model_id', input: '🎵'.repeat(4096) },
    });
    expect(emoji.status).toBe(200);
    await emoji.arrayBuffer();
    expect(
      (await h.postJson('/v1/audio/speech', { model: 'speech_model_id', input: '🎵'.repeat(4097) })).status,
    ).toBe(413);
  });

  it('[EP-SPEECH-1] model and input are required; unknown formats answer 400; speech is billed [SVC-5]', async () => {
    expect((await h.postJson('/v1/audio/speech', { input: 'x' })).status).toBe(400);
    expect((await h.postJson('/v1/audio/speech', { model: 'speech_model_id' })).status).toBe(400);
    expect(
      (await h.postJson('/v1/audio/speech', { model: 'speech_model_id', input: 'x', response_format: 'mp3' }))
        .status,
    ).toBe(400);
    const before = await remain();
    const requests = await ledgerRequests();
    const res = await h.call('/v1/audio/speech', {
      method: 'POST',
      json: { model: 'speech_model_id', input: 'x'.repeat(1000) },
    });
    await res.arrayBuffer();
    expect(await remain()).toBeCloseTo(before - 0.015, 6);
    expect(await ledgerRequests()).toBe(requests + 1);
  });
});
