// The last part of a board run, all of it local: its saved shots, narration clips and music bed assembled into one
// MP4 with its edit lists (storyboard-media.ts), filed in the library as an item made from its shots, and the
// run told where it is. Nothing here is paid; a restart that reaches it again after the cut was filed (a kill
// between the filing and the run being kept) takes the filed cut rather than filing a second one.
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { LibraryItem } from '../../../shared/studio/records';
import { cutTaskId, type CutToFile } from './cut-filing';
import { assembleBoardCut } from './storyboard-media';
import type { Running } from './storyboard-run-state';
import { notSaved } from './storyboard-stops';

/** What the cut needs of the studio: the saved files of a task, a free library path, and the filing. */
export interface CutPorts {
  itemsOf(taskId: string): Promise<LibraryItem[]>;
  allocate(name: string): Promise<string>;
  fileCut(cut: CutToFile): Promise<LibraryItem>;
}

export async function cutBoard(ports: CutPorts, running: Running): Promise<void> {
  const { run, board } = running;
  const filed = (await ports.itemsOf(cutTaskId(run.id))).find((it) => it.kind === 'video');
  const { editList: filedList, finalCutXml: filedXml } = filed?.params ?? {};
  if (filed && typeof filedList === 'string' && typeof filedXml === 'string') {
    Object.assign(run, { cutItemId: filed.id, editList: filedList, finalCutXml: filedXml });
    return;
  }
  const shots: { taskId: string; item: LibraryItem }[] = [];
  for (const slot of run.shots) {
    const item = (await ports.itemsOf(slot.taskId ?? '')).find((it) => it.id === slot.itemId);
    if (!item || !slot.taskId) throw new GatewayError(notSaved('A shot'));
    shots.push({ taskId: slot.taskId, item });
  }
  const musicTask = run.music?.taskId ?? null;
  const musicItems = musicTask ? await ports.itemsOf(musicTask) : [];
  const musicItem = musicItems.find((it) => it.kind === 'audio') ?? musicItems[0];
  const path = await ports.allocate(`${board.name}-${run.id.slice(0, 8)}.mp4`);
  const { editList, finalCutXml } = await assembleBoardCut({
    title: board.name,
    shots: shots.map((s, i) => ({ path: s.item.path, name: `Shot ${i + 1}` })),
    narration: running.narrationPaths.flatMap((p, shot) => (p ? [{ shot, path: p }] : [])),
    music: musicItem && board.music ? { path: musicItem.path, volume: board.music.volume } : null,
    out: path,
  });
  const item = await ports.fileCut({
    runId: run.id,
    path,
    board,
    shots: shots.map((s) => ({ taskId: s.taskId, itemId: s.item.id })),
    editList,
    finalCutXml,
  });
  run.cutItemId = item.id;
  run.editList = editList;
  run.finalCutXml = finalCutXml;
}
