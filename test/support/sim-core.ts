// A core composed as the app composes it (composeCore), on the simulator: the real gateway client with the
// simulator's default key on the test's clock, the library in the test's folder, nothing logged, and neither a
// price history nor spending limits unless the test is about them (`parts` replaces any of these).
import { coreStores } from './core-stores';
import { join } from 'node:path';
import type { Clock } from '../../electron/core/clock';
import { composeCore, type ComposedCore, type CoreParts } from '../../electron/core/compose-core';
import type { DatabaseSync } from '../../electron/core/db';
import { createGatewayClient } from '../../electron/core/gateway/gateway-client';
import { silentLogger } from '../../electron/core/log';
import { SIM_KEYS } from '../../electron/simulator';

export function composeSimCore(
  on: { db: DatabaseSync; sim: { url: string }; clock: Clock; dir: string },
  parts: Partial<CoreParts> = {},
): ComposedCore {
  return composeCore({
    db: on.db,
    ...coreStores(on.db, on.clock),
    gateway: createGatewayClient({ baseUrl: on.sim.url, apiKey: SIM_KEYS.default, clock: on.clock }),
    clock: on.clock,
    libraryDir: join(on.dir, 'library'),
    logger: silentLogger,
    gatewayKey: () => on.sim.url,
    history: null,
    guard: null,
    ...parts,
  });
}
