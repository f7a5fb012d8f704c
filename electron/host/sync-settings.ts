// What sync is set to on this device: the remote and its options in `<data>/sync.json` (no secret in it), the
// S3 secret or WebDAV password and the passphrase in the secret store the API key uses (SecretRecord), and
// whether the user paused it. Held in memory once loaded, because the sync service asks for its setup
// synchronously at the start of every round. Secrets go in here and come out only to the sync service.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import {
  addressHasCredentials,
  syncConfigSchema,
  syncSecretsSchema,
  withoutAddressCredentials,
} from '../../shared/studio/sync';
import type { SyncConfig, SyncSecrets } from '../../shared/studio/sync';
import type { SyncSetup } from '../core/sync/sync-service';
import { SecretRecord } from '../core/settings/secret-record';
import type { SecretStore } from '../core/settings/settings-store';

/** The setup's file in the data folder (the CLI reads it too). */
export const SYNC_FILE = 'sync.json';

const fileSchema = z.object({ config: syncConfigSchema.nullable(), paused: z.boolean() });
type SyncFile = z.infer<typeof fileSchema>;

/**
 * Takes a user name and password out of the remote's address of a sync.json an earlier version wrote (it took
 * `https://user:password@host/` as it was): the user into the WebDAV user field when that is empty, the address
 * without them. Answers the password ('' when there was only a user), or null when the address had none.
 */
function takeAddressCredentials(raw: unknown): string | null {
  const remote = (raw as { config?: { remote?: Record<string, unknown> } } | null)?.config?.remote;
  if (!remote) return null;
  const field = remote['kind'] === 'webdav' ? 'url' : remote['kind'] === 's3' ? 'endpoint' : null;
  const address = field ? remote[field] : null;
  if (!field || typeof address !== 'string' || !addressHasCredentials(address)) return null;
  const url = new URL(address);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  remote[field] = withoutAddressCredentials(address);
  if (remote['kind'] === 'webdav' && remote['user'] === '') remote['user'] = user;
  return password;
}

/** A change of secrets: a string replaces the stored one, null removes it, absent keeps it. */
export interface SecretsPatch {
  secret?: string | null;
  passphrase?: string | null;
}

export class SyncSettings {
  readonly #path: string;
  readonly #secrets: SecretRecord<SyncSecrets>;
  readonly #log: (message: string) => void;
  #file: SyncFile = { config: null, paused: false };
  #values: SyncSecrets = {};

  /** dataDir: the app's data folder, where `sync.json` is kept. */
  constructor(dataDir: string, store: SecretStore, log: (message: string) => void) {
    this.#path = join(dataDir, SYNC_FILE);
    this.#log = log;
    this.#secrets = new SecretRecord(store, syncSecretsSchema, 'sync credentials', log);
  }

  async load(): Promise<void> {
    this.#values = (await this.#secrets.get()) ?? {};
    try {
      const raw: unknown = JSON.parse(await readFile(this.#path, 'utf8'));
      const password = takeAddressCredentials(raw);
      const parsed = fileSchema.safeParse(raw);
      if (parsed.success) {
        this.#file = parsed.data;
        if (password !== null) await this.#movedCredentials(password);
      } else
        this.#log(`sync: ${this.#path} is not a sync setup this version reads; sync is off until set again.`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.#log(`sync: ${this.#path} could not be read; sync is off until set again.`);
      }
    }
  }

  /** A setup an earlier version kept with a password in its address: the password goes to the secret store
   * (unless one is kept there already) and the file is written again without it. */
  async #movedCredentials(password: string): Promise<void> {
    if (password !== '' && !this.#values.secret) {
      this.#values = { ...this.#values, secret: password };
      await this.#secrets.set(this.#values);
    }
    await this.#write(this.#file);
    this.#log(
      `sync: the remote's address in ${this.#path} held a user name or password; they were moved to their own fields (the password to the secret store).`,
    );
  }

  get config(): SyncConfig | null {
    return this.#file.config;
  }

  get paused(): boolean {
    return this.#file.paused;
  }

  /** What the sync service runs with; null while sync is not set up. */
  setup(): SyncSetup | null {
    const config = this.#file.config;
    return config ? { config, secrets: { ...this.#values } } : null;
  }

  /** Which secrets are stored: all the renderer ever learns of them. */
  stored(): { secret: boolean; passphrase: boolean } {
    return { secret: !!this.#values.secret, passphrase: !!this.#values.passphrase };
  }

  /** The stored secrets with a patch applied, without keeping it (a connection test of unsaved fields). */
  withPatch(patch: SecretsPatch): SyncSecrets {
    const pick = (typed: string | null | undefined, stored: string | undefined) =>
      typed === undefined ? stored : (typed ?? undefined);
    const secret = pick(patch.secret, this.#values.secret);
    const passphrase = pick(patch.passphrase, this.#values.passphrase);
    return { ...(secret ? { secret } : {}), ...(passphrase ? { passphrase } : {}) };
  }

  async save(config: SyncConfig | null, patch: SecretsPatch): Promise<void> {
    const secrets = config ? this.withPatch(patch) : {};
    if (secrets.secret || secrets.passphrase) await this.#secrets.set(secrets);
    else await this.#secrets.clear();
    this.#values = secrets;
    await this.#write({ ...this.#file, config });
  }

  async setPaused(paused: boolean): Promise<void> {
    await this.#write({ ...this.#file, paused });
  }

  /** Every secret value held, so no error, event or log line can carry one out. */
  secretValues(): string[] {
    return [this.#values.secret, this.#values.passphrase].filter((v): v is string => !!v);
  }

  async #write(next: SyncFile): Promise<void> {
    this.#file = next;
    await mkdir(dirname(this.#path), { recursive: true });
    // Whole to a temporary file first: a crash leaves the old setup or the new one, never half of one.
    const temporary = `${this.#path}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(next, null, 2), { mode: 0o600 });
    await rename(temporary, this.#path);
  }
}
