// A sentence nobody shows is a sentence nobody keeps true: every key of the English bundle must be named in
// the renderer's code (or in shared/, where the error-type table and the validation map name theirs). Keys built
// at run time (`create.fields.${name}`) are covered by an explicit list of prefixes, each of which must itself be
// built somewhere, so the list cannot grow stale. The "same keys in both languages" check is bundles.test.ts's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/i18n/en';
import { zhCN } from '../../../renderer/i18n/zh-cn';

/** Prefixes of keys the code builds from a value; each must appear as the start of a template literal. */
const DYNAMIC_PREFIXES = [
  'regionEdit.tools.', // the selection tools, by kind (region-selector.tsx)
  'regionEdit.field.',
  'regionEdit.sends.',
  'agents.outcome.', // an agent call's outcome, named by the core's word (shared/studio/agents.ts)
  'nav.',
  'validation.', // the one error map's keys (shared/validation/messages.ts), said through i18n.ts
  'create.families.',
  'keyboard.shortcuts.',
  'create.kinds.',
  'create.chips.',
  'create.variants.',
  'create.fields.',
  'create.grid.position.q',
  'create.source.origin.',
  'compare.kinds.',
  'compare.rows.',
  'library.kind.',
  'library.kindOne.',
  'library.sort.',
  'libraryDrag.what.',
  'reuse.relation.',
  'reuse.relationThis.',
  'settings.libraryFolderRefused.',
  'settings.keptAs.', // how the key is kept, by the secret store's own word (keychain, file, memory)
  'settings.themes.',
  'settings.languages.',
  'settings.balanceUnits.',
  'settings.demoDialects.names.', // Settings › Demo gateway, one label per dialect
  'usage.rangeProblem.',
  'usage.preset.',
  'usage.kinds.',
  'usage.scopes.',
  'usage.groupings.',
  'usage.tableTitle.',
  'tasks.missing.reason.',
  'tasks.referencesSentAs.',
  'styles.placements.',
  'recipes.bind.',
  'storyboard.state.', // a shot's state in a board run, by the run's own word (shared/studio/storyboard.ts)
  'storyboard.run.state.',
  'storyboard.cast.kinds.',
  'tasks.kind.',
  'tasks.outcome.',
  'sync.kinds.',
  'sync.problems.',
  'sync.phases.',
  'sync.progress.',
  'sync.filesModes.',
  'sync.filesModeHint.',
  'sync.unreadWhat.',
  'queue.state.',
  'queue.charge.',
];

/**
 * Keys a helper working in parallel is wiring now (named here so the test says so, not silently): remove an
 * entry once its code lands, or the key if it never does.
 */
const IN_FLIGHT = new Set<string>([]);

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    flatten(v, prefix ? `${prefix}.${k}` : k),
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const code = ['renderer', 'shared']
  .flatMap((dir) => sources(join(process.cwd(), dir)))
  .filter((path) => !/renderer[\\/]i18n[\\/](en|zh-cn)\.ts$/.test(path))
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');

/** i18next plural forms are named by their base key (t('x', { count })). */
const baseOf = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

/** The English keys no code names, given the code and the dynamic prefixes. */
export function unusedKeys(keys: readonly string[], source: string, prefixes: readonly string[]): string[] {
  const named = (key: string) => [`'${key}'`, `"${key}"`, `\`${key}\``].some((q) => source.includes(q));
  return keys.filter((key) => {
    const base = baseOf(key);
    return !named(base) && !prefixes.some((p) => base.startsWith(p)) && !IN_FLIGHT.has(base);
  });
}

describe('i18n keys in use', () => {
  it('finds a key nobody names (the rule, shown failing)', () => {
    const source = "t('app.name'); t(`usage.kinds.${kind}`); t('money.total', { count })";
    expect(
      unusedKeys(['app.name', 'app.dead', 'usage.kinds.video', 'money.total_one'], source, ['usage.kinds.']),
    ).toEqual(['app.dead']);
  });

  it('every English key is named in the code or built from a listed prefix', () => {
    expect(unusedKeys(flatten(en), code, DYNAMIC_PREFIXES)).toEqual([]);
  });

  it('every listed prefix is really built somewhere (the allow-list stays small and true)', () => {
    for (const prefix of DYNAMIC_PREFIXES) expect(code.includes(`\`${prefix}\${`), prefix).toBe(true);
  });

  it('English and Chinese have the same keys', () => {
    expect(flatten(zhCN).sort()).toEqual(flatten(en).sort());
  });
});
