// Web mode's key file: readable by its owner only, written whole, read back by a new process, removed on clear.
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../../../electron/core/settings/file-secret-store';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studio-key-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

describe('FileSecretStore', () => {
  it.skipIf(process.platform === 'win32')(
    'keeps the key across instances in a 0600 file, and leaves no temporary file',
    async () => {
      const path = join(dir, 'data', 'api-key');
      const first = new FileSecretStore(path);
      expect(await first.hasKey()).toBe(false);
      await first.setKey('sk-live-0123456789');
      expect(await modeOf(path)).toBe(0o600);
      expect(await readdir(join(dir, 'data'))).toEqual(['api-key']);

      // A restart: a new store over the same file has the key without anyone typing it again.
      const second = new FileSecretStore(path);
      expect(await second.getKey()).toBe('sk-live-0123456789');

      await second.setKey('sk-live-replaced');
      expect(await new FileSecretStore(path).getKey()).toBe('sk-live-replaced');
      expect(await modeOf(path)).toBe(0o600);

      await second.clearKey();
      expect(await second.hasKey()).toBe(false);
      expect(await new FileSecretStore(path).hasKey()).toBe(false);
      expect(await readdir(join(dir, 'data'))).toEqual([]);
    },
  );

  it.skipIf(process.platform === 'win32')(
    'narrows a key file others could read back to its owner, and says so',
    async () => {
      const path = join(dir, 'loose-key');
      await writeFile(path, 'sk-from-a-backup\n');
      await chmod(path, 0o644);
      const warnings: string[] = [];
      const store = new FileSecretStore(path, (m) => warnings.push(m));
      expect(await store.getKey()).toBe('sk-from-a-backup');
      expect(await modeOf(path)).toBe(0o600);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).not.toContain('sk-from-a-backup');
      expect(await readFile(path, 'utf8')).toBe('sk-from-a-backup\n');
    },
  );
});
