// The storyboard's model: @Name resolved to the cast's pictures for models that take references and named for
// those that do not; a board checked whole with the validation table's sentences; narration split at sentence
// ends under the speech limit.
import { describe, expect, it } from 'vitest';
import { SPEECH_INPUT_LIMIT } from '../../shared/catalog/speech-rules';
import {
  castListSchema,
  familiesWithoutCast,
  resolveCast,
  type CastMemberDraft,
} from '../../shared/studio/cast';
import { narrationTakes, shotCast, storyboardSchema } from '../../shared/studio/storyboard';
import '../../shared/validation';

const REF_A = `studio-ref:${'a'.repeat(64)}`;
const REF_B = `studio-ref:${'b'.repeat(64)}`;
const mia: CastMemberDraft = { name: 'Mia', kind: 'character', references: [REF_A, REF_B], voice: 'alloy' };
const cup: CastMemberDraft = { name: 'Cup', kind: 'product', references: ['https://example.com/cup.png'] };

describe('cast', () => {
  it('sends @Mia as references to V2 and S, and names her for V1, which takes none', () => {
    const v2 = resolveCast('video.v2', '@Mia drinks from @cup.', [mia, cup]);
    expect(v2).toMatchObject({
      prompt: 'Mia drinks from Cup.',
      params: { image_urls: [REF_A, REF_B, 'https://example.com/cup.png'] },
      sent: ['Mia', 'Cup'],
      notSent: [],
      unknown: [],
    });
    const s = resolveCast('video.s', '@Mia walks', [mia]);
    expect(s.params).toEqual({ image_with_roles: [{ url: REF_A }, { url: REF_B }] });
    const v1 = resolveCast('video.v1', '@Mia walks past @Nobody', [mia]);
    expect(v1).toMatchObject({
      prompt: 'Mia walks past @Nobody',
      params: {},
      notSent: ['Mia'],
      unknown: ['Nobody'],
    });
    expect(familiesWithoutCast(['video.v1', 'video.v2', 'video.s', 'video.k'])).toEqual([
      'video.v1',
      'video.k',
    ]);
  });

  it('keeps to the family limit (V2: 7 pictures) and names who did not fit', () => {
    const crowd = [1, 2, 3, 4].map((n) => ({
      name: `P${n}`,
      kind: 'character' as const,
      references: [`https://example.com/${n}a.png`, `https://example.com/${n}b.png`],
    }));
    const resolved = resolveCast('video.v2', '@P1 @P2 @P3 @P4', crowd);
    expect(resolved.sent).toEqual(['P1', 'P2', 'P3']);
    expect(resolved.notSent).toEqual(['P4']);
  });

  it('refuses a name @ cannot find and a name used twice, with the table sentences', () => {
    const bad = castListSchema.safeParse([{ ...mia, name: 'Mia Lee' }, mia, { ...mia, name: 'mia' }]);
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message) ?? [];
    expect(messages[0]).toMatch(/starting with a letter/);
    expect(messages).toContain('Two cast members are named "mia": each name is used once.');
  });
});

describe('storyboard', () => {
  const shot = {
    family: 'video.v1' as const,
    model: 'video_model_id_v1_pro',
    prompt: '@Mia waves',
    duration: 5,
  };

  it('reads a board and says what is wrong with one, shot by shot', () => {
    const ok = storyboardSchema.parse({ name: 'Film', shots: [shot, { ...shot, continuePrevious: true }] });
    expect(ok.shots[1]?.continuePrevious).toBe(true);
    expect(shotCast({ prompt: '@Mia and @Cup', cast: ['mia', 'Tom'] })).toEqual(['Mia', 'Cup', 'Tom']);
    const bad = storyboardSchema.safeParse({
      name: 'Film',
      shots: [
        { ...shot, continuePrevious: true },
        { ...shot, family: 'video.w', model: 'w', continuePrevious: true },
        { ...shot, family: 'image.i3', model: 'i3' },
        { ...shot, family: 'video.v2', model: 'v2', endFrame: REF_A },
      ],
      music: { family: 'speech', model: 'x', params: {} },
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['shots.0.continuePrevious', 'The first shot has no shot before it to continue from.'],
      [
        'shots.1.continuePrevious',
        'Video W takes no first frame, so it cannot continue from the shot before.',
      ],
      ['shots.2.family', 'A shot is made by a video family (V1, V2, H, W, K or S).'],
      ['shots.3.endFrame', 'Video V2 (reference-to-video) takes no end frame.'],
      ['music.family', 'The music bed is made by a music operation on a source track.'],
    ]);
  });

  it('splits long narration at sentence ends under the speech limit, losing nothing', () => {
    const sentence = 'The fox runs across the snowy field at dawn. ';
    const text = sentence.repeat(200).trim();
    const takes = narrationTakes(text);
    expect(takes.length).toBeGreaterThan(1);
    for (const take of takes) {
      expect(take.length).toBeLessThanOrEqual(SPEECH_INPUT_LIMIT);
      expect(take.endsWith('.')).toBe(true);
    }
    expect(takes.join(' ')).toBe(text);
    // No sentence end in reach: the last space; no space: the limit itself.
    expect(narrationTakes('word '.repeat(10).trim(), 12)).toEqual([
      'word word',
      'word word',
      'word word',
      'word word',
      'word word',
    ]);
    expect(narrationTakes('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(narrationTakes('短句。又一句。', 4)).toEqual(['短句。', '又一句。']);
  });
});
