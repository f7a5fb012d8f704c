// Where a library item can go as the source of the next creation: an image into
// a family's reference image list, a video into a family's video URL list, a track into a music operation's
// source. Read from the catalog's field data, so a family that takes none is never offered.
import { FAMILY_LIST, FAMILIES, takesPictures, type FamilyId, type FieldSpec } from '../../shared/catalog';
import type { BridgeLibraryItem } from '../../shared/bridge';

export type ReuseMedia = 'image' | 'video' | 'track';

/** The field of a family that takes this media, if any. */
export function reuseField(family: FamilyId, media: ReuseMedia): FieldSpec | undefined {
  const fields = FAMILIES[family].fields;
  // A track is the source of a music operation ([SRC-1]); grid upscale's task_id names a grid, not a track.
  if (media === 'track')
    return FAMILIES[family].kind === 'music' ? fields.find((f) => f.name === 'task_id') : undefined;
  return fields.find((f) => f.type === 'urls' && f.media?.media === media);
}

export function mediaOf(item: BridgeLibraryItem): ReuseMedia | null {
  if (item.kind === 'image') return 'image';
  // A video goes on by its gateway link: the gateway cannot read a file on this machine.
  if (item.kind === 'video') return item.remoteUrl ? 'video' : null;
  if (item.kind === 'audio') return item.remoteTaskId && item.trackIndex !== null ? 'track' : null;
  return null;
}

/** Families that can take this item, in catalog order (speech never: it has its own page). */
export function reuseFamilies(item: BridgeLibraryItem): FamilyId[] {
  const media = mediaOf(item);
  if (!media) return [];
  return FAMILY_LIST.filter((f) => f.kind !== 'speech' && reuseField(f.id, media) !== undefined).map(
    (f) => f.id,
  );
}

/**
 * The values to add to the family's form. An image arrives as its stored reference (`studio-ref:`) when the
 * field takes those, else by its gateway link; null when the family cannot take it this way.
 */
export function reuseValues(
  family: FamilyId,
  item: BridgeLibraryItem,
  referenceUri: string | null,
): Record<string, unknown> | null {
  const media = mediaOf(item);
  if (!media) return null;
  const field = reuseField(family, media);
  if (!field) return null;
  if (media === 'track') return { task_id: item.remoteTaskId, audio_index: item.trackIndex };
  const value = media === 'image' && takesPictures(field) ? referenceUri : item.remoteUrl;
  return value ? { [field.name]: [value] } : null;
}

/**
 * What putting this item into this family's form adds: the same values as reuseValues, asking main to store
 * a picture as a reference (`studio-ref:`) only when the family's field takes those. Shared by "Use as
 * reference" and a library item dropped on Create, so both put the same thing in the form.
 */
export async function reuseDraftValues(
  family: FamilyId,
  item: BridgeLibraryItem,
  storeReference: (itemId: string) => Promise<string>,
): Promise<Record<string, unknown> | null> {
  const media = mediaOf(item);
  if (!media || !reuseField(family, media)) return null;
  const stored =
    media === 'image' && takesPictures(reuseField(family, 'image')) ? await storeReference(item.id) : null;
  return reuseValues(family, item, stored);
}
