import { describe, expect, it } from 'vitest';
import {
  decodeMediaPath,
  ELECTRON_MEDIA_BASE_URL,
  mediaUrl,
  WEB_MEDIA_BASE_URL,
} from '../../shared/bridge/media-url';

describe('media URLs', () => {
  it('encodes each segment and round-trips through decodeMediaPath', () => {
    const url = mediaUrl(ELECTRON_MEDIA_BASE_URL, '2026-11-21/fox #1 ?.png');
    expect(url).toBe('studio-media://library/2026-11-21/fox%20%231%20%3F.png');
    expect(decodeMediaPath(url.slice(ELECTRON_MEDIA_BASE_URL.length))).toEqual([
      '2026-11-21',
      'fox #1 ?.png',
    ]);
    expect(mediaUrl(WEB_MEDIA_BASE_URL, 'a\\b.png')).toBe('/media/a/b.png');
  });

  it.each([
    '../etc/passwd',
    'a/../../b',
    '%2e%2e/secret',
    'a%2Fb',
    'a%5Cb',
    'a%00b',
    'C:%5Cwindows',
    '',
    'a//b',
    '%E0%A4%A',
  ])('refuses %j', (path) => {
    expect(decodeMediaPath(path)).toBeNull();
  });
});
