// composeCore() is the library core the composition root (composeStudio, for the app and the CLI alike) builds
// for each library folder. A speech take whose cost was still being read when the last run stopped is
// read again by the next core (resumeCosts), and a failure to read it is told to the logger the core was given,
// so neither entry point loses it silently. Real client, real simulator.
import { coreStores } from '../support/core-stores';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../electron/core/clock';
import { composeCore } from '../../electron/core/compose-core';
import type { DatabaseSync } from '../../electron/core/db';
import { createGatewayClient } from '../../electron/core/gateway';
import { Library } from '../../electron/core/library';
import { lineLogger } from '../../electron/core/log';
import { SPEECH_COST_READS_MS, SpeechService } from '../../electron/core/speech';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { SIM_KEYS, startSimulator } from '../../electron/simulator';
import type { RunningSimulator } from '../../electron/simulator';
import { tempDir } from './library/library-fixtures';

let sim: RunningSimulator;
let dir: string;
let cleanup: () => Promise<void>;
let db: DatabaseSync;
const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01, clock });
  ({ dir, cleanup } = await tempDir('compose-core-'));
  db = openStudioDatabase(join(dir, 'studio.db'));
});
afterAll(async () => {
  db.close();
  await sim.close();
  await cleanup();
});

it('reads again the cost of a take left pending, and tells its logger when it cannot', async () => {
  // A run that took speech and stopped before the usage report was read.
  const library = new Library({ db, dir: join(dir, 'media') });
  const before = new SpeechService({
    gateway: createGatewayClient({ baseUrl: sim.url, apiKey: SIM_KEYS.default }),
    library,
    db,
    gatewayKey: () => sim.url,
    clock,
  });
  const { item } = await before.synthesize({
    model: 'speech_model_id',
    input: 'Left pending.',
    voice: 'alloy',
  });
  before.close();

  // The next run's core, with a key the gateway refuses: the report cannot be read.
  const lines: string[] = [];
  const core = composeCore({
    db,
    ...coreStores(db, clock),
    gateway: createGatewayClient({ baseUrl: sim.url, apiKey: 'sk-refused' }),
    clock,
    libraryDir: join(dir, 'media'),
    logger: lineLogger((line) => lines.push(line)),
    gatewayKey: () => sim.url,
    history: null,
    guard: null,
  });
  try {
    await clock.advance(SPEECH_COST_READS_MS[0]);
    await expect.poll(() => lines.find((line) => line.includes(item.id))).toMatch(/speech cost not read/);
  } finally {
    core.speech.close();
    await core.engine.close();
  }
});
