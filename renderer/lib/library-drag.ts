// Dragging a library item: the one drag source every library drag is made with (libraryDragSource, the HTML drag
// API wrapped once), as the one drop mechanism on Create is react-dropzone's. Inside the page a tile or the
// viewer's handle puts the item's id on the drag under the app's own type, and Create's form takes it as "Use as
// reference" does. Only the id travels: the drop asks for the item, so nothing stale or forged rides along, and
// another app sees no data of ours. Out of the page (the desktop app) the file itself goes, by the OS's drag.
import { useEffect, useRef, type DragEvent } from 'react';
import type { BridgeLibraryItem } from '../../shared/bridge';
import { desktopActions } from './api/desktop';
import { mediaOf, type ReuseMedia } from './reuse-targets';

export const LIBRARY_ITEM_TYPE = 'application/x-gateway-studio-item';
/**
 * What the item is rides in a second type's name: a drop target may read the types (never the data) while the
 * drag is over it, so the form can say before the drop whether the family on screen takes it.
 */
const MEDIA_TYPE_PREFIX = 'application/x-gateway-studio-media-';

/** Marks a drag as carrying this library item (call from dragstart). */
export function setLibraryDrag(transfer: DataTransfer, item: BridgeLibraryItem): void {
  transfer.setData(LIBRARY_ITEM_TYPE, item.id);
  transfer.setData(`${MEDIA_TYPE_PREFIX}${mediaOf(item) ?? 'other'}`, '');
  transfer.effectAllowed = 'copy';
}

/**
 * What a drag takes: the item into the page (onto Create's form), its file out to other apps (the desktop app's
 * OS drag; nothing elsewhere), or a tile's choice: the item, or with Alt in the desktop app the file.
 */
export type LibraryDragKind = 'item' | 'file' | 'tile';

/** The props that make an element a drag source of this item; `on` hears an in-page drag start and end. */
export function libraryDragSource(
  item: BridgeLibraryItem,
  kind: LibraryDragKind,
  on: { start?: () => void; end?: () => void } = {},
) {
  return {
    draggable: true as const,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      const fileOut = kind === 'file' || (kind === 'tile' && event.altKey && desktopActions.available);
      if (fileOut) {
        event.preventDefault();
        if (desktopActions.available) void desktopActions.startDrag(item.id).catch(() => undefined);
        return;
      }
      setLibraryDrag(event.dataTransfer, item);
      on.start?.();
    },
    onDragEnd: () => on.end?.(),
  };
}

/** The media a library drag carries (readable during the drag); null for an item nothing takes. */
export function libraryDragMedia(transfer: DataTransfer): ReuseMedia | null {
  const type = Array.from(transfer.types).find((t) => t.startsWith(MEDIA_TYPE_PREFIX));
  const media = type?.slice(MEDIA_TYPE_PREFIX.length);
  return media === 'image' || media === 'video' || media === 'track' ? media : null;
}

// The Create page last shown (with its family), so the sidebar's Create and a spring-loaded drag open the form
// the person was using. Kept in localStorage too, so a restart opens it again; what comes back from there is
// checked, since storage is outside our control.
const CREATE_PATH_KEY = 'gateway-studio.create-path';
const CREATE_PATH = /^\/create(\/[a-z0-9.]{1,40})?$/i;

function storedCreatePath(): string {
  try {
    const stored = localStorage.getItem(CREATE_PATH_KEY);
    return stored !== null && CREATE_PATH.test(stored) ? stored : '/create';
  } catch {
    return '/create';
  }
}

let lastCreatePath = storedCreatePath();

export function rememberCreatePath(path: string): void {
  if (!CREATE_PATH.test(path) || path === lastCreatePath) return;
  lastCreatePath = path;
  try {
    localStorage.setItem(CREATE_PATH_KEY, path);
  } catch {
    // Storage full or refused: the path is still remembered for this session.
  }
}

export function createPath(): string {
  return lastCreatePath;
}

/** Whether a drag carries a library item; its id is readable only on drop (browsers hide data until then). */
export function isLibraryDrag(transfer: DataTransfer | null): boolean {
  return transfer !== null && Array.from(transfer.types).includes(LIBRARY_ITEM_TYPE);
}

export function libraryDragId(transfer: DataTransfer): string | null {
  return transfer.getData(LIBRARY_ITEM_TYPE) || null;
}

/** How long a library drag rests on a spring target before it opens (as Finder's spring-loaded folders). */
export const SPRING_MS = 600;

/**
 * A spring-loaded target: a library drag that rests on it opens `open` (e.g. the Create page), so the drop can
 * land on a page other than the one the drag began on. Returns the element's drag handlers and whether a drag
 * is resting on it.
 */
export function useSpring(open: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  const stop = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
  return {
    onDragEnter: (event: DragEvent<HTMLElement>) => {
      if (!isLibraryDrag(event.dataTransfer) || timer.current !== null) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        latest.current();
      }, SPRING_MS);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) stop();
    },
    onDrop: stop,
  };
}
