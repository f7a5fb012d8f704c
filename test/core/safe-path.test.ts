// The one rule for library paths: a name from elsewhere is reduced to a plain base name, and a path is inside
// the library folder only when its real folder is (`..`, absolute paths and links pointing out all refused).
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { insideFolder, isInsideFolder, PathOutsideError, safeBaseName } from '../../electron/core/safe-path';
import { useTempDir } from '../support/studio-db';

describe('safeBaseName', () => {
  it.each([
    ['../../../.config/autostart/x.desktop', 'x.desktop'],
    ['..\\..\\windows\\evil.png', 'evil.png'],
    ['..', 'file'],
    ['.hidden.png', 'hidden.png'],
    ['a:b*c?.png', 'a_b_c_.png'],
    ['line\nbreak\u202e.png', 'line_break_.png'],
    ['CON.png', 'file'],
    ['trailing. ', 'trailing'],
    ['', 'file'],
    ['雪中的红狐狸.png', '雪中的红狐狸.png'],
  ])('%j → %j', (name, expected) => {
    expect(safeBaseName(name)).toBe(expected);
  });

  it('keeps the extension of a name cut to length', () => {
    const name = safeBaseName(`${'a'.repeat(500)}.webp`);
    expect(name.length).toBeLessThanOrEqual(120);
    expect(name.endsWith('.webp')).toBe(true);
  });
});

describe('isInsideFolder', () => {
  const temp = useTempDir('safe-path-');

  it('answers true only strictly inside, by real paths', async () => {
    const root = join(temp.dir, 'library');
    await mkdir(join(root, 'day'), { recursive: true });
    await mkdir(join(temp.dir, 'elsewhere'));
    await symlink(join(temp.dir, 'elsewhere'), join(root, 'day', 'out'));
    expect(isInsideFolder(root, join(root, 'day', 'a.png'))).toBe(true);
    expect(isInsideFolder(root, join(root, 'not-made-yet', 'a.png'))).toBe(true);
    expect(isInsideFolder(root, root)).toBe(false);
    expect(isInsideFolder(root, join(root, '..', 'a.png'))).toBe(false);
    expect(isInsideFolder(root, join(root, 'day', '..', '..', '.config', 'x'))).toBe(false);
    expect(isInsideFolder(root, '/etc/passwd')).toBe(false);
    expect(isInsideFolder(root, join(root, 'day', 'out', 'a.png'))).toBe(false);
    expect(() => insideFolder(root, join(root, 'day', 'out', 'a.png'))).toThrow(PathOutsideError);
    // A library folder reached through a link is the folder it points at.
    await symlink(root, join(temp.dir, 'link-to-library'));
    expect(isInsideFolder(join(temp.dir, 'link-to-library'), join(root, 'day', 'a.png'))).toBe(true);
  });
});
