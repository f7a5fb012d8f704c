// One builder for library items in tests (component, renderer unit and bridge tests), in the manner of
// bulletproof-react's data generators: a complete, valid item of the asked kind, with only what a test cares
// about overridden. When the record grows a field, this is the one place that learns it.
import type { BridgeLibraryItem } from '../../shared/bridge';
import { bridgeLibraryItemSchema } from '../../shared/bridge/record-schemas';
import type { LibraryItem, LibraryKind } from '../../shared/studio/records';

const FILE_OF: Record<
  LibraryKind,
  { name: string; mime: string; family: LibraryItem['family']; model: string }
> = {
  image: { name: 'item-1.png', mime: 'image/png', family: 'image.i3', model: 'image_model_id_i3' },
  video: { name: 'item-1.mp4', mime: 'video/mp4', family: 'video.v1', model: 'video_model_id_v1' },
  audio: { name: 'item-1.mp3', mime: 'audio/mpeg', family: 'music.adjustSpeed', model: 'music_model_id' },
  speech: { name: 'item-1.wav', mime: 'audio/wav', family: 'speech', model: 'speech_model_id' },
};

/** A library item as the core stores it: an image by default; a kind picks that kind's file, mime and family. */
export function libraryRecord(overrides: Partial<LibraryItem> = {}): LibraryItem {
  const kind = overrides.kind ?? 'image';
  const file = FILE_OF[kind];
  return {
    id: 'item-1',
    kind,
    path: `/library/${file.name}`,
    size: 1000,
    sha256: 'a'.repeat(64),
    mime: file.mime,
    width: kind === 'image' || kind === 'video' ? 512 : null,
    height: kind === 'image' || kind === 'video' ? 512 : null,
    durationSeconds: kind === 'image' ? null : 5,
    thumbnailPath: null,
    prompt: 'a red fox in the snow',
    model: file.model,
    family: file.family,
    params: {},
    taskId: 'task-1',
    remoteTaskId: 'remote-1',
    remoteUrl: null,
    expiresAt: null,
    cost: 0.04,
    creditsCost: null,
    createdAt: 1_700_000_000_000,
    favourite: false,
    tags: [],
    sourceTaskId: null,
    title: null,
    trackIndex: null,
    ...overrides,
  };
}

const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The same item as the bridge carries it: the relative paths follow from the absolute ones unless given. The
 * result is parsed by the bridge's own schema, so a test can never hand a component an item the bridge would
 * refuse.
 */
export function libraryItem(overrides: Partial<BridgeLibraryItem> = {}): BridgeLibraryItem {
  const { relativePath, thumbnailRelativePath, ...record } = overrides;
  const stored = libraryRecord(record);
  return bridgeLibraryItemSchema.parse({
    ...stored,
    relativePath: relativePath ?? base(stored.path),
    thumbnailRelativePath:
      thumbnailRelativePath !== undefined
        ? thumbnailRelativePath
        : stored.thumbnailPath === null
          ? null
          : base(stored.thumbnailPath),
  });
}
