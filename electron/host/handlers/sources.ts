// sources.*: the demo gateway's seeded tracks and grid, fetched and saved once per library folder (anything but
// the demo gateway has no seeds), and the tracks and grids earlier tasks sent to the gateway in use named.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { DemoSources } from '../../../shared/bridge/source-schemas';
import { normaliseGateway } from '../../core/pricing/price-book';
import { loadDemoSources } from '../demo-sources';
import type { HostDeps } from './host-deps';

export function sourcesHandlers({ session, core }: HostDeps): BridgeHandlers['sources'] {
  let cached: { libraryDir: string; sources: Promise<DemoSources> } | null = null;
  return {
    earlier: async () => {
      const gateway = session.pricesKey();
      if (gateway === null) return { tracks: [], grids: [] };
      return (await core.ensure()).engine.earlierSources(normaliseGateway(gateway));
    },
    demo: async () => {
      const seeds = session.demoSeeds();
      if (!seeds) return { tracks: [], grids: [] };
      const libraryDir = core.libraryDir();
      if (cached?.libraryDir !== libraryDir) {
        const sources = loadDemoSources({ gateway: session.connected(), libraryDir, seeds });
        cached = { libraryDir, sources };
        // A failed fetch is not kept: the next look tries again.
        sources.catch(() => {
          if (cached?.sources === sources) cached = null;
        });
      }
      return cached.sources;
    },
  };
}
