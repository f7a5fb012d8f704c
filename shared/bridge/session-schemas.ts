// Session, secrets and settings as the renderer sees them. The key goes in through secrets.setKey and never
// comes back out: every answer carries only `hasKey`.
import { z } from 'zod';
import { because } from '../validation';
import { LANGUAGES, THEME_PREFERENCES } from '../studio/preferences';
import { normalizeBaseUrl } from '../gateway/base-url';
import { demoDialectSchema } from '../studio/demo-dialects';
import { startingPriceEditsSchema } from '../studio/starting-prices';
import { checkProxyAddress } from '../gateway/proxy-address';
import { resultAddressesSchema } from '../gateway/result-addresses';

export const sessionModeSchema = z.enum(['demo', 'live', 'unconfigured']);

/**
 * How the API key is kept where this studio runs ('keychain': encrypted by the OS keychain, desktop; 'file': a
 * plain file only the user can read, web mode; 'memory': for this session only). Settings says it as it is.
 */
export const keyStorageSchema = z.enum(['keychain', 'file', 'memory']);
export type KeyStorage = z.infer<typeof keyStorageSchema>;

export const sessionStatusSchema = z.object({
  /** 'demo': the in-process simulator; 'live': a base URL and a key are set; 'unconfigured': onboarding. */
  mode: sessionModeSchema,
  /** The gateway the main process talks to (in demo mode, the simulator's loopback URL). */
  baseUrl: z.string().nullable(),
  hasKey: z.boolean(),
  keyStorage: keyStorageSchema,
  /** Prefix for library files: pass it to mediaUrl() with an item's relativePath. */
  mediaBaseUrl: z.string(),
  /** Absolute path of the library folder, for display only. */
  libraryDir: z.string(),
  /** Whether session.useDemo can work here (web mode without --demo has no demo gateway to offer). */
  demoAvailable: z.boolean(),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/** The key as typed by the user: trimmed, printable ASCII, no whitespace inside (it becomes a header value). */
export const apiKeyInputSchema = z.strictObject({
  key: z
    .string()
    .trim()
    .max(512)
    // Empty stops here, so it is not also called unprintable.
    .refine((key) => key !== '', { params: because('keyEmpty'), abort: true })
    .refine((key) => /^[\x21-\x7e]+$/.test(key), { params: because('keyCharacters') }),
  /** Onboarding: keep the key only if the gateway answered (an unreachable gateway puts everything back). */
  mustAnswer: z.boolean().optional(),
});

/** A proxy address (proxy-address.ts), kept normalised. */
const proxyAddress = z
  .string()
  .trim()
  .max(2048)
  .refine((text) => checkProxyAddress(text).ok, { params: because('proxyAddress'), abort: true })
  .transform((text) => {
    const checked = checkProxyAddress(text);
    return checked.ok ? checked.url : text;
  });

/** An http(s) URL in the one form the app keeps ({base_url} without a trailing /v1 or slash: base-url.ts). */
const httpUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .transform(normalizeBaseUrl);

export const themeSchema = z.enum(THEME_PREFERENCES);
export const languageSchema = z.enum(LANGUAGES);
export const balanceUnitSchema = z.enum(['usd', 'credits']);

/** The user's settings. Model overrides map a catalog default model id (e.g. image_model_id_i3) to the id to send. */
export const settingsSchema = z.object({
  baseUrl: httpUrl.nullable(),
  /** null: the default folder inside the app's data directory. Absolute, so it never depends on the cwd. */
  libraryDir: z
    .string()
    .trim()
    .min(1)
    .max(4096)
    .refine((dir) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(dir), { params: because('libraryAbsolute') })
    .nullable(),
  pollBudgetPerSecond: z.number().min(0.1).max(50),
  theme: themeSchema,
  language: languageSchema,
  /** [TBAL-8] The gateway's balance unit depends on its configuration: the user says which one to show. */
  balanceUnit: balanceUnitSchema,
  modelOverrides: z.record(z.string().min(1).max(200), z.string().min(1).max(200)),
  /**
   * The HTTP(S) or SOCKS proxy every gateway call and download goes through; null: the environment's
   * (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), else direct.
   */
  proxy: proxyAddress.nullable(),
  /** Whether the first-run choice (own gateway or demo) has been made. */
  onboarded: z.boolean(),
  /** Use the in-process demo gateway instead of baseUrl (set by session.useDemo, cleared by secrets.setKey). */
  demo: z.boolean(),
  /** What the demo gateway speaks beyond the spec: the real gateway's dialects, for seeing the app cope. */
  // No .default([]) here: settingsPatchSchema is this schema made partial, and a default would put
  // `demoDialects: []` into every patch, so saving any setting switched the dialects off. A file without the
  // field gets DEFAULT_SETTINGS' value through merge-settings.ts, field by field.
  demoDialects: z.array(demoDialectSchema).max(40),
  /** The creator's changes to the starting price table (shared/studio/starting-prices.ts); null clears a row. */
  startingPrices: startingPriceEditsSchema,
  /**
   * Addresses, ranges and host names result files may come from beyond the rule's own (public addresses, and
   * the kinds the gateway is on: electron/core/downloads/local-addresses.ts); empty: the rule alone.
   */
  resultAddresses: resultAddressesSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: null,
  libraryDir: null,
  pollBudgetPerSecond: 5,
  theme: 'system',
  language: 'en',
  balanceUnit: 'usd',
  modelOverrides: {},
  proxy: null,
  onboarded: false,
  demo: false,
  demoDialects: [],
  startingPrices: {},
  resultAddresses: [],
};

/** A partial update: only the fields given change; modelOverrides and startingPrices replace the whole map. */
export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** Moving the library to another folder (settings.update with a new libraryDir): where it stands. */
export const libraryMoveStatusSchema = z.object({
  state: z.enum(['idle', 'moving', 'done', 'failed']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  files: z.number().int(),
  totalFiles: z.number().int(),
  bytes: z.number(),
  totalBytes: z.number(),
  /** Why the last move failed (everything moved so far went back); null otherwise. */
  error: z.string().nullable(),
});
export type LibraryMoveStatus = z.infer<typeof libraryMoveStatusSchema>;

/** What a move to a folder would take, asked before it starts; a folder that cannot take it is refused. */
export const libraryMovePlanSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** False when the folder is the one in use: saving moves nothing. */
  moves: z.boolean(),
  files: z.number().int(),
  bytes: z.number(),
  /** Items of a library started in that folder earlier and left: switching there (not moving) brings them back. */
  waiting: z.number().int(),
});
export type LibraryMovePlan = z.infer<typeof libraryMovePlanSchema>;
