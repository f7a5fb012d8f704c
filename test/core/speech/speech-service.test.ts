// The speech service with the real client against the real simulator: every format lands in the library
// under a name and type taken from its bytes, through a .part file that never outlives a failure.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../electron/core/gateway';
import { Library } from '../../../electron/core/library';
import type { LibraryEvent } from '../../../electron/core/library';
import { SpeechService } from '../../../electron/core/speech';
import { SIM_KEYS, startSimulator } from '../../../electron/simulator';
import type { RunningSimulator } from '../../../electron/simulator';
import { startScriptedServer } from '../../support/scripted-server';
import type { ScriptedServer } from '../../support/scripted-server';
import { useStudioDb } from '../../support/studio-db';

let sim: RunningSimulator;
const studio = useStudioDb('speech-', 'all');
let library: Library;
let speech: SpeechService;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 });
  library = new Library({ db: studio.db, dir: join(studio.dir, 'media') });
  speech = new SpeechService({
    gateway: createGatewayClient({ baseUrl: sim.url, apiKey: SIM_KEYS.default }),
    library,
    db: studio.db,
    gatewayKey: () => sim.url,
  });
});
afterAll(async () => {
  speech.close();
  await sim.close();
});

/** A fresh take's item: these tests are about filing audio, so each asks for a new take. */
async function say(request: Parameters<SpeechService['synthesize']>[0]) {
  return (await speech.synthesize(request, { fresh: true })).item;
}

async function allFiles(): Promise<string[]> {
  const days = await readdir(join(studio.dir, 'media'));
  const nested = await Promise.all(
    days.map(async (d) => (await readdir(join(studio.dir, 'media', d))).map((f) => join(d, f))),
  );
  return nested.flat();
}

describe('SpeechService', () => {
  const expectations = [
    { format: 'wav', mime: 'audio/wav', ext: 'wav' },
    { format: 'flac', mime: 'audio/flac', ext: 'flac' },
    { format: 'opus', mime: 'audio/ogg', ext: 'ogg' },
    { format: 'aac', mime: 'audio/aac', ext: 'aac' },
  ];
  for (const { format, mime, ext } of expectations) {
    it(`[EP-SPEECH-1] ${format}: streamed, hashed, named by its bytes and filed as speech`, async () => {
      const events: LibraryEvent[] = [];
      const off = library.subscribe((e) => events.push(e));
      const item = await say({
        model: 'speech_model_id',
        input: `Testing ${format}`,
        responseFormat: format,
        voice: 'alloy',
      });
      off();
      expect(item).toMatchObject({
        kind: 'speech',
        family: 'speech',
        mime,
        prompt: `Testing ${format}`,
        model: 'speech_model_id',
      });
      expect(item.params).toEqual({ voice: 'alloy', response_format: format });
      // A readable name: the day, the first words spoken, a short id (readable-name.ts).
      expect(basename(item.path)).toMatch(
        new RegExp(`^\\d{4}-\\d\\d-\\d\\d_testing-${format}_[0-9a-f]{6}\\.${ext}$`),
      );
      const bytes = await readFile(item.path);
      expect(item.size).toBe(bytes.length);
      expect(item.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(events).toEqual([{ type: 'library', item, change: 'added' }]);
    });
  }

  it('pcm has no signature: the declared type names it', async () => {
    const item = await say({
      model: 'speech_model_id',
      input: 'raw samples',
      responseFormat: 'pcm',
    });
    expect(item.path.endsWith('.pcm')).toBe(true);
    expect(item.durationSeconds).toBeNull();
  });

  it('Opus gets its duration from the last Ogg page, FLAC from STREAMINFO: the same clip, the same length', async () => {
    const opus = await say({
      model: 'speech_model_id',
      input: 'same clip',
      responseFormat: 'opus',
    });
    const flacItem = await say({
      model: 'speech_model_id',
      input: 'same clip',
      responseFormat: 'flac',
    });
    expect(opus.durationSeconds).toBeGreaterThan(0);
    expect(opus.durationSeconds).toBeCloseTo(flacItem.durationSeconds ?? 0, 2);
  });

  it('a WAV gets its duration from the header', async () => {
    const item = await say({
      model: 'speech_model_id',
      input: 'A longer sentence to speak aloud.',
      responseFormat: 'wav',
    });
    expect(item.durationSeconds).toBeGreaterThan(0);
  });

  it('[LIM-7] input over 4096 characters is refused before sending, and nothing is written', async () => {
    const before = await allFiles();
    await expect(
      speech.synthesize({ model: 'speech_model_id', input: 'a'.repeat(4097) }),
    ).rejects.toMatchObject({
      type: 'validation_error',
    });
    expect(await allFiles()).toEqual(before);
  });

  it('a connection cut mid-audio leaves no .part file and no row', async () => {
    const total = library.query().total;
    const before = await allFiles();
    sim.faults.enqueue('reset');
    await expect(
      speech.synthesize({ model: 'speech_model_id', input: 'cut short', responseFormat: 'wav' }),
    ).rejects.toThrow();
    expect(sim.faults.injected.reset).toBe(1);
    expect(await allFiles()).toEqual(before);
    expect(library.query().total).toBe(total);
  });

  it('an aborted call leaves no .part file and no row', async () => {
    const total = library.query().total;
    const controller = new AbortController();
    controller.abort(new Error('user cancelled'));
    await expect(
      speech.synthesize({ model: 'speech_model_id', input: 'never mind' }, { signal: controller.signal }),
    ).rejects.toThrow();
    expect((await allFiles()).filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(library.query().total).toBe(total);
  });
});

// A gateway (or a proxy in front of it) that answers 200 with something other than audio: what the simulator,
// a conforming peer, never sends.
describe('SpeechService against a misbehaving gateway', () => {
  let server: ScriptedServer;
  let misbehaving: SpeechService;
  beforeAll(async () => {
    server = await startScriptedServer();
    misbehaving = new SpeechService({
      gateway: createGatewayClient({ baseUrl: server.url, apiKey: SIM_KEYS.default }),
      library,
      db: studio.db,
      gatewayKey: () => server.url,
    });
  });
  afterAll(() => {
    misbehaving.close();
    return server.close();
  });

  const cases = [
    {
      what: 'an HTML page labelled audio/wav',
      type: 'audio/wav',
      body: '<!doctype html><p>Sign in to continue</p>',
    },
    {
      what: 'plain words labelled octet-stream',
      type: 'application/octet-stream',
      body: 'upstream busy, retry later',
    },
    {
      what: 'a PNG labelled audio/wav',
      type: 'audio/wav',
      body: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    },
    { what: 'an empty body', type: 'audio/wav', body: '' },
  ];
  for (const { what, type, body } of cases) {
    it(`[EP-SPEECH-1] ${what} is refused, and nothing is filed`, async () => {
      const total = library.query().total;
      const before = await allFiles();
      server.reply({ status: 200, headers: { 'content-type': type }, body });
      const refused = misbehaving.synthesize({
        model: 'speech_model_id',
        input: 'hello',
        responseFormat: 'wav',
      });
      await expect(refused).rejects.toMatchObject({ type: 'invalid_response' });
      await expect(refused).rejects.toThrow(/speech answer could not be read/);
      expect(await allFiles()).toEqual(before);
      expect(library.query().total).toBe(total);
    });
  }
});
