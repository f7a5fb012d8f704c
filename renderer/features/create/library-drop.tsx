// A library item dragged onto Create's form does what "Use as reference" does for the family on
// screen: a picture joins its reference list, a video its video URL list, a track becomes a music operation's
// source. A family that cannot take it says so and names one that can. Files from outside the app are the
// settings drop's (settings-drop.tsx); this target only answers drags that carry a library item's id.
import { useState, type DragEvent, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import type { FamilyId } from '../../../shared/catalog';
import { errorSentence } from '../../lib/bridge-error';
import { isLibraryDrag, libraryDragId, libraryDragMedia } from '../../lib/library-drag';
import { FAMILY_LIST } from '../../../shared/catalog';
import {
  mediaOf,
  reuseDraftValues,
  reuseFamilies,
  reuseField,
  type ReuseMedia,
} from '../../lib/reuse-targets';
import { useStudioStore } from '../../store/studio-store';
import { useDroppedLibraryItem, useStoreLibraryReference } from './api/library-item';

export function LibraryDrop({ family, children }: { family: FamilyId; children: ReactNode }): ReactElement {
  const { t } = useTranslation();
  // While a library drag is over the form: what it carries (null: something no family takes).
  const [over, setOver] = useState<{ media: ReuseMedia | null } | null>(null);
  const pushToast = useStudioStore((s) => s.pushToast);
  const setDraft = useStudioStore((s) => s.setDraft);
  const fetchItem = useDroppedLibraryItem();
  const storeReference = useStoreLibraryReference();
  const familyName = (id: FamilyId) => t(`create.families.${id}`);

  /** The sentence for a family that cannot take this media, naming one that can. */
  const refusal = (media: ReuseMedia | null): string => {
    const what = t(`libraryDrag.what.${media ?? 'other'}`);
    const example = media
      ? FAMILY_LIST.find((f) => f.kind !== 'speech' && reuseField(f.id, media) !== undefined)?.id
      : undefined;
    return example
      ? t('libraryDrag.cannotTake', { family: familyName(family), what, example: familyName(example) })
      : t('libraryDrag.cannotTakeAny', { family: familyName(family), what });
  };

  const refuse = (item: BridgeLibraryItem) => {
    const media = mediaOf(item);
    // An item no family takes (a video without its gateway link, a speech clip) says so plainly.
    pushToast('error', refusal(reuseFamilies(item).length > 0 ? media : null));
  };

  const take = async (id: string): Promise<void> => {
    try {
      const item = await fetchItem.mutateAsync(id);
      const values = await reuseDraftValues(
        family,
        item,
        async (itemId) => (await storeReference.mutateAsync(itemId)).uri,
      );
      if (!values) {
        refuse(item);
        return;
      }
      setDraft({ family, model: null, values, replace: false, editOf: null });
      pushToast('success', t('libraryDrag.added', { family: familyName(family) }));
    } catch (error) {
      pushToast('error', errorSentence(error, t));
    }
  };

  const takes = (media: ReuseMedia | null) => media !== null && reuseField(family, media) !== undefined;

  // Entering the form is where the browser asks whether it takes the drop (HTML's drop-target choice is made
  // on dragenter), so the note shows at once: a pointer that comes to rest on a new element inside the form
  // gets a dragenter and perhaps no dragover before the drop.
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!isLibraryDrag(event.dataTransfer)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'copy';
    const media = libraryDragMedia(event.dataTransfer);
    if (over?.media !== media) setOver({ media });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setOver(null);
    if (!isLibraryDrag(event.dataTransfer)) return;
    event.preventDefault();
    event.stopPropagation();
    const id = libraryDragId(event.dataTransfer);
    if (id) void take(id);
  };

  return (
    <div
      className={over ? 'library-drop is-over' : 'library-drop'}
      data-testid="library-drop"
      // Capture, and no further: the file drops inside (the reference list, the settings drop) never see it.
      onDragEnterCapture={onDragOver}
      onDragOverCapture={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
      }}
      onDropCapture={onDrop}
    >
      {over ? (
        <p
          className={takes(over.media) ? 'library-drop-note' : 'library-drop-note is-refused'}
          role="status"
          data-testid="library-drop-note"
        >
          {takes(over.media)
            ? t('libraryDrag.dropHere', { family: familyName(family) })
            : refusal(over.media)}
        </p>
      ) : null}
      {children}
    </div>
  );
}
