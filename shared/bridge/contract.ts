// The bridge's procedures as data: each says whether it is a query, a mutation or a subscription, with one input
// and one output schema. The router (router.ts) and the handler interface the host implements (BridgeHandlers)
// are both derived from this table, so a procedure without a handler, or a handler with the wrong shape, fails
// to compile. Adding a procedure: a line here, its handler in electron/host/handlers/, its hook in the renderer.
import { z } from 'zod';
import { because } from '../validation';
import {
  tokenBalanceViewSchema,
  usageQuerySchema,
  usageResultSchema,
  usageStepSchema,
  userBalanceViewSchema,
} from './account-schemas';
import {
  bridgeLibraryItemSchema,
  libraryPageSchema,
  studioEventSchema,
  libraryQuerySchema,
  libraryTagCountSchema,
  libraryTagsSchema,
  libraryTagsInputSchema,
  batchResultSchema,
  submissionKeySchema,
  submitBatchInputSchema,
  submitTaskInputSchema,
  taskRecordSchema,
  taskStateSchema,
} from './record-schemas';
import {
  apiKeyInputSchema,
  libraryMovePlanSchema,
  libraryMoveStatusSchema,
  sessionStatusSchema,
  settingsPatchSchema,
  settingsSchema,
} from './session-schemas';
import { demoSourcesSchema, earlierSourcesSchema } from './source-schemas';
import { discoveredListSchema, discoverInputSchema } from './model-schemas';
import { speakInputSchema, speechOutcomeSchema } from './speech-schemas';
import { referenceImageSchema, referenceUploadSchema } from './reference-schemas';
import { batchEstimateSchema, estimateInputSchema } from './estimate-schemas';
import { costTotalSchema, taskCostTotalSchema, taskTotalQuerySchema } from './cost-schemas';
import {
  spendCheckInputSchema,
  spendCheckSchema,
  spendingLimitsSchema,
  spendingLimitsViewSchema,
  spendingSummarySchema,
} from './spending-schemas';
import { agentsPatchSchema, agentsViewSchema } from './agent-schemas';
import {
  bulkCountSchema,
  bulkFavouriteInputSchema,
  bulkTagsInputSchema,
  exportZipSchema,
  folderExportSchema,
  selectionInputSchema,
  trashReceiptSchema,
  undoTrashInputSchema,
  undoTrashSchema,
} from './bulk-schemas';
import {
  syncSaveInputSchema,
  syncSaveResultSchema,
  syncSetupViewSchema,
  syncTestInputSchema,
} from './sync-schemas';
import { syncDeviceSchema, syncReportSchema, syncStatusSchema, syncTestResultSchema } from '../studio/sync';
import {
  editSubmissionSchema,
  fileSettingsResultSchema,
  madeFromChainSchema,
  settingsFileSchema,
} from './reuse-schemas';
import { regionEditModelSchema, regionEditOfSchema, regionSubmitSchema } from './region-schemas';
import {
  bridgeHistoryEntrySchema,
  historyForgetInputSchema,
  historyForgottenSchema,
  historyPinInputSchema,
} from './history-schemas';
import { promptHistoryQuerySchema } from '../studio/prompt-history';
import { presetSchema, styleSchema, taskStylesSchema } from '../studio/presets';
import {
  idOnlySchema,
  presetExportInputSchema,
  presetListInputSchema,
  presetUpdateInputSchema,
  studioFileInputSchema,
  studioFileSchema,
  styleSaveInputSchema,
  taskIdInputSchema,
} from './preset-schemas';
import { presetDraftSchema } from '../studio/presets';
import { recipeDraftSchema, recipeRunSchema, recipeSchema } from '../studio/recipes';
import {
  recipeFromTaskInputSchema,
  recipeIdInputSchema,
  recipeRequestsInputSchema,
  recipeRetryInputSchema,
  recipeRunInputSchema,
  recipeSaveInputSchema,
} from './recipe-schemas';
import { submissionRequestSchema } from './record-schemas';
import {
  queueAddInputSchema,
  queueAddResultSchema,
  queueCancelInputSchema,
  queueIdInputSchema,
  queueMoveInputSchema,
  queueParallelInputSchema,
  queueScheduleInputSchema,
} from './queue-schemas';
import { pressAnswerSchema, pressSendInputSchema } from './press-schemas';
import { queueCancelResultSchema, queueViewSchema } from '../studio/queue';
import { compareGroupSchema } from '../studio/compare-group';
import { castMemberSchema } from '../studio/cast';
import { storyboardRunSchema } from '../studio/storyboard';
import {
  boardRunSchema,
  editListFileSchema,
  savedStoryboardSchema,
  storyboardPriceSchema,
} from '../studio/saved-storyboard';
import {
  castSaveInputSchema,
  storyboardPressInputSchema,
  storyboardPriceInputSchema,
  storyboardRetryInputSchema,
  storyboardRunIdInputSchema,
  storyboardRunInputSchema,
  storyboardSaveInputSchema,
  storyboardEditListInputSchema,
} from './storyboard-schemas';
import {
  openUndoSchema,
  strayActionSchema,
  strayOutcomeSchema,
  strayReportSchema,
} from '../studio/stray-files';

const idInput = z.strictObject({ id: z.string().min(1).max(200) });
/**
 * Run again: a new submission, so it may need the user's confirmation like any other (electron/core/spending),
 * and carries its press's key like tasks.submit (a repeat answers with the task the first started).
 */
const rerunInput = z.strictObject({
  id: z.string().min(1).max(200),
  confirmed: z.boolean().optional(),
  key: submissionKeySchema.optional(),
});

/** Tasks one tasks.list call returns when it names no limit: a page of the Tasks page. */
export const TASK_PAGE_SIZE = 200;

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
  tags: libraryTagsSchema,
});
/** A video's poster frame as the renderer drew it: a data:image URL of at most 2 MiB of base64. */
export const setPosterInputSchema = z.strictObject({
  id: z.string().min(1).max(200),
  dataUrl: z
    .string()
    .max(2 * 1024 * 1024)
    .refine((url) => /^data:image\/(webp|png|jpeg);base64,[A-Za-z0-9+/]+=*$/.test(url), {
      params: because('posterDataUrl'),
    }),
});
export const chosenFolderSchema = z.object({ path: z.string().nullable() });
export const doneSchema = z.object({ ok: z.literal(true) });

/** How a procedure travels: a query may be batched and cached, a mutation changes state, a subscription streams. */
export type ProcedureKind = 'query' | 'mutation' | 'subscription';

/** One procedure: its kind, its input (none for a procedure without one) and its output (per item, for a stream). */
export interface ProcedureSpec {
  kind: ProcedureKind;
  input?: z.ZodType;
  output: z.ZodType;
}

/** A namespace of procedures, or one procedure at the top level (the events stream). */
export type ContractEntry = ProcedureSpec | Readonly<Record<string, ProcedureSpec>>;

export const bridgeContract = {
  session: {
    status: { kind: 'query', output: sessionStatusSchema },
    /** Switch to the in-process demo gateway (simulator, key held by main). */
    useDemo: { kind: 'mutation', output: sessionStatusSchema },
  },
  secrets: {
    setKey: { kind: 'mutation', input: apiKeyInputSchema, output: sessionStatusSchema },
    clearKey: { kind: 'mutation', output: sessionStatusSchema },
  },
  settings: {
    get: { kind: 'query', output: settingsSchema },
    /** A new libraryDir moves the library there (files and index), or is refused with a sentence. */
    update: { kind: 'mutation', input: settingsPatchSchema, output: settingsSchema },
    /** What moving the library to this folder (null: the default) would take; refused like update. */
    planLibraryMove: {
      kind: 'query',
      input: z.strictObject({ libraryDir: settingsSchema.shape.libraryDir }),
      output: libraryMovePlanSchema,
    },
    libraryMove: { kind: 'query', output: libraryMoveStatusSchema },
    /**
     * Uses this folder without moving anything: the library in use is kept for when its folder is chosen again,
     * and the folder's own library (one left there earlier) comes back, or an empty one starts.
     */
    switchLibrary: {
      kind: 'mutation',
      input: z.strictObject({ libraryDir: settingsSchema.shape.libraryDir }),
      output: settingsSchema,
    },
  },
  account: {
    balance: { kind: 'query', output: tokenBalanceViewSchema },
    userBalance: { kind: 'query', output: userBalanceViewSchema },
  },
  usage: {
    query: { kind: 'query', input: usageQuerySchema, output: usageResultSchema },
    read: { kind: 'subscription', input: usageQuerySchema, output: usageStepSchema },
  },
  /** What a press of Generate will probably cost and take, learned from this gateway's earlier charges. */
  estimates: {
    submissions: { kind: 'query', input: estimateInputSchema, output: batchEstimateSchema },
  },
  /**
   * The user's limits on spending, kept in the database the tasks are in, and enforced in the main process for
   * every submission: a confirmation threshold, daily and monthly budgets in a time zone.
   */
  spending: {
    limits: { kind: 'query', output: spendingLimitsViewSchema },
    setLimits: { kind: 'mutation', input: spendingLimitsSchema, output: spendingLimitsViewSchema },
    /** Spent today and this month (charged, plus estimates for tasks not charged yet), in the limits' zone. */
    summary: { kind: 'query', output: spendingSummarySchema },
    /** One press of Generate against the limits, before it is sent: ask first, or refused and why. */
    check: { kind: 'query', input: spendCheckInputSchema, output: spendCheckSchema },
  },
  /**
   * What a view's generations cost together, summed in SQL over the view's own filter: the library's (its
   * query's filters; sort, limit and offset ignored) and the Tasks page's (its states).
   */
  costs: {
    library: { kind: 'query', input: libraryQuerySchema.optional(), output: costTotalSchema },
    tasks: { kind: 'query', input: taskTotalQuerySchema, output: taskCostTotalSchema },
  },
  /**
   * One press of Generate or Queue, whole: the form's request as typed with its styles, batch lines, "Also run
   * on…" and where it goes. The core plans it and sends it in one step (electron/core/press); Create's forms send
   * nothing else.
   */
  press: {
    send: { kind: 'mutation', input: pressSendInputSchema, output: pressAnswerSchema },
  },
  tasks: {
    submit: { kind: 'mutation', input: submitTaskInputSchema, output: taskRecordSchema },
    /**
     * Several prompts × n at one press, as one batch; a repeat with the same key answers with the same tasks. With
     * `compare` (one prompt on several models), one compare group, queued when it is beyond the request budget.
     */
    submitBatch: { kind: 'mutation', input: submitBatchInputSchema, output: batchResultSchema },
    list: { kind: 'query', input: taskListQuerySchema, output: taskListSchema },
    /** A compare group: its tasks in press order (each with its cost and time), and its models still queued. */
    group: {
      kind: 'query',
      input: z.strictObject({ batchId: z.string().min(1).max(200) }),
      output: compareGroupSchema,
    },
    /** Stops tracking: the gateway may still finish and charge the task; the row stays, its charge reconciled. */
    stop: { kind: 'mutation', input: idInput, output: taskRecordSchema },
    /** Track again: a stopped task polled again under its gateway id, its result fetched; nothing is resent. */
    track: { kind: 'mutation', input: idInput, output: taskRecordSchema },
    rerun: { kind: 'mutation', input: rerunInput, output: taskRecordSchema },
    /** Try again: an interrupted submission goes out again under the same Idempotency-Key. */
    retrySubmission: { kind: 'mutation', input: idInput, output: taskRecordSchema },
    /** Try again: missing files are fetched again, expired links renewed by a fresh status poll first. */
    retryDownloads: { kind: 'mutation', input: idInput, output: taskRecordSchema },
    /** Compare the usage report with what the app knows, for a task that may have been charged unseen. */
    reconcile: { kind: 'mutation', input: idInput, output: taskRecordSchema },
  },
  /** Submissions held in the database until their turn (docs/engine.md, "The queue"). */
  queue: {
    view: { kind: 'query', output: queueViewSchema },
    /** "Queue" instead of "Generate": the press is checked against the limits now, sent when its turn comes. */
    add: { kind: 'mutation', input: queueAddInputSchema, output: queueAddResultSchema },
    pause: { kind: 'mutation', output: queueViewSchema },
    resume: { kind: 'mutation', output: queueViewSchema },
    move: { kind: 'mutation', input: queueMoveInputSchema, output: queueViewSchema },
    /** Items at the gateway are only named unless atGateway confirms they may still be charged. */
    cancel: { kind: 'mutation', input: queueCancelInputSchema, output: queueCancelResultSchema },
    retry: { kind: 'mutation', input: queueIdInputSchema, output: queueViewSchema },
    schedule: { kind: 'mutation', input: queueScheduleInputSchema, output: queueViewSchema },
    setParallel: { kind: 'mutation', input: queueParallelInputSchema, output: queueViewSchema },
  },
  references: {
    /** Stores a dropped or pasted image once (sha256-named) and returns its `studio-ref:` for the form. */
    add: { kind: 'mutation', input: referenceUploadSchema, output: referenceImageSchema },
  },
  library: {
    query: { kind: 'query', input: libraryQuerySchema.optional(), output: libraryPageSchema },
    /** One item by id: the viewer opened from a URL whose item is not on a loaded page. */
    get: { kind: 'query', input: idInput, output: bridgeLibraryItemSchema },
    setFavourite: { kind: 'mutation', input: setFavouriteInputSchema, output: bridgeLibraryItemSchema },
    setTags: { kind: 'mutation', input: setTagsInputSchema, output: bridgeLibraryItemSchema },
    /**
     * Stores a frame of a video (drawn by the renderer from the file) as its thumbnail, once: null when the
     * item already has a picture, so the first tile to draw one wins and the others keep showing it.
     */
    setPoster: { kind: 'mutation', input: setPosterInputSchema, output: bridgeLibraryItemSchema.nullable() },
    /** The models the library's items were made with, each with its count: the model filter's choices. */
    models: {
      kind: 'query',
      output: z.array(z.object({ model: z.string(), count: z.number().int().min(1) })),
    },
    /** The tags in use with how many items carry each, most used first: the tag editor's suggestions. */
    tags: { kind: 'query', input: libraryTagsInputSchema, output: z.array(libraryTagCountSchema) },
    /** What one task produced, in file order: the Create page's preview of the task it just sent. */
    forTask: {
      kind: 'query',
      input: z.strictObject({ taskId: z.string().min(1).max(200) }),
      output: z.array(bridgeLibraryItemSchema),
    },
    /** Marks or unmarks every item of a selection as a favourite, in one call (bulk-schemas.ts). */
    bulkFavourite: { kind: 'mutation', input: bulkFavouriteInputSchema, output: bulkCountSchema },
    /** Adds and removes tags on every item of a selection; each item keeps its other tags. */
    bulkTags: { kind: 'mutation', input: bulkTagsInputSchema, output: bulkCountSchema },
    /** Deletes a selection (one item too): out of the library now, to the trash once the undo window ends. */
    trash: { kind: 'mutation', input: selectionInputSchema, output: trashReceiptSchema },
    /** Brings a deletion back, files and rows as they were, while its window is open. */
    undoTrash: { kind: 'mutation', input: undoTrashInputSchema, output: undoTrashSchema },
    /** Web mode: a one-time link to a zip of the selection with each file's settings JSON beside it. */
    exportZip: { kind: 'mutation', input: selectionInputSchema, output: exportZipSchema },
    /** Files in the day folders no item indexes (a crash while saving or deleting left them): shared/studio/stray-files.ts. */
    strays: { kind: 'query', output: strayReportSchema },
    /** Re-indexes the strays named (as their settings say) or moves them to the trash; other paths are ignored. */
    sortStrays: { kind: 'mutation', input: strayActionSchema, output: strayOutcomeSchema },
    /** Deletions still inside their undo window, those a restart found included (their toast is gone). */
    openUndos: { kind: 'query', output: z.array(openUndoSchema) },
  },
  /** Results flowing into the next creation. */
  reuse: {
    /** What a task was made from and what was made from it, each step with the item to open. */
    chain: { kind: 'query', input: idInput, output: madeFromChainSchema },
    /** A library image as a stored reference (hard-linked, never copied twice): its `studio-ref:` for a form. */
    asReference: { kind: 'mutation', input: idInput, output: referenceImageSchema },
    /** The generation settings a dropped PNG or MP3 carries; null for a file without them. */
    readSettings: { kind: 'mutation', input: settingsFileSchema, output: fileSettingsResultSchema },
    /** Submits a task made from an earlier one's settings, recording it as an edit of that task. */
    submitEdit: { kind: 'mutation', input: editSubmissionSchema, output: taskRecordSchema },
  },
  /** "Edit a region": change only a selected part of a picture (electron/core/region-edit). */
  regions: {
    /** The models that can edit a region, by the ids in effect, each saying what it does. */
    models: { kind: 'query', output: z.array(regionEditModelSchema) },
    /** One press of takes of one region, sent as a batch under the spending limits; each take composited locally. */
    submit: { kind: 'mutation', input: regionSubmitSchema, output: batchResultSchema },
    /** The region and instruction an item was made with ("Edit again"); null for any other item. */
    editOf: { kind: 'query', input: idInput, output: regionEditOfSchema },
  },
  /** Every prompt sent (any family, speech text too), its latest use first, pinned ones above. */
  history: {
    list: {
      kind: 'query',
      input: promptHistoryQuerySchema.optional(),
      output: z.array(bridgeHistoryEntrySchema),
    },
    pin: { kind: 'mutation', input: historyPinInputSchema, output: doneSchema },
    /** Forgets every send of one text (the tasks and files it made stay). */
    forget: { kind: 'mutation', input: historyForgetInputSchema, output: historyForgottenSchema },
    forgetAll: { kind: 'mutation', output: historyForgottenSchema },
  },
  /** Saved settings of a family's form: listed, applied, renamed, updated, deleted, shared as files. */
  presets: {
    list: { kind: 'query', input: presetListInputSchema, output: z.array(presetSchema) },
    save: { kind: 'mutation', input: presetDraftSchema, output: presetSchema },
    update: { kind: 'mutation', input: presetUpdateInputSchema, output: presetSchema },
    delete: { kind: 'mutation', input: idOnlySchema, output: doneSchema },
    /** A file of the presets (all, or those named): no webhook, no stored references. */
    export: { kind: 'mutation', input: presetExportInputSchema, output: studioFileSchema },
    /** Reads a preset file; every preset in it is kept, or none when any is bad (said in a sentence). */
    import: { kind: 'mutation', input: studioFileInputSchema, output: z.array(presetSchema) },
  },
  /** Named snippets added to the prompt (before, after, or through a {prompt} template). */
  styles: {
    list: { kind: 'query', output: z.array(styleSchema) },
    save: { kind: 'mutation', input: styleSaveInputSchema, output: styleSchema },
    delete: { kind: 'mutation', input: idOnlySchema, output: doneSchema },
    export: { kind: 'mutation', output: studioFileSchema },
    import: { kind: 'mutation', input: studioFileInputSchema, output: z.array(styleSchema) },
    /** The prompt as typed and the styles a task was sent with, kept with its row (Edit and run again). */
    forTask: { kind: 'query', input: taskIdInputSchema, output: taskStylesSchema.nullable() },
  },
  /** Several paid steps in one press: saved recipes, their files, their runs. */
  recipes: {
    list: { kind: 'query', output: z.array(recipeSchema) },
    save: { kind: 'mutation', input: recipeSaveInputSchema, output: recipeSchema },
    delete: { kind: 'mutation', input: recipeIdInputSchema, output: doneSchema },
    export: { kind: 'mutation', input: recipeIdInputSchema, output: studioFileSchema },
    import: { kind: 'mutation', input: studioFileInputSchema, output: recipeSchema },
    /** A library item's made-from chain as a recipe (not saved yet). */
    fromTask: { kind: 'mutation', input: recipeFromTaskInputSchema, output: recipeDraftSchema },
    /** Every request a run would send (bound fields empty): what the estimate and the limits are asked about. */
    requests: { kind: 'query', input: recipeRequestsInputSchema, output: z.array(submissionRequestSchema) },
    /** Starts the recipe, once per prompt; the limits measure the whole press first. */
    run: { kind: 'mutation', input: recipeRunInputSchema, output: z.array(recipeRunSchema) },
    runs: { kind: 'query', output: z.array(recipeRunSchema) },
    /** What trying a stopped run's failed step again sends: what the spend question measures first. */
    retryRequests: { kind: 'query', input: recipeIdInputSchema, output: z.array(submissionRequestSchema) },
    /** Tries a stopped run's failed step again on its own, then goes on. */
    retry: { kind: 'mutation', input: recipeRetryInputSchema, output: recipeRunSchema },
    /** Cancels the rest of a running run: its step waiting in the queue is taken out, nothing after is sent. */
    cancel: { kind: 'mutation', input: recipeIdInputSchema, output: recipeRunSchema },
  },
  /** Named characters, products and places with reference pictures and a voice: `@Name` in a shot's prompt. */
  cast: {
    list: { kind: 'query', output: z.array(castMemberSchema) },
    /** A new member (no id) or a change to one; a name another member has is refused with a sentence. */
    save: { kind: 'mutation', input: castSaveInputSchema, output: castMemberSchema },
    delete: { kind: 'mutation', input: idInput, output: doneSchema },
  },
  /**
   * The Storyboard page: kept boards, one price for a whole board before anything is sent, a run of the board or
   * of one shot alone (measured by the limits first), its runs (each change also a 'storyboard' event), a
   * stopped run's failed part tried again alone, and a cancel of the rest.
   */
  storyboards: {
    list: { kind: 'query', output: z.array(savedStoryboardSchema) },
    get: { kind: 'query', input: idInput, output: savedStoryboardSchema },
    save: { kind: 'mutation', input: storyboardSaveInputSchema, output: savedStoryboardSchema },
    delete: { kind: 'mutation', input: idInput, output: doneSchema },
    /** Every shot, narration take and the music from the price book, and the total (null until all are known). */
    estimate: { kind: 'query', input: storyboardPriceInputSchema, output: storyboardPriceSchema },
    /** The limits' answer about running a kept board (or one shot): what the spend question asks about. */
    check: { kind: 'query', input: storyboardPressInputSchema, output: spendCheckSchema },
    run: { kind: 'mutation', input: storyboardRunInputSchema, output: storyboardRunSchema },
    /** The board's runs the studio still holds, newest first: where each shot stands, and the cut. */
    runs: { kind: 'query', input: idInput, output: z.array(boardRunSchema) },
    retryCheck: { kind: 'query', input: storyboardRunIdInputSchema, output: spendCheckSchema },
    retry: { kind: 'mutation', input: storyboardRetryInputSchema, output: storyboardRunSchema },
    cancel: { kind: 'mutation', input: storyboardRunIdInputSchema, output: storyboardRunSchema },
    /** A finished run's edit list (CMX3600 EDL or FCPXML), read from beside its cut, to save as a download. */
    editList: { kind: 'query', input: storyboardEditListInputSchema, output: editListFileSchema },
  },
  /** Sources a creator picks instead of typing an id: the demo gateway's seeded tracks and grid (none elsewhere). */
  sources: {
    demo: { kind: 'query', output: demoSourcesSchema },
    /** The tracks and grids earlier tasks sent to the gateway in use named as their source. */
    earlier: { kind: 'query', output: earlierSourcesSchema },
  },
  /** Models the gateway lists at run time (GET /v1/models?expand=parameters), cached per gateway (seen in public clients). */
  models: {
    discovered: { kind: 'query', input: discoverInputSchema, output: discoveredListSchema },
  },
  speech: {
    synthesize: { kind: 'mutation', input: speakInputSchema, output: speechOutcomeSchema },
    /**
     * The press measured against the spending limits before it is sent, as spending.check measures Generate's;
     * null when the library's take would answer it (no gateway call, no charge, nothing to ask).
     */
    check: { kind: 'query', input: speakInputSchema, output: spendCheckSchema.nullable() },
  },
  /**
   * Desktop-only conveniences. In web mode each answers an 'unsupported' error; the renderer can tell the
   * transport apart by session.status().mediaBaseUrl (studio-media:// in the app).
   */
  desktop: {
    /** A native folder picker for the library folder; path null when cancelled. Does not change settings. */
    chooseLibraryFolder: { kind: 'mutation', output: chosenFolderSchema },
    /** Reveals a library item's file in the system file manager. */
    showInFolder: { kind: 'mutation', input: idInput, output: doneSchema },
    /** Starts dragging a library item's file out of the window (call it from the dragstart handler). */
    startDrag: { kind: 'mutation', input: idInput, output: doneSchema },
    /** Asks for a folder, then copies the selection into it with each file's settings JSON beside it. */
    exportToFolder: { kind: 'mutation', input: selectionInputSchema, output: folderExportSchema },
  },
  /**
   * Library sync through storage the creator has (S3, WebDAV, a folder). Secrets go in and never come out; the
   * status also arrives as 'sync' events while a round runs.
   */
  sync: {
    config: { kind: 'query', output: syncSetupViewSchema },
    /** Keeps a setup (after trying it: a wrong passphrase is refused and nothing is kept) and syncs with it. */
    saveConfig: { kind: 'mutation', input: syncSaveInputSchema, output: syncSaveResultSchema },
    /** Tries a setup without keeping it; the answer says in words what is wrong. */
    test: { kind: 'mutation', input: syncTestInputSchema, output: syncTestResultSchema },
    /** "Create this folder": makes a missing WebDAV or plain folder (never a bucket), then tries the setup. */
    createFolder: { kind: 'mutation', input: syncTestInputSchema, output: syncTestResultSchema },
    /** Starts a round now; its progress and outcome arrive as 'sync' events. */
    runNow: { kind: 'mutation', output: syncStatusSchema },
    pause: { kind: 'mutation', output: syncStatusSchema },
    resume: { kind: 'mutation', output: syncStatusSchema },
    status: { kind: 'query', output: syncStatusSchema },
    /** The devices on the remote as this one knows them: this device first, each with last seen and items. */
    devices: { kind: 'query', output: z.array(syncDeviceSchema).max(1000) },
    /** Rebuilds the library from the remote alone (a fresh install), answering what came back. */
    restore: { kind: 'mutation', output: syncReportSchema },
    /**
     * A fresh install's restore in one step: tries the setup (as saveConfig), keeps it without a round of its own,
     * restores from it, then syncs as usual. A remote that cannot be read is refused and nothing is kept.
     */
    restoreFrom: { kind: 'mutation', input: syncTestInputSchema, output: syncReportSchema },
    /** Downloads the file of an item that is on the remote only (opened in the library), answering it as filed. */
    fetchFile: { kind: 'mutation', input: idInput, output: bridgeLibraryItemSchema },
  },
  /**
   * AI agents driving the studio over MCP (electron/mcp): the switch, the loopback endpoint, the session cap, and
   * which agents connected, what they did and spent.
   */
  agents: {
    view: { kind: 'query', output: agentsViewSchema },
    update: { kind: 'mutation', input: agentsPatchSchema, output: agentsViewSchema },
    /** A new endpoint token; agents holding the old one get no further answer. */
    rotateToken: { kind: 'mutation', output: agentsViewSchema },
  },
  /** Task progress, downloads and library changes, as they happen; each event is parsed on the way out. */
  events: { kind: 'subscription', output: studioEventSchema },
} as const satisfies Record<string, ContractEntry>;

export type BridgeContract = typeof bridgeContract;

/** The input a handler receives: the parsed value, or nothing for a procedure without input. */
type InputArgs<S> = S extends { input: infer I extends z.ZodType } ? [input: z.output<I>] : [];

/**
 * A handler for one procedure. Queries and mutations answer once; a subscription returns a stream that ends
 * when the signal aborts (the renderer unsubscribed or went away).
 */
export type HandlerFor<S> = S extends { kind: 'subscription'; output: infer O extends z.ZodType }
  ? (...args: [...InputArgs<S>, signal: AbortSignal]) => AsyncIterable<z.input<O>>
  : S extends { output: infer O extends z.ZodType }
    ? (...args: InputArgs<S>) => Promise<z.input<O>>
    : never;

/** Handlers for a contract entry: one function for a top-level procedure, an object for a namespace. */
export type HandlersFor<E> = E extends ProcedureSpec ? HandlerFor<E> : { [P in keyof E]: HandlerFor<E[P]> };

/**
 * What the host implements. Inputs arrive already parsed; outputs are parsed again on the way out, so a
 * handler that returns something the renderer does not expect fails loudly in the main process.
 */
export type BridgeHandlers = { [N in keyof BridgeContract]: HandlersFor<BridgeContract[N]> };

/**
 * The tRPC context: only the handlers, never a transport detail. `null` means the transport refused the caller
 * (e.g. an IPC message from a frame that is not ours): every procedure then answers FORBIDDEN.
 */
export interface BridgeContext {
  handlers: BridgeHandlers | null;
}
