// The core's modules (the folders of electron/core) keep to themselves, read from the source:
// - each table has one owner, the module whose `<module>-migrations.ts` creates it, and only the owner's SQL names
//   it (others ask the owner: the spending ledger asks tasks/task-costs.ts, the downloads ask the library);
// - every migration runs from one place: studio-database.ts's ordered list holds every module's migrations file,
//   and no other file runs migrations;
// - no two modules import each other, directly or round a longer loop.
// Each check is also run on a planted breach, so a check that can no longer see one fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const coreDir = join(root, 'electron', 'core');

interface Source {
  /** Relative to electron/core, with forward slashes. */
  path: string;
  text: string;
}

function coreSources(): Source[] {
  const found: Source[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts'))
        found.push({ path: relative(coreDir, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  walk(coreDir);
  return found;
}

/** A folder of core is a module; a file at the top of core is a module of its own. */
const moduleOf = (path: string): string =>
  path.includes('/') ? (path.split('/')[0] ?? path) : basename(path, '.ts');
const isMigrations = (path: string): boolean => path.endsWith('-migrations.ts');

function tableOwners(sources: readonly Source[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const source of sources.filter((s) => isMigrations(s.path)))
    for (const match of source.text.matchAll(/CREATE (?:VIRTUAL )?TABLE (?:IF NOT EXISTS )?(\w+)/g))
      if (match[1]) owners.set(match[1], moduleOf(source.path));
  return owners;
}

/** Lines whose SQL names a table another module owns. Migrations are the schema's history and are exempt. */
function foreignTableUses(sources: readonly Source[]): string[] {
  const owners = tableOwners(sources);
  const found: string[] = [];
  for (const source of sources) {
    if (isMigrations(source.path) || source.path.startsWith('db/')) continue;
    const module = moduleOf(source.path);
    source.text.split('\n').forEach((line, index) => {
      for (const match of line.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE|REFERENCES)\s+(\w+)/g)) {
        const owner = owners.get(match[1] ?? '');
        if (owner && owner !== module)
          found.push(`${source.path}:${index + 1} names ${match[1]} (owned by ${owner})`);
      }
    });
  }
  return found;
}

/** Files other than the one ordered list that run or bring migrations. */
function strayMigrations(sources: readonly Source[]): string[] {
  const found: string[] = [];
  const list = sources.find((s) => s.path === 'studio-database.ts');
  for (const source of sources) {
    if (source.path.startsWith('db/') || source.path === 'studio-database.ts') continue;
    if (/\brunMigrations\(|\bopenDatabase\(/.test(source.text)) found.push(`${source.path} runs migrations`);
    if (isMigrations(source.path) && !list?.text.includes(`'./${source.path.replace(/\.ts$/, '')}'`))
      found.push(`${source.path} is not in studio-database.ts's list`);
  }
  return found;
}

/** Module-level import loops ("a -> b -> a"). */
function importCycles(sources: readonly Source[]): string[] {
  const paths = new Set(sources.map((s) => s.path));
  const edges = new Map<string, Set<string>>();
  for (const source of sources) {
    const from = moduleOf(source.path);
    for (const match of source.text.matchAll(/(?:import|export)\b[^'";]*?\bfrom\s+'(\.[^']+)'/g)) {
      const target = relative(coreDir, resolve(coreDir, dirname(source.path), match[1] ?? '.'))
        .split('\\')
        .join('/');
      if (target.startsWith('..')) continue;
      const file = paths.has(`${target}.ts`) ? `${target}.ts` : `${target}/index.ts`;
      const to = moduleOf(file);
      if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const cycles: string[] = [];
  const visit = (node: string, trail: string[]): void => {
    for (const next of edges.get(node) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) cycles.push([...trail.slice(at), next].join(' -> '));
      else visit(next, [...trail, next]);
    }
  };
  for (const start of edges.keys()) visit(start, [start]);
  return [...new Set(cycles)];
}

describe('the core as written', () => {
  const sources = coreSources();

  it('names each table only in the SQL of the module that owns it', () => {
    expect(tableOwners(sources).get('tasks')).toBe('tasks');
    expect(tableOwners(sources).get('library_items')).toBe('library');
    expect(foreignTableUses(sources)).toEqual([]);
  });

  it('runs every migration from the one ordered list in studio-database.ts', () => {
    expect(strayMigrations(sources)).toEqual([]);
  });

  it('has no import loop between its modules', () => {
    expect(importCycles(sources)).toEqual([]);
  });
});

describe('each check sees a planted breach', () => {
  const sources = coreSources();

  it('a ledger that reads the tasks table itself', () => {
    const planted = {
      path: 'spending/planted.ts',
      text: "db.prepare('SELECT cost FROM tasks WHERE id = ?');",
    };
    expect(foreignTableUses([...sources, planted])).toContain(
      'spending/planted.ts:1 names tasks (owned by tasks)',
    );
  });

  it('a constructor that migrates, and a migrations file left out of the list', () => {
    const planted = [
      { path: 'queue/queue-store.ts', text: 'runMigrations(db, queueMigrations);' },
      { path: 'queue/queue-migrations.ts', text: 'CREATE TABLE queue_items (id TEXT) STRICT;' },
    ];
    expect(strayMigrations([...sources, ...planted])).toEqual([
      'queue/queue-store.ts runs migrations',
      "queue/queue-migrations.ts is not in studio-database.ts's list",
    ]);
  });

  it('two modules that import each other', () => {
    const planted = [
      { path: 'alpha/a.ts', text: "import { b } from '../beta/b';" },
      { path: 'beta/b.ts', text: "import { a } from '../alpha';" },
      { path: 'alpha/index.ts', text: "export { a } from './a';" },
    ];
    expect(importCycles([...sources, ...planted])).toContain('alpha -> beta -> alpha');
  });
});
