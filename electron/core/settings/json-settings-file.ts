// Settings in a JSON file (web mode, the CLI, tests): the whole file (web mode's settings.json), or one field of
// a JSON object kept beside other entries (the desktop's electron-store file, which the CLI reads when its data
// folder is the app's). Writes go to a temp file, flushed, then renamed over the old one: a crash or power cut
// leaves the old file or the new, never an empty one.
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SettingsDocument, SettingsRead } from './settings-document';

function readJson(
  file: string,
): { kind: 'none' } | { kind: 'read'; raw: unknown } | { kind: 'bad'; reason: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { kind: 'none' } : { kind: 'bad', reason: code ?? 'not readable' };
  }
  try {
    return { kind: 'read', raw: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'bad', reason: 'not valid JSON' };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The document at `file`; with `field`, the settings are that field of the file's object. */
export function jsonSettingsFile(file: string, field?: string): SettingsDocument {
  let writing: Promise<void> = Promise.resolve();
  const read = (): SettingsRead => {
    const found = readJson(file);
    if (found.kind === 'none') return found;
    if (found.kind === 'bad') return { kind: 'unreadable', reason: found.reason };
    if (field === undefined) return { kind: 'saved', value: found.raw };
    if (!isRecord(found.raw)) return { kind: 'unreadable', reason: 'not a JSON object' };
    return field in found.raw ? { kind: 'saved', value: found.raw[field] } : { kind: 'none' };
  };
  return {
    where: field === undefined ? file : `${file} (${field})`,
    read,
    write: (settings) => {
      // Chained so two quick updates cannot land out of order.
      writing = writing.then(async () => {
        let whole: unknown = settings;
        if (field !== undefined) {
          // The file's other entries (the desktop's window state, the key's ciphertext) are kept as they are.
          const current = readJson(file);
          const others = current.kind === 'read' && isRecord(current.raw) ? current.raw : {};
          whole = { ...others, [field]: settings };
        }
        await mkdir(dirname(file), { recursive: true });
        const temp = `${file}.${process.pid}.tmp`;
        // flush: on the disk before the rename makes it the file, so a power cut cannot leave it empty.
        await writeFile(temp, JSON.stringify(whole, null, 2), { mode: 0o600, flush: true });
        await rename(temp, file);
      });
      return writing;
    },
  };
}
