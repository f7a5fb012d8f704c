// The models a region edit can go to: every variant of every family whose catalog entry says how it edits a
// picture (FamilySpec.regionEdit), with the model ids in effect. One list for the editor, the CLI and the core.
import type { FamilyId } from './family-ids';
import { FAMILY_LIST, familyModels } from './families';
import type { ModelConfig, RegionEditSupport } from './types';

export interface RegionEditModel {
  family: FamilyId;
  familyLabel: string;
  variantKey: string;
  variantLabel: string;
  modelId: string;
  support: RegionEditSupport;
}

export function regionEditModels(models?: ModelConfig): RegionEditModel[] {
  return FAMILY_LIST.flatMap((family) => {
    const support = family.regionEdit;
    if (!support) return [];
    return familyModels(family.id, models).map((variant) => ({
      family: family.id,
      familyLabel: family.label,
      variantKey: variant.key,
      variantLabel: variant.label,
      modelId: variant.modelId,
      support,
    }));
  });
}

/** The edit-capable model with this id (a family's own, by the ids in effect); undefined for any other. */
export function regionEditModel(modelId: string, models?: ModelConfig): RegionEditModel | undefined {
  return regionEditModels(models).find((m) => m.modelId === modelId);
}
