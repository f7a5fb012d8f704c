// Settings › Sync over the bridge. The setup the renderer reads back never holds a secret: it says only whether
// one is stored. Secrets go in with a save or a connection test, and an empty field keeps the stored one, so
// the page never needs to know it.
import { z } from 'zod';
import { syncConfigSchema, syncTestResultSchema } from '../studio/sync';

export const syncSetupViewSchema = z.object({
  /** null: sync is off. */
  config: syncConfigSchema.nullable(),
  /** Whether an S3 secret key or WebDAV password is stored (never the value). */
  hasSecret: z.boolean(),
  /** Whether an end-to-end passphrase is stored (never the value). */
  hasPassphrase: z.boolean(),
  /** The user paused sync (kept across restarts). */
  paused: z.boolean(),
  /** A name for this device until the user picks one (the computer's name). */
  suggestedDeviceName: z.string(),
});
export type SyncSetupView = z.infer<typeof syncSetupViewSchema>;

/** A secret typed into Settings › Sync: absent or '' keeps the stored one. */
const typedSecret = z.string().max(500).optional();
const typedPassphrase = z.string().max(1000).optional();

export const syncTestInputSchema = z.strictObject({
  config: syncConfigSchema,
  secret: typedSecret,
  passphrase: typedPassphrase,
});
export type SyncTestInput = z.infer<typeof syncTestInputSchema>;

export const syncSaveInputSchema = z.strictObject({
  /** null turns sync off and forgets its secrets. */
  config: syncConfigSchema.nullable(),
  secret: typedSecret,
  passphrase: typedPassphrase,
});
export type SyncSaveInput = z.infer<typeof syncSaveInputSchema>;

/** The setup as kept, and what the remote said when it was tried on saving (null when sync was turned off). */
export const syncSaveResultSchema = z.object({
  setup: syncSetupViewSchema,
  test: syncTestResultSchema.nullable(),
});
export type SyncSaveResult = z.infer<typeof syncSaveResultSchema>;
