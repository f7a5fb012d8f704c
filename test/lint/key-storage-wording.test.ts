// How the API key is kept is said in several places: Settings' hint and the welcome page's key field (one
// sentence per secret store, settings.keptAs), the README, the docs and the rooms' notes. Web mode keeps it, and
// the secrets kept like it (a sync password, the keys of unfinished tasks), in plain text in a file only its owner
// can read; every place that names such a file says "plain text", no page calls a stored secret "secure", and the
// docs quote Settings' sentence as the page says it. Each check is shown catching a planted breach.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/i18n/en';
import { zhCN } from '../../renderer/i18n/zh-cn';
import { root } from './lint-harness';

/** The notes a reader opens: the README, docs/ and every README of electron/ and renderer/. */
function notes(): string[] {
  const found = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)];
  for (const top of ['electron', 'renderer']) {
    for (const entry of readdirSync(join(root, top), { recursive: true, encoding: 'utf8' })) {
      if (entry.endsWith('README.md')) found.push(`${top}/${entry}`);
    }
  }
  return found.filter((f) => f.endsWith('.md'));
}

/** A paragraph, list item or table row: where one statement about a key's keeping stands whole. */
function passages(text: string): string[] {
  return text.split(/\n\s*\n|\n(?=\s*[-*|] )/).map((p) => p.replace(/\s+/g, ' '));
}

/** Web mode's files of secrets (the key, the keys of tasks still running, sync's secrets); not the CLI's --api-key. */
const KEY_FILE = /((?<!--)\bapi-key|\btask-keys|\bsync-secrets)\b(?![.-]test)/;
const PLAIN = /plain[- ]text|明文/i;

/** Each passage that names a file of secrets without saying it is plain text, as `file: passage`. */
function unsaid(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) =>
    passages(text)
      .filter((p) => KEY_FILE.test(p) && !PLAIN.test(p))
      .map((p) => `${file}: ${p.slice(0, 160)}`),
  );
}

/** "Secure" said of something stored, outside a sentence recalling the old wording. */
const SECURE = /stored securely|已安全保存/i;

function strings(bundle: unknown, path = ''): [string, string][] {
  if (typeof bundle === 'string') return [[path, bundle]];
  if (typeof bundle !== 'object' || bundle === null) return [];
  return Object.entries(bundle).flatMap(([key, value]) => strings(value, path ? `${path}.${key}` : key));
}

const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('how the key is kept, said exactly', () => {
  it('every note that names a file of secrets says it is plain text (the rule, shown failing)', () => {
    expect(
      unsaid({ 'planted.md': 'Web mode keeps it in `<data-dir>/api-key`, readable by you only.' }),
    ).toHaveLength(1);
    expect(unsaid({ 'planted.md': 'The CLI takes `--api-key KEY`.' })).toEqual([]);
    expect(unsaid(Object.fromEntries(notes().map((f) => [f, read(f)])))).toEqual([]);
  });

  it('no string of either language calls a stored secret secure', () => {
    const secure = (bundle: unknown) =>
      strings(bundle)
        .filter(([, text]) => SECURE.test(text))
        .map(([path]) => path);
    expect(secure({ planted: { hint: 'A key is stored securely.' } })).toEqual(['planted.hint']);
    expect(secure(en)).toEqual([]);
    expect(secure(zhCN)).toEqual([]);
    const recalled = /used to\s+say/;
    const notesSaying = notes().flatMap((f) =>
      passages(read(f))
        .filter((p) => SECURE.test(p) && !recalled.test(p))
        .map((p) => `${f}: ${p.slice(0, 160)}`),
    );
    expect(notesSaying).toEqual([]);
  });

  it("the docs quote each of Settings' sentences as the page says it", () => {
    const doc = read('docs/desktop-and-web.md').replace(/\s+/g, ' ').replaceAll('’', "'");
    for (const sentence of Object.values(en.settings.keptAs)) {
      expect(doc).toContain(sentence.replaceAll('’', "'"));
    }
    // The file's sentence names the file the README names.
    expect(en.settings.keptAs.file).toMatch(/plain text, not encrypted, in the file api-key/);
    expect(read('README.md').replace(/\s+/g, ' ')).toContain(
      'kept in plain text, not encrypted, in `<data-dir>/api-key`',
    );
  });
});
