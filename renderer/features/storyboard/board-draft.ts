// The board as the page edits it, and the board the core takes: each shot a video family's model, prompt,
// duration, cast, "continue from the shot before", end frame and narration; the board's speech model and voice;
// and a music bed (a music operation on a picked track, at a volume). Drafts carry a key per shot so a shot keeps
// its place in React when shots move.
import { defaultModelId, FAMILY_LIST, type FamilyId, type ModelConfig } from '../../../shared/catalog';
import { FRAME_FIELDS, type Shot, type StoryboardInput } from '../../../shared/studio/storyboard';

/** The families a shot can be: every video family. */
export const SHOT_FAMILIES: FamilyId[] = FAMILY_LIST.filter((f) => f.kind === 'video').map((f) => f.id);
/** The music operation a bed is made with: the speed change at 1× keeps the track as it is. */
export const MUSIC_FAMILY: FamilyId = 'music.adjustSpeed';

export interface ShotDraft {
  key: number;
  family: FamilyId;
  model: string;
  prompt: string;
  duration: number;
  continuePrevious: boolean;
  endFrame: string | null;
  narration: string;
}

export interface MusicDraft {
  /** The track's gateway task and 1-based number. */
  taskId: string;
  audioIndex: number;
  volume: number;
}

export interface BoardDraft {
  /** The kept board this draft edits; null until it is first saved. */
  id: string | null;
  name: string;
  shots: ShotDraft[];
  speechModel: string;
  voice: string;
  music: MusicDraft | null;
}

let lastKey = 0;
const nextKey = () => (lastKey += 1);

export function blankShot(models: ModelConfig, family: FamilyId = 'video.v1'): ShotDraft {
  return {
    key: nextKey(),
    family,
    model: defaultModelId(family, models) ?? '',
    prompt: '',
    duration: 5,
    continuePrevious: false,
    endFrame: null,
    narration: '',
  };
}

export function blankBoard(models: ModelConfig, name: string): BoardDraft {
  return {
    id: null,
    name,
    shots: [blankShot(models)],
    speechModel: defaultModelId('speech', models) ?? '',
    voice: '',
    music: null,
  };
}

/** Whether a family can start on the shot before's last frame, or end on a given one. */
export const takesFrames = (family: FamilyId): boolean => FRAME_FIELDS[family] !== undefined;

/** The board the core takes; what a family cannot take (frames) is left out rather than refused later. */
export function boardOf(draft: BoardDraft): StoryboardInput {
  return {
    name: draft.name.trim(),
    shots: draft.shots.map((s, i) => ({
      family: s.family,
      model: s.model,
      prompt: s.prompt,
      duration: s.duration,
      continuePrevious: i > 0 && s.continuePrevious && takesFrames(s.family),
      ...(s.endFrame && takesFrames(s.family) ? { endFrame: s.endFrame } : {}),
      narration: s.narration,
    })),
    ...(draft.shots.some((s) => s.narration.trim())
      ? {
          narration: {
            model: draft.speechModel,
            ...(draft.voice.trim() ? { voice: draft.voice.trim() } : {}),
          },
        }
      : {}),
    ...(draft.music
      ? {
          music: {
            family: MUSIC_FAMILY,
            model: defaultModelId(MUSIC_FAMILY) ?? '',
            params: { task_id: draft.music.taskId, audio_index: draft.music.audioIndex, speed: 1 },
            volume: draft.music.volume,
          },
        }
      : {}),
  };
}

/** A kept board as a draft to edit. */
export function draftOf(
  id: string,
  board: {
    name: string;
    shots: Shot[];
    narration?: { model: string; voice?: string };
    music?: { params: Record<string, unknown>; volume: number };
  },
): BoardDraft {
  const params = board.music?.params ?? {};
  const taskId = typeof params['task_id'] === 'string' ? params['task_id'] : null;
  const audioIndex = typeof params['audio_index'] === 'number' ? params['audio_index'] : 1;
  return {
    id,
    name: board.name,
    shots: board.shots.map((s) => ({
      key: nextKey(),
      family: s.family,
      model: s.model,
      prompt: s.prompt,
      duration: s.duration,
      continuePrevious: s.continuePrevious,
      endFrame: s.endFrame ?? null,
      narration: s.narration,
    })),
    speechModel: board.narration?.model ?? defaultModelId('speech') ?? '',
    voice: board.narration?.voice ?? '',
    music: board.music && taskId ? { taskId, audioIndex, volume: board.music.volume } : null,
  };
}
