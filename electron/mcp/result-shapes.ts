// What the tools answer with: a task and a library item in the fields an agent needs, never the whole row (a
// row's key, its error's raw answer and its stored references are the studio's business).
import type { LibraryItem, TaskRecord } from '../../shared/studio/records';

export function taskShape(task: TaskRecord): Record<string, unknown> {
  return {
    id: task.id,
    remoteId: task.remoteId,
    family: task.family,
    model: task.model,
    state: task.state,
    progress: task.progress,
    cost: task.cost,
    createdAt: task.createdAt,
    error: task.error ? task.error.message : null,
    files: { total: task.downloads.total, done: task.downloads.done, failed: task.downloads.failed },
  };
}

export function itemShape(item: LibraryItem): Record<string, unknown> {
  return {
    id: item.id,
    kind: item.kind,
    path: item.path,
    thumbnailPath: item.thumbnailPath,
    mime: item.mime,
    size: item.size,
    width: item.width,
    height: item.height,
    durationSeconds: item.durationSeconds,
    prompt: item.prompt,
    model: item.model,
    family: item.family,
    cost: item.cost,
    createdAt: item.createdAt,
    favourite: item.favourite,
    tags: item.tags,
    taskId: item.taskId,
  };
}

/** "task 3f… (image.i3, completed, 1 of 1 files)": one task in a sentence. */
export function taskLine(task: TaskRecord): string {
  const files = task.downloads.total ? `, ${task.downloads.done} of ${task.downloads.total} files` : '';
  const cost = task.cost === null ? '' : `, cost ${task.cost} USD`;
  return `task ${task.id} (${task.family} ${task.model}, ${task.state}${files}${cost})`;
}
