// The key at rest: only ciphertext in electron-store, decrypted on demand; memory only where the OS offers no
// real protection. safeStorage is faked (an OS service); the store logic around it is real.
import { describe, expect, it } from 'vitest';
import { SETTINGS_FIELD, desktopSettings } from '../../electron/core/settings/saved-settings';
import type { KeyValueStore } from '../../electron/platform/key-value-store';
import { KEY_FIELD, SafeStorageSecretStore } from '../../electron/platform/safe-storage-secret-store';
import type { SafeStorageLike } from '../../electron/platform/safe-storage-secret-store';
import { DEFAULT_SETTINGS } from '../../shared/bridge/session-schemas';

function mapStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (k) => data.get(k),
    set: (k, v) => void data.set(k, v),
    delete: (k) => void data.delete(k),
  };
}

function fakeSafeStorage(
  options: { available?: boolean; backend?: 'basic_text' | 'gnome_libsecret'; rotate?: boolean } = {},
): SafeStorageLike & { encrypts: number } {
  const s = {
    encrypts: 0,
    isAsyncEncryptionAvailable: async () => options.available ?? true,
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptStringAsync: async (plain: string) => {
      s.encrypts += 1;
      return Buffer.from(`enc:${[...plain].reverse().join('')}`);
    },
    decryptStringAsync: async (buf: Buffer) => {
      const text = buf.toString();
      if (!text.startsWith('enc:'))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return { result: [...text.slice(4)].reverse().join(''), shouldReEncrypt: options.rotate ?? false };
    },
  };
  return s;
}

describe('SafeStorageSecretStore', () => {
  it('stores only ciphertext and reads the key back', async () => {
    const store = mapStore();
    const secrets = new SafeStorageSecretStore(store, fakeSafeStorage(), 'linux', () => undefined);
    await secrets.setKey('sk-live-123456');
    const stored = store.data.get(KEY_FIELD);
    expect(typeof stored).toBe('string');
    expect(JSON.stringify([...store.data])).not.toContain('sk-live-123456');
    expect(await secrets.getKey()).toBe('sk-live-123456');
    // A new process (new store object) reads the same ciphertext.
    expect(await new SafeStorageSecretStore(store, fakeSafeStorage(), 'linux').hasKey()).toBe(true);
    await secrets.clearKey();
    expect(store.data.has(KEY_FIELD)).toBe(false);
    expect(await secrets.hasKey()).toBe(false);
  });

  it.each([
    ['encryption is unavailable', { available: false }],
    ['Linux has no keyring (basic_text)', { backend: 'basic_text' as const }],
  ])('keeps the key in memory only when %s, and says so once', async (_why, options) => {
    const store = mapStore();
    const warnings: string[] = [];
    const secrets = new SafeStorageSecretStore(store, fakeSafeStorage(options), 'linux', (m) =>
      warnings.push(m),
    );
    await secrets.setKey('sk-mem');
    await secrets.setKey('sk-mem-2');
    expect(store.data.size).toBe(0);
    expect(await secrets.getKey()).toBe('sk-mem-2');
    expect(warnings).toHaveLength(1);
  });

  it('drops ciphertext it cannot decrypt (another machine) and asks again', async () => {
    const store = mapStore({ [KEY_FIELD]: Buffer.from('garbage').toString('base64') });
    const warnings: string[] = [];
    const secrets = new SafeStorageSecretStore(store, fakeSafeStorage(), 'darwin', (m) => warnings.push(m));
    expect(await secrets.getKey()).toBeNull();
    expect(store.data.has(KEY_FIELD)).toBe(false);
    expect(warnings[0]).toMatch(/enter it again/);
  });

  it('re-encrypts when the OS rotated its key', async () => {
    const store = mapStore();
    const safe = fakeSafeStorage({ rotate: true });
    const secrets = new SafeStorageSecretStore(store, safe, 'win32');
    await secrets.setKey('sk-rot');
    expect(await secrets.getKey()).toBe('sk-rot');
    expect(safe.encrypts).toBe(2);
  });
});

describe('the desktop settings (the one store over electron-store)', () => {
  it('resets invalid fields to defaults with a warning and persists updates', async () => {
    const store = mapStore({ [SETTINGS_FIELD]: { theme: 'neon', language: 'zh-CN' } });
    const warnings: string[] = [];
    const settings = desktopSettings(store, (m) => warnings.push(m));
    expect(settings.get()).toEqual({ ...DEFAULT_SETTINGS, language: 'zh-CN' });
    expect(warnings[0]).toContain('theme');
    await settings.update({ theme: 'dark' });
    expect(store.data.get(SETTINGS_FIELD)).toMatchObject({ theme: 'dark', language: 'zh-CN' });
    await expect(settings.update({ baseUrl: 'javascript:alert(1)' })).rejects.toThrow();
    expect(settings.get().baseUrl).toBeNull();
  });
});
