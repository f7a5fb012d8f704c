// Library drags are made one way: renderer/lib/library-drag.ts wraps the HTML drag API once
// (libraryDragSource: the item into the page, the file out through the desktop's OS drag, a tile's choice by
// Alt); a component that writes its own dragstart, sets the item on a DataTransfer or starts the OS drag is a
// second mechanism that drifts from the first (the tile's and the viewer's handles once each held their own).
// The queue's reordering (features/tasks/use-queue-drag.ts) moves a row inside its own list, not a library item.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Where the HTML drag API may be used as a source, and why there. */
const ALLOWED: Record<string, string> = {
  'renderer/lib/library-drag.ts': 'the one library drag source',
  'renderer/features/tasks/use-queue-drag.ts': "the queue's reordering of its own rows",
};

const HAND_DRAG =
  /\bonDragStart\b|\bdraggable(?:=\{true\}|\s*:\s*true|(?=[\s>]|$))(?!=\{false\})|\bsetLibraryDrag\(|\.startDrag\(/;

function handDrags(files: readonly { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    if (path in ALLOWED) continue;
    text.split('\n').forEach((line, i) => {
      const code = line.trim();
      if (code.startsWith('//') || code.startsWith('*')) return;
      if (HAND_DRAG.test(code)) found.push(`${path}:${i + 1}: ${code}`);
    });
  }
  return found;
}

function rendererSources(): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name))
        found.push({ path: relative(root, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  walk(join(root, 'renderer'));
  return found;
}

describe('one drag source for library items', () => {
  it('no component makes its own drag source', () => {
    expect(handDrags(rendererSources())).toEqual([]);
  });

  it('sees the hand-made drags the library once held', () => {
    const before = {
      path: 'renderer/features/library/drag-to-create.tsx',
      text: [
        '    draggable: true,',
        '            draggable',
        '            onDragStart={(event) => {',
        '              setLibraryDrag(event.dataTransfer, item);',
        '              void desktopActions.startDrag(item.id).catch(() => undefined);',
        '        <img src={src} alt={alt} draggable={false} />',
      ].join('\n'),
    };
    expect(handDrags([before]).map((line) => line.split(': ')[0])).toEqual([
      'renderer/features/library/drag-to-create.tsx:1',
      'renderer/features/library/drag-to-create.tsx:2',
      'renderer/features/library/drag-to-create.tsx:3',
      'renderer/features/library/drag-to-create.tsx:4',
      'renderer/features/library/drag-to-create.tsx:5',
    ]);
  });

  it('names only files that still make a drag', () => {
    for (const path of Object.keys(ALLOWED))
      expect(readFileSync(join(root, path), 'utf8')).toMatch(/onDragStart/);
  });
});
