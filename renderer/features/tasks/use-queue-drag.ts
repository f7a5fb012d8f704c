// Reordering the queue by dragging a waiting item onto another (native HTML5 drag events: no well-kept drag
// library such as @dnd-kit is installed) or from the keyboard (Alt+ArrowUp/Down on any control of the row).
// Both answer with the same move the buttons send: "just before" another waiting item, or the back.
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import type { QueueItem, QueueMove } from '../../../shared/studio/queue';

export type DropSide = 'before' | 'after';

/** Where `id` goes when dropped on `target`'s side, in the line without it; null: it stays where it is. */
export function dropMove(
  waiting: readonly QueueItem[],
  id: string,
  target: string,
  side: DropSide,
): QueueMove | null {
  if (id === target) return null;
  const line = waiting.filter((i) => i.id !== id);
  const at = line.findIndex((i) => i.id === target);
  if (at < 0) return null;
  if (side === 'before') return { before: target };
  const next = line[at + 1];
  return next ? { before: next.id } : 'back';
}

/** The move one place up (-1) or down (+1) from the keyboard; null at either end. */
export function stepMove(waiting: readonly QueueItem[], id: string, by: -1 | 1): QueueMove | null {
  const at = waiting.findIndex((i) => i.id === id);
  if (at < 0 || (by < 0 && at === 0) || (by > 0 && at === waiting.length - 1)) return null;
  if (by < 0) {
    const previous = waiting[at - 1];
    return previous ? { before: previous.id } : null;
  }
  const after = waiting[at + 2];
  return after ? { before: after.id } : 'back';
}

const DRAG_TYPE = 'application/x-studio-queue-item';

export function useQueueDrag(
  waiting: readonly QueueItem[],
  move: (id: string, to: QueueMove, from: 'drag' | 'keyboard') => void,
) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<{ id: string; side: DropSide } | null>(null);

  const sideOf = (event: DragEvent<HTMLElement>): DropSide => {
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientY < box.top + box.height / 2 ? 'before' : 'after';
  };

  /** What a row spreads on itself: a waiting row can be dragged, and any waiting row takes a drop. */
  const rowProps = (item: QueueItem) => {
    if (item.state !== 'waiting') return {};
    return {
      draggable: true,
      'data-drop': over?.id === item.id && dragged !== item.id ? over.side : undefined,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        event.dataTransfer.setData(DRAG_TYPE, item.id);
        event.dataTransfer.effectAllowed = 'move';
        setDragged(item.id);
      },
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (dragged === null) return;
        event.preventDefault(); // a drop is allowed here
        event.dataTransfer.dropEffect = 'move';
        const side = sideOf(event);
        if (over?.id !== item.id || over.side !== side) setOver({ id: item.id, side });
      },
      onDragLeave: () => setOver((now) => (now?.id === item.id ? null : now)),
      onDrop: (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        const id = event.dataTransfer.getData(DRAG_TYPE) || dragged;
        const to = id ? dropMove(waiting, id, item.id, sideOf(event)) : null;
        if (id && to) move(id, to, 'drag');
        setDragged(null);
        setOver(null);
      },
      onDragEnd: () => {
        setDragged(null);
        setOver(null);
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
        event.preventDefault();
        const to = stepMove(waiting, item.id, event.key === 'ArrowUp' ? -1 : 1);
        if (to) move(item.id, to, 'keyboard');
      },
    };
  };

  return { rowProps, dragged };
}
