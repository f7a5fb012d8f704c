// Saved presets and styles, in the database beside the tasks, and the files they are shared in. Each row holds
// its JSON, read back through the same schema that reads an imported file, so a row can never say more than a
// file may. Import is all or nothing: a file with one bad entry is refused with a sentence naming it.
import { randomUUID } from 'node:crypto';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import {
  PRESET_FILE_FORMAT,
  STUDIO_FILE_VERSION,
  STYLE_FILE_FORMAT,
  presetDraftSchema,
  presetFileSchema,
  presetSchema,
  shareableParams,
  styleDraftSchema,
  styleFileSchema,
  styleSchema,
  type Preset,
  type PresetDraft,
  type PresetFile,
  type Style,
  type StyleDraft,
  type StyleFile,
  type AppliedStyle,
  type TaskStyles,
  appliedStyleSchema,
} from '../../../shared/studio/presets';
import { systemClock, type Clock } from '../clock';
import { transaction, type DatabaseSync } from '../db/database';
import { readableRecords, recordOrNull, upsertJsonRow, type JsonRow } from '../db/json-rows';
import { badStudioFile, readStudioFile } from '../../../shared/studio/studio-file';

const notFound = (what: string, id: string) =>
  new GatewayError(localErrorInfo('not_found_error', `No ${what} with id ${id}.`));

const unreadable = (what: string, id: string) =>
  new GatewayError(
    localErrorInfo(
      'not_found_error',
      `The ${what} with id ${id} cannot be read (it was saved by another build).`,
    ),
  );

/**
 * A name another preset has: two presets called alike cannot be told apart in the bar or by `presets show NAME`.
 * The sentence names the preset that has it as it is written, since "client FOX" is refused for "Client fox".
 */
const nameTaken = (existing: string) =>
  new GatewayError(
    localErrorInfo(
      'validation_error',
      `A preset named “${existing}” exists already (letter case aside). Choose another name, or update that preset instead.`,
      { code: 'preset_name_taken', param: 'name' },
    ),
  );

export class PresetStore {
  readonly #db: DatabaseSync;
  readonly #clock: Clock;
  readonly #newId: () => string;

  constructor(options: { db: DatabaseSync; clock?: Clock; newId?: () => string }) {
    this.#db = options.db;
    this.#clock = options.clock ?? systemClock;
    this.#newId = options.newId ?? randomUUID;
  }

  // Presets

  /** Every preset, or one family's, by name. */
  presets(family?: FamilyId): Preset[] {
    const rows = (family
      ? this.#db.prepare('SELECT * FROM presets WHERE family = ? ORDER BY name COLLATE NOCASE').all(family)
      : this.#db
          .prepare('SELECT * FROM presets ORDER BY family, name COLLATE NOCASE')
          .all()) as unknown as JsonRow[];
    return readableRecords(presetSchema, rows);
  }

  preset(id: string): Preset {
    const row = this.#db.prepare('SELECT * FROM presets WHERE id = ?').get(id) as JsonRow | undefined;
    if (!row) throw notFound('preset', id);
    return this.#presetOf(row);
  }

  /** A preset by its id, or else by its name (the CLI's `presets show NAME`). */
  find(idOrName: string): Preset {
    const row = this.#db
      .prepare('SELECT * FROM presets WHERE id = ? OR name = ? COLLATE NOCASE ORDER BY id = ? DESC LIMIT 1')
      .get(idOrName, idOrName, idOrName) as JsonRow | undefined;
    if (!row) throw notFound('preset', idOrName);
    return this.#presetOf(row);
  }

  savePreset(draft: PresetDraft): Preset {
    const parsed = presetDraftSchema.parse(draft);
    this.#nameFree(parsed.name);
    return this.#writePreset(this.#newId(), parsed);
  }

  /** Renames a preset, or updates its settings from the current form (family, model and parameters). */
  updatePreset(id: string, patch: Partial<PresetDraft>): Preset {
    const current = this.preset(id);
    const next = presetDraftSchema.parse({
      name: patch.name ?? current.name,
      family: patch.family ?? current.family,
      model: patch.model ?? current.model,
      params: patch.params ?? current.params,
    });
    this.#nameFree(next.name, id);
    return this.#writePreset(id, next);
  }

  deletePreset(id: string): void {
    if (Number(this.#db.prepare('DELETE FROM presets WHERE id = ?').run(id).changes) === 0) {
      throw notFound('preset', id);
    }
  }

  /** The presets (all, or those named) as a file to share: no webhook, no stored references. */
  exportPresets(ids?: readonly string[]): PresetFile {
    const chosen = ids ? ids.map((id) => this.preset(id)) : this.presets();
    if (chosen.length === 0) throw badStudioFile('preset', 'there are no presets to export');
    return {
      format: PRESET_FILE_FORMAT,
      version: STUDIO_FILE_VERSION,
      presets: chosen.map(({ name, family, model, params }) => ({
        name,
        family,
        model,
        params: shareableParams(params),
      })),
    };
  }

  /** Reads a preset file and keeps every preset in it as new ones; nothing is kept if any entry is bad. */
  importPresets(text: string): Preset[] {
    const file = readStudioFile('preset', text, presetFileSchema);
    return transaction(this.#db, () =>
      file.presets.map((p) => this.#writePreset(this.#newId(), { ...p, params: shareableParams(p.params) })),
    );
  }

  // Styles

  styles(): Style[] {
    const rows = this.#db
      .prepare('SELECT * FROM styles ORDER BY name COLLATE NOCASE')
      .all() as unknown as JsonRow[];
    return readableRecords(styleSchema, rows);
  }

  saveStyle(draft: StyleDraft, id: string = this.#newId()): Style {
    const parsed = styleDraftSchema.parse(draft);
    const now = this.#clock.now();
    upsertJsonRow(this.#db, 'styles', id, { name: parsed.name }, parsed, now);
    return { id, ...parsed, updatedAt: now };
  }

  deleteStyle(id: string): void {
    if (Number(this.#db.prepare('DELETE FROM styles WHERE id = ?').run(id).changes) === 0) {
      throw notFound('style', id);
    }
  }

  exportStyles(): StyleFile {
    const styles = this.styles();
    if (styles.length === 0) throw badStudioFile('style', 'there are no styles to export');
    return {
      format: STYLE_FILE_FORMAT,
      version: STUDIO_FILE_VERSION,
      styles: styles.map(({ name, text, placement }) => ({ name, text, placement })),
    };
  }

  importStyles(text: string): Style[] {
    const file = readStudioFile('style', text, styleFileSchema);
    return transaction(this.#db, () => file.styles.map((s) => this.saveStyle(s)));
  }

  /** Records the styles a task's prompt was sent with, and the prompt as the person typed it. */
  recordTaskStyles(taskId: string, typed: string, styles: readonly AppliedStyle[]): void {
    const parsed = appliedStyleSchema.array().max(20).parse(styles);
    this.#db
      .prepare('INSERT OR REPLACE INTO task_styles (task_id, typed, styles) VALUES (?, ?, ?)')
      .run(taskId, typed, JSON.stringify(parsed));
  }

  /** What recordTaskStyles kept for a task; null for a task sent without styles. */
  taskStyles(taskId: string): TaskStyles | null {
    const row = this.#db.prepare('SELECT typed, styles FROM task_styles WHERE task_id = ?').get(taskId) as
      { typed: string; styles: string } | undefined;
    if (!row) return null;
    return { typed: row.typed, styles: appliedStyleSchema.array().parse(JSON.parse(row.styles)) };
  }

  /** Refuses a name another preset has (letter case aside, as `find` matches names); `self` may keep its own. */
  #nameFree(name: string, self?: string): void {
    const other = this.#db
      .prepare('SELECT name FROM presets WHERE name = ? COLLATE NOCASE AND id IS NOT ? LIMIT 1')
      .get(name, self ?? null);
    if (other) throw nameTaken(String(other.name));
  }

  #writePreset(id: string, draft: PresetDraft): Preset {
    const now = this.#clock.now();
    upsertJsonRow(this.#db, 'presets', id, { name: draft.name, family: draft.family }, draft, now);
    return { id, ...draft, updatedAt: now };
  }

  /** A row that does not parse is answered as missing, in words that say so, never as a schema's dump. */
  #presetOf(row: JsonRow): Preset {
    const preset = recordOrNull(presetSchema, row);
    if (preset === null) throw unreadable('preset', row.id);
    return preset;
  }
}
