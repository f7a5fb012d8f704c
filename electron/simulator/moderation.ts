// A stand-in moderation model for nsfw_check ([EP-VIDEO-NSFW-1..7], [EP-IMAGE-3]). It flags the marker
// "[nsfw]" (or "[nsfw:category,...]") in reviewed text, and reviewed image URLs containing "nsfw".
// "[moderation-down]" anywhere in reviewed text makes the moderation call fail, so the request proceeds.
import { SimError } from './errors';

const MARKER = /\[nsfw(?::([a-z_,-]+))?\]/i;

export interface ModerationInput {
  texts: (string | undefined)[];
  imageUrls: (string | undefined)[];
}

/** Throws the 400 of [EP-VIDEO-NSFW-4] when something is flagged; returns quietly otherwise. */
export function moderate(input: ModerationInput): void {
  const texts = input.texts.filter((t): t is string => typeof t === 'string');
  if (texts.some((t) => t.includes('[moderation-down]'))) return; // [EP-VIDEO-NSFW-5] fails open
  const categories = new Set<string>();
  const where = new Set<string>();
  for (const text of texts) {
    const match = MARKER.exec(text);
    if (!match) continue;
    where.add('text');
    for (const c of (match[1] ?? 'sexual').split(',')) if (c) categories.add(c);
  }
  for (const url of input.imageUrls) {
    // [EP-VIDEO-NSFW-6] only what resolves to a public image URL is reviewed: data URLs are converted first.
    if (typeof url === 'string' && /nsfw/i.test(url)) {
      where.add('image');
      categories.add('sexual');
    }
  }
  if (categories.size === 0) return;
  throw new SimError({
    status: 400,
    type: 'nsfw_content_detected',
    code: 'nsfw_content_detected',
    param: '',
    style: 'i2',
    message: `Content flagged by moderation (${[...where].join(', ')}): ${[...categories].join(', ')}`,
  });
}
