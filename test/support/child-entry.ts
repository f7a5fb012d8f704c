// How a test starts a TypeScript entry point (the CLI, web mode, a soak's or a crash test's child) in a process of
// its own. Through tsx it costs a second or two of a core at every start, and the soaks restart their child twenty
// times or more; so npm test builds these entries once, in its build phase (vite.children.config.ts, into
// out/children/), and names that folder in STUDIO_BUILT_CHILDREN for the tests it then runs. Run any other way
// (npx vitest run on one file, while editing), the variable is unset and the child runs from its source through
// tsx, so it is never an old build of the code being changed.
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

const TSX_LOADER = import.meta.resolve('tsx');

/** Where npm test leaves the built children; unset: run from the sources. */
export const BUILT_CHILDREN_ENV = 'STUDIO_BUILT_CHILDREN';

/** Every entry a test runs as a child, from the repository's root; each is built as out/children/NAME.js. */
export const CHILD_ENTRIES = [
  'electron/cli.ts',
  'electron/web.ts',
  'test/soak/queue-soak-child.ts',
  'test/soak/recipe-soak-child.ts',
  'test/soak/soak-child.ts',
  'test/core/downloads/crash-child.ts',
  'test/core/storyboard/board-kill-child.ts',
] as const;

export type ChildEntry = (typeof CHILD_ENTRIES)[number];

/** The name an entry's build has in the built folder: its file name without .ts (each is unique). */
export const builtName = (entry: ChildEntry): string => basename(entry, '.ts');

/**
 * The arguments to give process.execPath to run `entry`: `nodeFlags`, then the built file when npm test built it,
 * else tsx's loader and the source. The built file missing from the named folder is a broken build: said, not
 * papered over with tsx.
 */
export function childArgs(entry: ChildEntry, nodeFlags: readonly string[] = []): string[] {
  const built = process.env[BUILT_CHILDREN_ENV];
  if (built) {
    const file = join(resolve(ROOT, built), `${builtName(entry)}.js`);
    if (!existsSync(file))
      throw new Error(`${BUILT_CHILDREN_ENV} names ${built}, which has no ${basename(file)}`);
    return [...nodeFlags, file];
  }
  // tsx's loader by its own address: a child may run in a folder with no node_modules to find 'tsx' from.
  return [...nodeFlags, '--import', TSX_LOADER, join(ROOT, entry)];
}
