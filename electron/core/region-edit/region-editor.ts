// "Edit a region": a picture (a library item or a Create reference), a selection and an instruction become the
// picture an edit-capable model is sent (region-input.ts) and a press of one or more takes through the engine,
// i.e. the same money rules, queue, tracking and library as any generation. Its results are put back into the
// original by the library's filing (the port below), so every pixel outside the selection stays the original's.
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import sharp from 'sharp';
import type { ModelConfig } from '../../../shared/catalog/types';
import { regionEditModel, regionEditModels } from '../../../shared/catalog/region-edit-models';
import { localError, notFound } from '../../../shared/bridge/errors';
import type {
  RegionTake,
  RegionEditSettings,
  RegionSelection,
} from '../../../shared/studio/region-selection';
import { checkSelection, MAX_REGION_TAKES } from '../../../shared/studio/region-selection';
import type { SubmissionRequest } from '../../../shared/gateway/normalized';
import { referenceSha, referenceUri } from '../../../shared/studio/references';
import type { Clock } from '../clock';
import type { DatabaseSync } from '../db';
import type { Library } from '../library';
import type { RegionEditPort } from '../library/region-edit-port';
import type { TaskEngine } from '../tasks';
import type { BatchResult } from '../tasks/engine-options';
import { compositeRegion, decodePicture, MAX_RESULT_SIDE, RegionResultError } from './region-composite';
import { writePngBeside } from './png-beside';
import { regionInput } from './region-input';
import { regionMask } from './region-mask';
import { RegionEditStore } from './region-edit-store';

export { MAX_REGION_TAKES };
export const MAX_INSTRUCTION_LENGTH = 4000;

export type RegionSource = { itemId: string } | { reference: string };

export interface RegionEditRequest {
  source: RegionSource;
  selection: RegionSelection;
  /** The change, as typed ("make the sky stormy"). */
  instruction: string;
  /** An edit-capable model id, by the ids in effect (shared/catalog/region-edit-models.ts). */
  model: string;
  /** The family's other fields (resolution, size…); the prompt and the picture field are the editor's. */
  params?: Record<string, unknown>;
  takes?: number;
  /** The press's key: a repeat of the press answers with the same tasks. */
  key?: string;
  /** The model ids in effect for this press, when the caller knows them better than the editor's option. */
  models?: ModelConfig;
  confirmed?: boolean;
  overBudget?: boolean;
}

export interface RegionEditorOptions {
  db: DatabaseSync;
  library: Library;
  engine: Pick<TaskEngine, 'submitBatch'>;
  clock: Pick<Clock, 'now'>;
  /** The model ids in effect (the user's overrides). */
  models?: () => ModelConfig;
}

const refuse = (message: string, param: string) => localError('validation_error', message, { param });

export class RegionEditor implements RegionEditPort {
  readonly #store: RegionEditStore;

  constructor(private readonly options: RegionEditorOptions) {
    this.#store = new RegionEditStore(options.db);
  }

  /**
   * The region edit a library item was made by, the model that made it and whether its original is still there
   * to edit again (a library item, or a dropped picture's file in the references store); null for any other item.
   */
  async editOf(itemId: string): Promise<RegionTake | null> {
    const item = this.options.library.get(itemId);
    const settings = item?.batch ? this.settingsFor(item.batch.id) : null;
    if (!item || !settings) return null;
    return { ...settings, model: item.model, originalKept: await this.#kept(settings) };
  }

  async #kept(settings: RegionEditSettings): Promise<boolean> {
    if (settings.originalItemId) return this.options.library.get(settings.originalItemId) !== null;
    // Read in full: a file that is there but no longer has the bytes of its name would edit other pixels.
    return this.options.library.references.read(referenceUri(settings.originalSha256)).then(
      () => true,
      () => false,
    );
  }

  settingsFor(pressKey: string): RegionEditSettings | null {
    const edit = this.#store.get(pressKey);
    if (!edit) return null;
    const { box: _box, pressKey: _key, ...settings } = edit;
    return settings;
  }

  async composite(pressKey: string, path: string): Promise<string> {
    const edit = this.#store.get(pressKey);
    if (!edit) return path;
    const { bytes } = await this.options.library.references.read(referenceUri(edit.originalSha256));
    const original = await decodePicture(bytes);
    const mask = await regionMask(edit.selection, original.width, original.height);
    if (!mask) throw refuse('The selection lies outside the picture.', 'selection');
    const result = await readFile(path);
    const png = await compositeRegion(original, result, edit.box, mask).catch(async (error: unknown) => {
      // The gateway's bytes are no picture to use: they go, or every try of the download would leave a copy in
      // the library folder that no item names. The task's link is untouched, so a retry fetches it again.
      if (error instanceof RegionResultError) await rm(path, { force: true });
      throw error;
    });
    return writePngBeside(path, png);
  }

  async submit(request: RegionEditRequest): Promise<BatchResult> {
    const takes = request.takes ?? 1;
    if (!Number.isInteger(takes) || takes < 1 || takes > MAX_REGION_TAKES)
      throw refuse(`Takes are 1 to ${MAX_REGION_TAKES}; got ${String(takes)}.`, 'takes');
    const instruction = request.instruction.trim();
    if (!instruction) throw refuse('Say what to change in the region.', 'instruction');
    if (instruction.length > MAX_INSTRUCTION_LENGTH)
      throw refuse(`An instruction holds at most ${MAX_INSTRUCTION_LENGTH} characters.`, 'instruction');
    const models = request.models ?? this.options.models?.();
    const target = regionEditModel(request.model, models);
    if (!target) {
      const can = [...new Set(regionEditModels(models).map((m) => m.modelId))].join(', ');
      throw refuse(`${request.model} cannot edit a region of a picture; these can: ${can}.`, 'model');
    }
    const original = await this.#original(request.source);
    const meta = await sharp(original.bytes, { limitInputPixels: MAX_RESULT_SIDE * MAX_RESULT_SIDE })
      .metadata()
      .catch(() => null);
    // The size as it is seen (turned by its EXIF orientation), which is what the selection was drawn on.
    const seen = meta?.autoOrient;
    if (!seen?.width || !seen.height) throw refuse('The picture to edit cannot be read.', 'source');
    const wrong = checkSelection(request.selection, seen.width, seen.height);
    if (wrong) throw refuse(wrong, 'region');
    const { references } = this.options.library;
    const stored = original.path
      ? await references.addFile(original.path, { link: true })
      : await references.addBytes(original.bytes);
    const input = await regionInput(
      original.bytes,
      { width: seen.width, height: seen.height },
      request.selection,
      target.support,
      instruction,
    );
    const sent = await references.addBytes(input.bytes);
    const key = request.key ?? randomUUID();
    // Written before anything is sent: a result that arrives, even after a restart, finds what it belongs to.
    this.#store.add(
      {
        pressKey: key,
        originalSha256: stored.sha256,
        originalItemId: original.itemId,
        selection: request.selection,
        instruction,
        sends: target.support.sends,
        box: input.box,
      },
      this.options.clock.now(),
    );
    const one: SubmissionRequest = {
      family: target.family,
      model: target.modelId,
      params: { ...request.params, prompt: input.prompt, [target.support.field]: [sent.uri] },
    };
    return this.options.engine.submitBatch(
      Array.from({ length: takes }, () => one),
      {
        key,
        ...(request.confirmed !== undefined ? { confirmed: request.confirmed } : {}),
        ...(request.overBudget !== undefined ? { overBudget: request.overBudget } : {}),
        ...(original.taskId ? { madeFrom: { relation: 'edit' as const, taskId: original.taskId } } : {}),
      },
    );
  }

  async #original(
    source: RegionSource,
  ): Promise<{ bytes: Buffer; path: string | null; itemId: string | null; taskId: string | null }> {
    if ('itemId' in source) {
      const item = this.options.library.get(source.itemId);
      if (!item) throw notFound('library item', source.itemId);
      if (item.kind !== 'image') throw refuse('Only a picture can have a region edited.', 'source');
      return { bytes: await readFile(item.path), path: item.path, itemId: item.id, taskId: item.taskId };
    }
    const { bytes } = await this.options.library.references.read(source.reference);
    // A reference that is a library picture's bytes (dragged from the library onto Create) is that picture: its
    // takes are made from the item, so they are compared with it, edited again from it and linked to its task.
    const sha256 = referenceSha(source.reference);
    const item = sha256 ? this.options.library.bySha256(sha256) : null;
    if (item?.kind === 'image') return { bytes, path: null, itemId: item.id, taskId: item.taskId };
    return { bytes, path: null, itemId: null, taskId: null };
  }
}
