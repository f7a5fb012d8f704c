// The cut filed in the library as an item made from its shots: its made-from links (relation 'shot', each to a
// shot's task and item) are written first, under a local task id that names the run, so the file's own settings
// carry them and the viewer leads from the cut to each shot and back.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { LibraryItem } from '../../../shared/studio/records';
import type { Library } from '../library';
import type { MadeFromStore } from '../tasks/made-from-store';
import type { Storyboard } from '../../../shared/studio/storyboard';

/** A run's assembled cut and its edit lists, to be filed. */
export interface CutToFile {
  runId: string;
  path: string;
  board: Storyboard;
  shots: { taskId: string; itemId: string }[];
  editList: string;
  finalCutXml: string;
}

/** The local task id of a run's cut: no gateway task has this form. */
export const cutTaskId = (runId: string) => `storyboard-${runId}`;

export async function fileCut(
  cut: CutToFile,
  library: Library,
  madeFrom: MadeFromStore,
): Promise<LibraryItem> {
  const taskId = cutTaskId(cut.runId);
  madeFrom.record(
    taskId,
    cut.shots.map((shot) => ({ relation: 'shot', taskId: shot.taskId, itemId: shot.itemId })),
  );
  const bytes = await readFile(cut.path);
  const first = cut.board.shots[0];
  return library.addMade({
    path: cut.path,
    size: (await stat(cut.path)).size,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    mime: 'video/mp4',
    kind: 'video',
    prompt: cut.board.name,
    model: 'storyboard cut',
    family: first?.family ?? 'video.v1',
    params: {
      storyboard: cut.board.name,
      shots: cut.shots.map((s) => s.taskId),
      editList: cut.editList,
      finalCutXml: cut.finalCutXml,
    },
    taskId,
  });
}
