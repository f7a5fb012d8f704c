// Models a gateway lists at run time (shared/gateway/model-list.ts), placed against the catalog (seen in public clients): a model
// the catalog names, or a newer id of a known family (it extends one of the family's model ids, such as
// image_model_id_i3_2026 for I3), is offered in that family's form, whose fields, bounds and rules stay the
// catalog's; any other model is of an unknown family and gets a generic form built from its own schema, marked
// as such. The listing never changes what the catalog says about a family the spec documents.
import type { DiscoveredModel } from '../gateway/model-list';
import { FAMILY_LIST, familiesForModel } from './families';
import type { FamilyId } from './family-ids';
import type { ModelConfig } from './types';

export interface PlacedModel extends DiscoveredModel {
  /** The known family it belongs to; null for a model of an unknown family. */
  family: FamilyId | null;
  /** Listed by the gateway but not one of the catalog's (or the settings') ids: new to this studio. */
  isNew: boolean;
}

/** The known family of a model id: the catalog's own ids first, then the longest family id it extends. */
export function familyOfListedModel(
  id: string,
  models?: ModelConfig,
): { family: FamilyId | null; isNew: boolean } | null {
  const exact = familiesForModel(id, models);
  if (exact.length === 1 && exact[0]) return { family: exact[0].family.id, isNew: false };
  // The music model: the catalog's, shared by four operations, so no one family's and nothing new.
  if (exact.length > 1) return { family: null, isNew: false };
  let best: { family: FamilyId; length: number } | null = null;
  for (const family of FAMILY_LIST) {
    for (const variant of family.variants) {
      const base = models?.[family.id]?.[variant.key] ?? variant.defaultModelId;
      const extends_ = id.startsWith(base) && /^[-_.:]/.test(id.slice(base.length));
      if (extends_ && (!best || base.length > best.length)) best = { family: family.id, length: base.length };
    }
  }
  return best ? { family: best.family, isNew: true } : null;
}

export function placeModels(listed: readonly DiscoveredModel[], models?: ModelConfig): PlacedModel[] {
  return listed.map((m) => {
    const known = familyOfListedModel(m.id, models);
    return { ...m, family: known?.family ?? null, isNew: known ? known.isNew : true };
  });
}

/** The new ids a known family's form offers besides its own. */
export function discoveredIdsFor(family: FamilyId, placed: readonly PlacedModel[]): string[] {
  return placed.filter((m) => m.family === family && m.isNew).map((m) => m.id);
}
