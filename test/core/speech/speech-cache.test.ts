// The speech cache and the cost of a take, with the real client against the real simulator. A
// repeat is the library's take with no gateway call; a fresh take, a deleted item, a missing file or another
// gateway is a new (charged) one. A take's cost comes from the usage report ([EP-USAGE-1], [UREP-STAT-1]).
import { openStudioDatabase } from '../../../electron/core/studio-database';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/core/clock';
import type { DatabaseSync } from '../../../electron/core/db';
import { createGatewayClient } from '../../../electron/core/gateway';
import type { GatewayCallEvent } from '../../../electron/core/gateway';
import { Library } from '../../../electron/core/library';
import { PriceBook } from '../../../electron/core/pricing';
import { SpendingGuard } from '../../../electron/core/spending';
import { SPEECH_COST_READS_MS, SpeechService } from '../../../electron/core/speech';
import { SIM_KEYS, startSimulator } from '../../../electron/simulator';
import type { RunningSimulator } from '../../../electron/simulator';
import { tempDir } from '../library/library-fixtures';

let sim: RunningSimulator;
let dir: string;
let cleanup: () => Promise<void>;
let db: DatabaseSync;
let library: Library;
// One timeline for the simulator and the service: the usage report's seconds are the take's seconds, and a
// cost is read only when the test moves time.
const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
const calls: GatewayCallEvent[] = [];
const services: SpeechService[] = [];

function service(key: string = SIM_KEYS.default, gatewayKey = (): string => sim.url): SpeechService {
  const made = new SpeechService({
    gateway: createGatewayClient({ baseUrl: sim.url, apiKey: key, onCall: (e) => calls.push(e) }),
    library,
    db,
    gatewayKey,
    clock,
  });
  services.push(made);
  return made;
}
const speechCalls = () => calls.filter((c) => c.path === '/v1/audio/speech').length;

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01, clock });
  ({ dir, cleanup } = await tempDir('speech-cache-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
  library = new Library({ db, dir: join(dir, 'media') });
});
afterAll(async () => {
  for (const s of services) s.close();
  db.close();
  await sim.close();
  await cleanup();
});

const request = {
  model: 'speech_model_id',
  input: 'Said once, kept.',
  voice: 'alloy',
  responseFormat: 'wav',
};

describe('the speech cache [EP-SPEECH-1]', () => {
  it('serves the same speech from the library with no gateway call; fresh takes anew', async () => {
    const speech = service();
    const first = await speech.synthesize(request);
    expect(first.fromLibrary).toBe(false);
    const before = speechCalls();
    const again = await speech.synthesize({ ...request, input: ' Said once, kept.\n' });
    expect(again).toEqual({ item: first.item, fromLibrary: true });
    expect(speechCalls()).toBe(before);
    const fresh = await speech.synthesize(request, { fresh: true });
    expect(fresh.fromLibrary).toBe(false);
    expect(fresh.item.id).not.toBe(first.item.id);
    expect(speechCalls()).toBe(before + 1);
    // The newest take is the one served next.
    expect((await speech.synthesize(request)).item.id).toBe(fresh.item.id);
  });

  it('a different voice, format or speed is a new take', async () => {
    const speech = service();
    const before = speechCalls();
    await speech.synthesize({ ...request, voice: 'echo' });
    await speech.synthesize({ ...request, responseFormat: 'flac' });
    await speech.synthesize({ ...request, speed: 1.5 });
    expect(speechCalls()).toBe(before + 3);
  });

  it('a deleted item or a missing file is not a hit', async () => {
    const speech = service();
    const asked = { ...request, input: 'Deleted, then asked again.' };
    const first = await speech.synthesize(asked);
    await library.bulk.trash({ ids: [first.item.id] });
    await library.bulk.flush();
    const second = await speech.synthesize(asked);
    expect(second.fromLibrary).toBe(false);
    await rm(second.item.path);
    const third = await speech.synthesize(asked);
    expect(third.fromLibrary).toBe(false);
    expect(third.item.id).not.toBe(second.item.id);
  });

  it('is per gateway: the same speech on another gateway is taken anew', async () => {
    const asked = { ...request, input: 'One gateway, then another.' };
    await service().synthesize(asked);
    const other = await service(SIM_KEYS.default, () => 'demo').synthesize(asked);
    expect(other.fromLibrary).toBe(false);
  });

  it('two identical requests at once (a double click) make one call', async () => {
    const speech = service();
    const before = speechCalls();
    const asked = { ...request, input: 'Clicked twice.' };
    const [a, b] = await Promise.all([speech.synthesize(asked), speech.synthesize(asked)]);
    expect(speechCalls()).toBe(before + 1);
    expect(a.item.id).toBe(b.item.id);
    expect([a.fromLibrary, b.fromLibrary].sort()).toEqual([false, true]);
  });
});

describe("a take's cost [EP-USAGE-1] [UREP-STAT-1]", () => {
  it('is read from the usage report over the seconds of the call, and a repeat costs nothing more', async () => {
    await clock.advance(10_000);
    const speech = service();
    const input = 'What did this cost?';
    const { item } = await speech.synthesize({ ...request, input }, { fresh: true });
    expect(item.cost).toBeNull();
    // Read by itself shortly after the take, on the clock.
    await clock.advance(SPEECH_COST_READS_MS[0]);
    await expect.poll(() => library.get(item.id)?.cost).not.toBeNull();
    // The simulator bills 0.000015 USD per character (its own price; the client never learns the rule).
    expect(library.get(item.id)?.cost).toBeCloseTo(input.length * 0.000015, 6);
    expect(speech.takeOf(item.id)?.costState).toBe('known');
    const repeat = await speech.synthesize({ ...request, input });
    expect(repeat).toMatchObject({
      fromLibrary: true,
      item: { id: item.id, cost: library.get(item.id)?.cost },
    });
  });

  it('counts in the budgets of the gateway that took it once known, not before, and not after deleting the clip', async () => {
    await clock.advance(10_000);
    const speech = service();
    const book = new PriceBook({ db, gateway: `${sim.url}/`, clock });
    const guard = new SpendingGuard({ db, clock, prices: () => book, systemZone: () => 'UTC' });
    const demoBook = new PriceBook({ db, gateway: 'demo', clock });
    const demo = new SpendingGuard({ db, clock, prices: () => demoBook, systemZone: () => 'UTC' });
    const before = guard.summary().day.charged;
    const input = 'Counted in the budget once billed.';
    const { item } = await speech.synthesize({ ...request, input }, { fresh: true });
    expect(guard.summary().day.charged).toBe(before);
    await clock.advance(SPEECH_COST_READS_MS[0]);
    await expect.poll(() => library.get(item.id)?.cost).not.toBeNull();
    expect(guard.summary().day.charged - before).toBeCloseTo(input.length * 0.000015, 9);
    expect(demo.summary().day.charged).toBe(0);
    await library.bulk.trash({ ids: [item.id] });
    await library.bulk.flush();
    expect(guard.summary().day.charged - before).toBeCloseTo(input.length * 0.000015, 9);
  });

  it('stays unknown when the report shows more than one billed call in those seconds', async () => {
    await clock.advance(10_000);
    const speech = service();
    const [a] = await Promise.all([
      speech.synthesize({ ...request, input: 'first at once' }, { fresh: true }),
      speech.synthesize({ ...request, input: 'second at once' }, { fresh: true }),
    ]);
    const settled = await speech.settleCost(a.item.id);
    expect(settled?.cost).toBeNull();
    expect(speech.takeOf(a.item.id)?.costState).toBe('unknown');
  });

  it('[LIM-2] [EP-USAGE-3] a cached report (an identical query for an earlier take) is not taken as this take', async () => {
    await clock.advance(10_000);
    const speech = service();
    const a = await speech.synthesize({ ...request, input: 'Earlier, same second.' }, { fresh: true });
    expect((await speech.settleCost(a.item.id))?.cost).not.toBeNull();
    // Same model, same second: the query for b is the query for a, answered from the gateway's cache.
    const b = await speech.synthesize({ ...request, input: 'Later, same second.' }, { fresh: true });
    expect((await speech.settleCost(b.item.id))?.cost).toBeNull();
    expect(speech.takeOf(b.item.id)?.costState).toBe('pending');
  });

  it('a cost the report does not show yet is read again later, then given up as unknown', async () => {
    await clock.advance(10_000);
    // A take the report never shows: it is read with another user's key ([EP-USAGE-PARAM-6] scope=key).
    const own = service();
    const { item } = await own.synthesize({ ...request, input: 'Not in that report.' }, { fresh: true });
    own.close();
    const reader = new SpeechService({
      gateway: createGatewayClient({ baseUrl: sim.url, apiKey: SIM_KEYS.other }),
      library,
      db,
      gatewayKey: () => sim.url,
      clock,
    });
    services.push(reader);
    reader.resumeCosts();
    for (const wait of SPEECH_COST_READS_MS) {
      expect(reader.takeOf(item.id)?.costState).toBe('pending');
      await clock.advance(wait);
      await expect.poll(() => reader.takeOf(item.id)?.costTries).toBeGreaterThan(0);
    }
    await expect.poll(() => reader.takeOf(item.id)?.costState).toBe('unknown');
    expect(reader.takeOf(item.id)?.costTries).toBe(SPEECH_COST_READS_MS.length);
    expect(library.get(item.id)?.cost).toBeNull();
  });
});
