// The viewer's address has one writer and one reader (renderer/lib/library-address.ts): every link and
// navigation into the library builds it there, and the library page reads the open item back with the same
// module, so an address cannot be spelt one way where it is written and another where it is read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIBRARY_ROUTE, libraryAddress, viewerItemOf } from '../../../renderer/lib/library-address';

const RENDERER = join(process.cwd(), 'renderer');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('library addresses', () => {
  it('builds the grid and the viewer, keeping the grid view, and reads the open item back', () => {
    expect(libraryAddress()).toBe('/library');
    expect(libraryAddress(null, 'kind=video')).toBe('/library?kind=video');
    expect(libraryAddress('a1b2')).toBe('/library/a1b2');
    expect(libraryAddress('a1b2', 'batch=b-9&sort=cost')).toBe('/library/a1b2?batch=b-9&sort=cost');
    for (const id of ['3f2a6c1e-0d9b-4c7e-9a55-1b2c3d4e5f60', 'odd id/with?signs#']) {
      const [path] = libraryAddress(id, 'kind=image').split('?');
      expect(viewerItemOf(path ?? '')).toBe(id);
    }
    expect(viewerItemOf('/library')).toBeNull();
    expect(viewerItemOf('/library/')).toBeNull();
    expect(viewerItemOf('/library/a/b')).toBeNull();
    expect(viewerItemOf('/tasks/a1b2')).toBeNull();
    expect(LIBRARY_ROUTE).toBe('/library/:item?');
  });

  it('no other renderer file spells a library address itself', () => {
    const own = join(RENDERER, 'lib', 'library-address.ts');
    const spelt = sources(RENDERER)
      .filter((path) => path !== own)
      .filter((path) => /['"`]\/library(?:[/?'"`]|\$\{)/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(RENDERER, path));
    expect(spelt).toEqual([]);
  });
});
