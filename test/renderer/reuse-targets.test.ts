// Which families a library item is offered to, read from the catalog's fields,
// and what goes into the form: an image as its stored reference where the field takes those
// ([EP-IMAGE-2]), else by its gateway link; a video by its link ([EP-VIDEO-6]); a track as a source ([SRC-1]).
import { describe, expect, it } from 'vitest';
import type { BridgeLibraryItem } from '../../shared/bridge';
import { reuseFamilies, reuseValues } from '../../renderer/lib/reuse-targets';
import { libraryItem } from '../support/library-item';

const item = (over: Partial<BridgeLibraryItem>): BridgeLibraryItem =>
  libraryItem({ prompt: 'p', model: 'm', remoteUrl: 'https://files.example/a.png', ...over });

describe('use as reference targets', () => {
  it('an image is offered to families with a reference image list, never to text-only ones', () => {
    const families = reuseFamilies(item({}));
    expect(families).toContain('image.i2');
    expect(families).toContain('video.s');
    expect(families).not.toContain('image.i4'); // [EP-IMAGE-4] text only
    expect(families).not.toContain('speech');
    expect(families.every((f) => !f.startsWith('music.'))).toBe(true);
  });

  it('a picture goes as its stored reference to every family of image URLs, never by its expiring link', () => {
    const image = item({});
    expect(reuseValues('image.i2', image, 'studio-ref:x')).toEqual({ image_urls: ['studio-ref:x'] });
    // I6 and V2 take links only: the engine uploads the stored picture rather than send the gateway's link.
    expect(reuseValues('image.i6', image, 'studio-ref:x')).toEqual({ image_urls: ['studio-ref:x'] });
    expect(reuseValues('video.v2', image, 'studio-ref:x')).toEqual({ image_urls: ['studio-ref:x'] });
  });

  it('a video goes to families that take video URLs by its link; a track to every music operation', () => {
    const video = item({ kind: 'video', mime: 'video/mp4', remoteUrl: 'https://files.example/v.mp4' });
    expect(reuseFamilies(video)).toEqual(['video.s']);
    expect(reuseValues('video.s', video, null)).toEqual({ video_urls: ['https://files.example/v.mp4'] });
    const track = item({ kind: 'audio', mime: 'audio/mpeg', trackIndex: 2, remoteTaskId: 'music-9' });
    expect(reuseFamilies(track).every((f) => f.startsWith('music.'))).toBe(true);
    expect(reuseFamilies(track).length).toBeGreaterThan(0);
    expect(reuseValues('music.concat', track, null)).toEqual({ task_id: 'music-9', audio_index: 2 });
    // Speech and a video never downloaded from a link cannot go anywhere.
    expect(reuseFamilies(item({ kind: 'speech', family: 'speech', taskId: null }))).toEqual([]);
    expect(reuseFamilies(item({ kind: 'video', remoteUrl: null }))).toEqual([]);
  });
});
