// The bridge's procedures as data: one input and one output schema each. The router (router.ts) and the
// handler interface the host implements (BridgeHandlers) are both derived from this table, so a procedure
// without a handler, or a handler with the wrong shape, fails to compile.
import { z } from 'zod';
import {
  tokenBalanceViewSchema,
  usageQuerySchema,
  usageResultSchema,
  userBalanceViewSchema,
} from './account-schemas';
import {
  bridgeLibraryItemSchema,
  libraryPageSchema,
  libraryQuerySchema,
  submissionRequestSchema,
  taskRecordSchema,
  taskStateSchema,
} from './record-schemas';
import type { BridgeEvent } from './record-schemas';
import {
  apiKeyInputSchema,
  sessionStatusSchema,
  settingsPatchSchema,
  settingsSchema,
} from './session-schemas';
import { speechRequestSchema } from './speech-schemas';

const idInput = z.strictObject({ id: z.string().min(1).max(200) });

export const taskListQuerySchema = z
  .strictObject({
    states: z.array(taskStateSchema).max(8).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    offset: z.number().int().min(0).optional(),
  })
  .optional();
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskListSchema = z.object({ tasks: z.array(taskRecordSchema), total: z.number().int() });

export const setFavouriteInputSchema = z.strictObject({
  id: z.string().min(1).max(200),
  favourite: z.boolean(),
});
export const setTagsInputSchema = z.strictObject({
  id: z.string().min(1).max(200),
  tags: z.array(z.string().trim().min(1).max(64)).max(50),
});
export const deletedSchema = z.object({ id: z.string(), deleted: z.boolean() });
export const chosenFolderSchema = z.object({ path: z.string().nullable() });
export const doneSchema = z.object({ ok: z.literal(true) });

/** A procedure without input has only an output. */
interface Spec {
  input?: z.ZodType;
  output: z.ZodType;
}

export const bridgeContract = {
  session: {
    status: { output: sessionStatusSchema },
    /** Switch to the in-process demo gateway (simulator, key held by main). */
    useDemo: { output: sessionStatusSchema },
  },
  secrets: {
    setKey: { input: apiKeyInputSchema, output: sessionStatusSchema },
    clearKey: { output: sessionStatusSchema },
  },
  settings: {
    get: { output: settingsSchema },
    update: { input: settingsPatchSchema, output: settingsSchema },
  },
  account: {
    balance: { output: tokenBalanceViewSchema },
    userBalance: { output: userBalanceViewSchema },
  },
  usage: {
    query: { input: usageQuerySchema, output: usageResultSchema },
  },
  tasks: {
    submit: { input: submissionRequestSchema, output: taskRecordSchema },
    list: { input: taskListQuerySchema, output: taskListSchema },
    get: { input: idInput, output: taskRecordSchema },
    stop: { input: idInput, output: taskRecordSchema },
    rerun: { input: idInput, output: taskRecordSchema },
  },
  library: {
    query: { input: libraryQuerySchema.optional(), output: libraryPageSchema },
    setFavourite: { input: setFavouriteInputSchema, output: bridgeLibraryItemSchema },
    setTags: { input: setTagsInputSchema, output: bridgeLibraryItemSchema },
    delete: { input: idInput, output: deletedSchema },
  },
  speech: {
    synthesize: { input: speechRequestSchema, output: bridgeLibraryItemSchema },
  },
  /**
   * Desktop-only conveniences. In web mode each answers an 'unsupported' error; the renderer can tell the
   * transport apart by session.status().mediaBaseUrl (studio-media:// in the app).
   */
  desktop: {
    /** A native folder picker for the library folder; path null when cancelled. Does not change settings. */
    chooseLibraryFolder: { output: chosenFolderSchema },
    /** Reveals a library item's file in the system file manager. */
    showInFolder: { input: idInput, output: doneSchema },
    /** Starts dragging a library item's file out of the window (call it from the dragstart handler). */
    startDrag: { input: idInput, output: doneSchema },
  },
} as const satisfies Record<string, Record<string, Spec>>;

export type BridgeContract = typeof bridgeContract;

type HandlerFor<S> = S extends { input: infer I extends z.ZodType; output: infer O extends z.ZodType }
  ? (input: z.output<I>) => Promise<z.input<O>>
  : S extends { output: infer O extends z.ZodType }
    ? () => Promise<z.input<O>>
    : never;

/**
 * What the host implements. Inputs arrive already parsed; outputs are parsed again on the way out, so a
 * handler that returns something the renderer does not expect fails loudly in the main process.
 */
export type BridgeHandlers = {
  [N in keyof BridgeContract]: { [P in keyof BridgeContract[N]]: HandlerFor<BridgeContract[N][P]> };
} & {
  /** Core events until the signal aborts (the renderer unsubscribed or went away). */
  events(signal: AbortSignal): AsyncIterable<BridgeEvent>;
};

/**
 * The tRPC context: only the handlers, never a transport detail. `null` means the transport refused the caller
 * (e.g. an IPC message from a frame that is not ours): every procedure then answers FORBIDDEN.
 */
export interface BridgeContext {
  handlers: BridgeHandlers | null;
}
