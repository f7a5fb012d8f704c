// The catalog: every family of spec/gateway-api.md, in FAMILY_IDS order, plus lookups over it.
import { FAMILY_IDS, type FamilyId } from './family-ids';
import type { FamilySpec, FieldSpec, ModelConfig, ModelVariant } from './types';
import { IMAGE_FAMILIES } from './families/image';
import { VIDEO_FAMILIES } from './families/video';
import { OTHER_FAMILIES } from './families/other';

/** The families as written, in their three files; exported so a test can see a duplicate the map would hide. */
export const WRITTEN_FAMILIES: readonly FamilySpec[] = [
  ...IMAGE_FAMILIES,
  ...VIDEO_FAMILIES,
  ...OTHER_FAMILIES,
];

const byId = new Map<FamilyId, FamilySpec>();
for (const family of WRITTEN_FAMILIES) {
  // A family written twice would silently replace the first: refuse it at load.
  if (byId.has(family.id)) throw new Error(`catalog: family ${family.id} is written twice`);
  byId.set(family.id, family);
}

/** Every family, keyed by id. */
export const FAMILIES: Readonly<Record<FamilyId, FamilySpec>> = Object.fromEntries(
  FAMILY_IDS.map((id) => {
    const spec = byId.get(id);
    if (!spec) throw new Error(`catalog: family ${id} has no entry`);
    return [id, spec];
  }),
) as Record<FamilyId, FamilySpec>;

/** Every family in FAMILY_IDS order (for menus). */
export const FAMILY_LIST: readonly FamilySpec[] = FAMILY_IDS.map((id) => FAMILIES[id]);

export function isFamilyId(value: unknown): value is FamilyId {
  return typeof value === 'string' && (FAMILY_IDS as readonly string[]).includes(value);
}

export function getFamily(id: FamilyId): FamilySpec {
  return FAMILIES[id];
}

export function getField(id: FamilyId, name: string): FieldSpec | undefined {
  return FAMILIES[id].fields.find((f) => f.name === name);
}

/** A variant with its effective model id (the override from ModelConfig, or the spec placeholder). */
export interface ResolvedVariant extends ModelVariant {
  modelId: string;
}

/** The family's variants with the model ids in effect. Empty for grid upscale (no model field). */
export function familyModels(id: FamilyId, models?: ModelConfig): ResolvedVariant[] {
  return FAMILIES[id].variants.map((v) => ({ ...v, modelId: models?.[id]?.[v.key] ?? v.defaultModelId }));
}

/**
 * Settings keep model overrides as "spec placeholder id -> id to send" (image_model_id_i3 -> acme-i3); the catalog
 * wants them per family and variant. A placeholder shared by several families (the music model) applies to all.
 */
export function modelConfigFromOverrides(overrides: Readonly<Record<string, string>>): ModelConfig {
  const config: ModelConfig = {};
  for (const family of FAMILY_LIST) {
    for (const variant of family.variants) {
      const override = overrides[variant.defaultModelId];
      if (override) config[family.id] = { ...config[family.id], [variant.key]: override };
    }
  }
  return config;
}

/** The model id a new submission of this family uses unless the user picks another (the first variant). */
export function defaultModelId(id: FamilyId, models?: ModelConfig): string | null {
  return familyModels(id, models)[0]?.modelId ?? null;
}

/**
 * The model id a submission sends: the variant the user picked when it is one of the family's, otherwise the
 * family's default (the catalog's id or the user's override); '' for grid upscale, which takes no model.
 * The form's lack of a choice never becomes the model.
 */
export function submissionModelId(
  id: FamilyId,
  chosen: unknown,
  models?: ModelConfig,
  /** Ids the gateway lists for this family beyond the catalog's (seen in public clients): sent as chosen. */
  discovered: readonly string[] = [],
): string {
  if (typeof chosen === 'string' && discovered.includes(chosen)) return chosen;
  const variants = familyModels(id, models);
  const picked = variants.find((v) => v.modelId === chosen);
  return (picked ?? variants[0])?.modelId ?? '';
}

/** The variant a model id selects within a family; undefined for a model id the family does not list. */
export function variantForModel(
  id: FamilyId,
  modelId: string,
  models?: ModelConfig,
): ResolvedVariant | undefined {
  return familyModels(id, models).find((v) => v.modelId === modelId);
}

export interface ModelMatch {
  family: FamilySpec;
  variant: ResolvedVariant;
}

/** Every family that lists this model id (the four music operations share one model). */
export function familiesForModel(modelId: string, models?: ModelConfig): ModelMatch[] {
  return FAMILY_LIST.flatMap((family) => {
    const variant = variantForModel(family.id, modelId, models);
    return variant ? [{ family, variant }] : [];
  });
}

/**
 * The family a model id belongs to. undefined when no family lists it, or when several do (the music model,
 * shared by the four music operations: use familiesForModel and let the user pick the operation).
 */
export function familyForModel(modelId: string, models?: ModelConfig): ModelMatch | undefined {
  const matches = familiesForModel(modelId, models);
  return matches.length === 1 ? matches[0] : undefined;
}

/** The fields that carry reference images; each field's maxItems says how many (undefined = not limited). */
export function referenceImageFields(id: FamilyId): FieldSpec[] {
  return FAMILIES[id].fields.filter(takesPictures);
}

/**
 * Whether a field takes the studio's own pictures (dropped, pasted, from the library) as stored references:
 * every field of image URLs does, data URLs or not, because the engine sends each one as an upload where the
 * gateway offers it and as a data URL only where the family takes those (references/reference-uploads.ts).
 */
export function takesPictures(field: FieldSpec | undefined): field is FieldSpec {
  return field?.media?.media === 'image';
}

/** Form defaults: each field's documented default, nothing for fields without one. */
export function defaultValues(id: FamilyId): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const f of FAMILIES[id].fields) if (f.default !== undefined) out[f.name] = f.default;
  return out;
}
