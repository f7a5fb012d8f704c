// The rules of a press are written once, in shared/studio/press.ts (docs/architecture.md, "One source for each
// fact"): the 100 tasks one press may send and "one task per line" were once written about six times and twice.
// This reads the studio's code (not the simulator, an independent reading of the spec on purpose) and fails on a
// copy: a list of requests or prompts bounded by a number instead of MAX_PRESS_TASKS, or text cut into lines
// anywhere but the press module and the URL lists' one-link-per-line field.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PRESS_TASKS, promptLines } from '../../shared/studio/press';

const root = join(import.meta.dirname, '..', '..');
const HOME = 'shared/studio/press.ts';
/** A field of one link per line (a form's URL list): a list of links, not of prompts. */
const URL_LINES = 'renderer/features/create/field-control.tsx';

/** A list of submission requests or of prompts (trimmed strings) bounded by a number written out. */
const PRESS_BOUND =
  /z\.array\((submissionRequestSchema|z\.string\(\)\.trim\(\)(\.\w+\([^()]*\))*)\)(\.min\([^()]*\))?\.max\(\d/;
/** Text cut at its line breaks: '\n', "\n", /\n/ or /\r?\n/. */
const LINE_SPLIT = /\.split\(\s*(['"]\\n['"]|\/\\r\?\\n\/|\/\\n\/)/;
/** A constant of its own for the limit (the names it had, or any *TASKS* set to 100). */
const OWN_LIMIT = /\b(MAX_BATCH_TASKS|MAX_RECIPE_TASKS)\b|\b\w*TASKS\w*\s*=\s*100\b/;

function sources(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const top of ['electron', 'shared', 'renderer']) {
    for (const f of readdirSync(join(root, top), { recursive: true, encoding: 'utf8' })) {
      const path = `${top}/${f}`;
      if (/\.tsx?$/.test(path) && !path.startsWith('electron/simulator/')) {
        out[path] = readFileSync(join(root, path), 'utf8');
      }
    }
  }
  return out;
}

const offenders = (files: Record<string, string>, rule: RegExp, allowed: readonly string[]): string[] =>
  Object.entries(files)
    .filter(([path, text]) => !allowed.includes(path) && rule.test(text))
    .map(([path]) => path);

describe('the rules of a press are written once', () => {
  const files = sources();

  it('every list of a press is bounded by MAX_PRESS_TASKS, and no other constant names the limit', () => {
    expect(MAX_PRESS_TASKS).toBe(100);
    expect(offenders(files, PRESS_BOUND, [])).toEqual([]);
    expect(offenders(files, OWN_LIMIT, [HOME])).toEqual([]);
  });

  it('text is cut into lines only by the press module (and the URL lists, one link a line)', () => {
    expect(LINE_SPLIT.test(files[HOME] ?? '')).toBe(true);
    expect(offenders(files, LINE_SPLIT, [HOME, URL_LINES])).toEqual([]);
    expect(promptLines('a\r\n\nb')).toEqual(['a', 'b']);
  });

  it('catches each copy written again', () => {
    const copies = {
      'shared/bridge/x.ts': 'requests: z.array(submissionRequestSchema).min(1).max(100),',
      'shared/bridge/y.ts':
        'const prompts = z.array(z.string().trim().min(1).max(8_000)).max(100).optional();',
      'electron/cli/z.ts': 'const prompts = text.split(/\\r?\\n/).map((l) => l.trim()).filter(Boolean);',
      'renderer/w.ts': "const lines = text.split('\\n');",
      'electron/core/v.ts': 'export const MAX_RECIPE_TASKS = 100;',
    };
    expect(offenders(copies, PRESS_BOUND, [])).toEqual(['shared/bridge/x.ts', 'shared/bridge/y.ts']);
    expect(offenders(copies, LINE_SPLIT, [])).toEqual(['electron/cli/z.ts', 'renderer/w.ts']);
    expect(offenders(copies, OWN_LIMIT, [])).toEqual(['electron/core/v.ts']);
  });
});
