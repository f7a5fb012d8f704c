// The notes a newcomer reads stay there and stay readable: every room of the core (electron/core/<folder>) and
// every renderer feature (renderer/features/<feature>) has a README recording its decisions, headed by its name;
// and no comment or doc points at an issue number of this project, which a reader of the repository cannot open
// (a note says the why itself). Each check is shown catching a planted breach.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './lint-harness';

const ROOMS = [
  { parent: 'electron/core', heading: 'core' },
  { parent: 'renderer/features', heading: 'features' },
];

/** Folders whose README is missing, or does not begin with `# <heading>/<folder>` and a line saying what it holds. */
function missingNotes(readme: (folder: string) => string | null): string[] {
  const missing: string[] = [];
  for (const { parent, heading } of ROOMS) {
    for (const name of readdirSync(join(root, parent))) {
      if (!statSync(join(root, parent, name)).isDirectory()) continue;
      const text = readme(`${parent}/${name}`);
      const [title, , first] = text?.split('\n') ?? [];
      if (title !== `# ${heading}/${name}` || !first?.trim()) missing.push(`${parent}/${name}`);
    }
  }
  return missing;
}

const readReadme = (folder: string): string | null => {
  try {
    return readFileSync(join(root, folder, 'README.md'), 'utf8');
  } catch {
    return null;
  }
};

/** "issue 22", "Issue 9", "issues 8 and 9", "(#12)": this project's tracker, which the repository does not carry. */
const ISSUE_NUMBER = /\b[Ii]ssues? #?\d+|\(#\d+\)/;
/** References to other projects' public issues, which a reader can open: the file and the project named. */
const OUTSIDE_ISSUES = [{ file: 'docs/library.md', names: 'lofty-rs' }];

function issueNumbers(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    text.split('\n').forEach((line, i) => {
      const outside = OUTSIDE_ISSUES.some((o) => o.file === path && line.includes(o.names));
      if (ISSUE_NUMBER.test(line) && !outside) found.push(`${path}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

function notesAndCode(): Record<string, string> {
  const files: Record<string, string> = { 'README.md': readFileSync(join(root, 'README.md'), 'utf8') };
  for (const top of ['electron', 'renderer', 'shared', 'test', 'docs', 'scripts', 'eslint-rules']) {
    for (const f of readdirSync(join(root, top), { recursive: true, encoding: 'utf8' })) {
      const path = `${top}/${f}`;
      if (/\.(tsx?|m?js|md|css)$/.test(path) && !path.startsWith('test/lint/house-notes'))
        files[path] = readFileSync(join(root, path), 'utf8');
    }
  }
  return files;
}

describe('the notes a newcomer reads', () => {
  it('every core room and every renderer feature has a README headed by its name', () => {
    expect(missingNotes(readReadme)).toEqual([]);
  });

  it("every core room is named in architecture.md's table of the core's rooms", () => {
    const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const table = doc.slice(doc.indexOf("## The core's rooms"), doc.indexOf('**The task engine, by job.**'));
    const unnamed = readdirSync(join(root, 'electron/core')).filter(
      (name) => statSync(join(root, 'electron/core', name)).isDirectory() && !table.includes(`\`${name}/\``),
    );
    expect(table.length).toBeGreaterThan(0);
    expect(unnamed).toEqual([]);
  });

  it('a folder without a README, or with one headed otherwise, is caught', () => {
    const planted = missingNotes((folder) =>
      folder.endsWith('/tasks')
        ? null
        : folder.endsWith('/usage')
          ? '# usage\n\nWrong heading.'
          : readReadme(folder),
    );
    expect(planted).toEqual([
      'electron/core/tasks',
      'electron/core/usage',
      'renderer/features/tasks',
      'renderer/features/usage',
    ]);
  });

  it('no comment or doc points at an issue number of this project', () => {
    expect(issueNumbers(notesAndCode())).toEqual([]);
  });

  it('an issue number in a comment or a heading is caught; a colour, an ordinal and an outside project are not', () => {
    expect(
      issueNumbers({
        'electron/core/virtual.ts':
          '// Kept for issue 22: a gateway in CNY.\nconst c = "#1a2b3c"; // item #1 of n',
        'docs/virtual.md': '## Seeing (Issue 9)\nFixed in (#12).',
        'docs/library.md': 'lofty-rs shipped this bug (issues #686/#687)',
      }),
    ).toEqual([
      'electron/core/virtual.ts:1: // Kept for issue 22: a gateway in CNY.',
      'docs/virtual.md:1: ## Seeing (Issue 9)',
      'docs/virtual.md:2: Fixed in (#12).',
    ]);
  });
});
