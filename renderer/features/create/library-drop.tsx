// A library item dragged onto Create does what "Use as reference" does for the family on screen: a picture
// joins its reference list, a video its video URL list, a track becomes a music operation's source. A family
// that cannot take it says so and names one that can. These are the handlers of Create's one drop target
// (settings-drop.tsx, whose react-dropzone takes the files from outside the app): they answer only drags that
// carry a library item's id, in the capture phase, so nothing inside (the reference list's own dropzone) takes
// them; the note and the outline show on the form.
import { useState, type DragEvent, type ReactElement } from 'react';
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

/** What Create's drop target does with a library drag, and what the form shows while one is over the page. */
export interface LibraryDropTarget {
  handlers: {
    onDragEnterCapture: (event: DragEvent<HTMLElement>) => void;
    onDragOverCapture: (event: DragEvent<HTMLElement>) => void;
    onDropCapture: (event: DragEvent<HTMLElement>) => void;
    onDragLeave: (event: DragEvent<HTMLElement>) => void;
  };
  /** The sentence over the form while a library drag is over the page; null otherwise. */
  note: ReactElement | null;
}

/** `family` null: no family's form is on screen (a listed model's generic form), so library drags are not taken. */
export function useLibraryDrop(family: FamilyId | null): LibraryDropTarget {
  const { t } = useTranslation();
  // While a library drag is over the page: what it carries (null: something no family takes).
  const [over, setOver] = useState<{ media: ReuseMedia | null } | null>(null);
  const pushToast = useStudioStore((s) => s.pushToast);
  const setDraft = useStudioStore((s) => s.setDraft);
  const fetchItem = useDroppedLibraryItem();
  const storeReference = useStoreLibraryReference();
  const familyName = (id: FamilyId) => t(`create.families.${id}`);

  /** The sentence for a family that cannot take this media, naming one that can. */
  const refusal = (family: FamilyId, media: ReuseMedia | null): string => {
    const what = t(`libraryDrag.what.${media ?? 'other'}`);
    const example = media
      ? FAMILY_LIST.find((f) => f.kind !== 'speech' && reuseField(f.id, media) !== undefined)?.id
      : undefined;
    return example
      ? t('libraryDrag.cannotTake', { family: familyName(family), what, example: familyName(example) })
      : t('libraryDrag.cannotTakeAny', { family: familyName(family), what });
  };

  const refuse = (family: FamilyId, item: BridgeLibraryItem) => {
    const media = mediaOf(item);
    // An item no family takes (a video without its gateway link, a speech clip) says so plainly.
    pushToast('error', refusal(family, reuseFamilies(item).length > 0 ? media : null));
  };

  const take = async (family: FamilyId, id: string): Promise<void> => {
    try {
      const item = await fetchItem.mutateAsync(id);
      const values = await reuseDraftValues(
        family,
        item,
        async (itemId) => (await storeReference.mutateAsync(itemId)).uri,
      );
      if (!values) {
        refuse(family, item);
        return;
      }
      setDraft({ family, model: null, values, replace: false, editOf: null });
      pushToast('success', t('libraryDrag.added', { family: familyName(family) }));
    } catch (error) {
      pushToast('error', errorSentence(error, t));
    }
  };

  const takes = (family: FamilyId, media: ReuseMedia | null) =>
    media !== null && reuseField(family, media) !== undefined;

  // Entering is where the browser asks whether it takes the drop (HTML's drop-target choice is made on
  // dragenter), so the note shows at once: a pointer that comes to rest on a new element gets a dragenter and
  // perhaps no dragover before the drop. Capture, and no further: nothing inside sees a library drag.
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (family === null || !isLibraryDrag(event.dataTransfer)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'copy';
    const media = libraryDragMedia(event.dataTransfer);
    if (over?.media !== media) setOver({ media });
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    setOver(null);
    if (family === null || !isLibraryDrag(event.dataTransfer)) return;
    event.preventDefault();
    event.stopPropagation();
    const id = libraryDragId(event.dataTransfer);
    if (id) void take(family, id);
  };

  const note =
    over && family !== null ? (
      <p
        className={takes(family, over.media) ? 'library-drop-note' : 'library-drop-note is-refused'}
        role="status"
        data-testid="library-drop-note"
      >
        {takes(family, over.media)
          ? t('libraryDrag.dropHere', { family: familyName(family) })
          : refusal(family, over.media)}
      </p>
    ) : null;

  return {
    handlers: {
      onDragEnterCapture: onDragOver,
      onDragOverCapture: onDragOver,
      onDropCapture: onDrop,
      onDragLeave: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
      },
    },
    note,
  };
}
