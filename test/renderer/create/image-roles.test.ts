// [EP-VIDEO-6] [EP-VIDEO-7] image_with_roles entries typed one per line: URL, then the role the user chose.
import { describe, expect, it } from 'vitest';
import { imageWithRole, imageWithRoleLine } from '../../../renderer/features/create/image-roles';

describe('image with roles lines', () => {
  it('splits the URL from the typed role, keeping a role of several words', () => {
    expect(imageWithRole('https://x.example/a.png main character')).toEqual({
      url: 'https://x.example/a.png',
      role: 'main character',
    });
    expect(imageWithRole('  https://x.example/b.png  ')).toEqual({ url: 'https://x.example/b.png' });
  });
  it('reads back as the same line', () => {
    expect(imageWithRoleLine({ url: 'https://x.example/a.png', role: 'background' })).toBe(
      'https://x.example/a.png background',
    );
    expect(imageWithRoleLine({ url: 'https://x.example/a.png' })).toBe('https://x.example/a.png');
    expect(imageWithRoleLine('nonsense')).toBeNull();
  });
});
