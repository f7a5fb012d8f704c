// node:fs/promises with writeFile and rename recorded in the order they were made, each write saying whether it was
// flushed to the disk: how a test shows a file is fsynced before a rename makes it the real one. Used from a
// vi.mock factory: vi.mock('node:fs/promises', async (real) => journalledFs(await real(), journal)).
import type * as FsPromises from 'node:fs/promises';

export function journalledFs(real: typeof FsPromises, journal: string[]): typeof FsPromises {
  return {
    ...real,
    writeFile: async (...args: Parameters<typeof real.writeFile>) => {
      const [path, , options] = args;
      const flush = typeof options === 'object' && options !== null && 'flush' in options && options.flush;
      await real.writeFile(...args);
      journal.push(`write ${String(path)}${flush ? ' flushed' : ''}`);
    },
    rename: async (from: Parameters<typeof real.rename>[0], to: Parameters<typeof real.rename>[1]) => {
      journal.push(`rename ${String(from)} -> ${String(to)}`);
      await real.rename(from, to);
    },
  };
}
