// The storyboard's local media jobs on the real ffmpeg the npm package ships, checked with Debian's ffprobe:
// a cut lasts the sum of its shots and has sound; narration takes join into one clip as long as their sum; a
// last frame is the video's last picture; the EDL places each shot where the MP4 does.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleCut } from '../../../electron/core/media/cut-assembly';
import { cmx3600, timecode } from '../../../electron/core/media/edit-list';
import { ffprobe } from '../../support/ffprobe';
import { extractLastFrame, joinAudio, probeClip } from '../../../electron/core/media/ffmpeg';

const FIXTURES = join(process.cwd(), 'electron/simulator/fixtures');
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cut-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('storyboard media', () => {
  it('assembles shots, narration and a music bed into one MP4 as long as its shots', async () => {
    const shots = [1, 2, 3].map((n) => ({ path: join(FIXTURES, 'video.mp4'), name: `shot ${n}` }));
    const narration = join(dir, 'narration.wav');
    await joinAudio([join(FIXTURES, 'speech.aac'), join(FIXTURES, 'speech.flac')], narration);
    const out = join(dir, 'cut.mp4');
    const cut = await assembleCut({
      shots,
      narration: [{ shot: 1, path: narration }],
      music: { path: join(FIXTURES, 'music.mp3'), volume: 0.3 },
      out,
    });
    const shotSum = shots.map((s) => ffprobe(s.path).duration).reduce((a, b) => a + b, 0);
    const probed = ffprobe(out);
    expect(probed.duration).toBeGreaterThan(shotSum - 0.1);
    expect(probed.duration).toBeLessThan(shotSum + 0.1);
    expect(probed.streams).toEqual(expect.arrayContaining(['video', 'audio']));
    expect(cut.placed.map((p) => p.start)).toEqual([
      0,
      cut.placed[0]?.duration,
      2 * (cut.placed[0]?.duration ?? 0),
    ]);
    // Sound is there, not silence: the mean volume of the cut is well above digital silence.
    const stats = execFileSync('bash', [
      '-c',
      `ffmpeg -hide_banner -i '${out}' -af volumedetect -f null - 2>&1`,
    ]).toString();
    const mean = Number(/mean_volume: (-?[\d.]+) dB/.exec(stats)?.[1]);
    expect(mean).toBeGreaterThan(-60);

    const edl = cmx3600('Fox & Mia', cut, (p) => basename(p));
    expect(edl).toContain('TITLE: Fox & Mia');
    expect(edl).toContain(
      `002  SHOT0002 B     C        00:00:00:00 ${timecode(cut.placed[1]?.duration ?? 0, cut.fps)}`,
    );
    expect(edl).toMatch(/004 {2}VO000001 A2/);
    expect(edl).toContain('* MUSIC BED');
  });

  it('joins narration takes without a gap: the clip lasts the sum of its takes', async () => {
    const takes = [
      join(FIXTURES, 'speech.aac'),
      join(FIXTURES, 'speech.flac'),
      join(FIXTURES, 'speech.flac'),
    ];
    const out = join(dir, 'joined.wav');
    await joinAudio(takes, out);
    // Each take's length as decoded (a compressed file's header may say a little less than it holds).
    const decoded = takes.map((t, i) => {
      const wav = join(dir, `take-${i}.wav`);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', t, wav]);
      return ffprobe(wav).duration;
    });
    const sum = decoded.reduce((a, b) => a + b, 0);
    expect(Math.abs(ffprobe(out).duration - sum)).toBeLessThan(0.03);
  });

  it("extracts a video's last frame as a PNG of its size, and probes clips", async () => {
    const video = join(dir, 'shot.mp4');
    await copyFile(join(FIXTURES, 'video.mp4'), video);
    const frame = join(dir, 'last.png');
    await extractLastFrame(video, frame);
    const meta = await sharp(await readFile(frame)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 180]);
    // The same frame Debian's ffmpeg decodes last.
    const reference = join(dir, 'reference.png');
    execFileSync('ffmpeg', ['-v', 'error', '-sseof', '-1', '-i', video, '-update', '1', '-y', reference]);
    const [ours, theirs] = await Promise.all([frame, reference].map((f) => sharp(f).raw().toBuffer()));
    const diff = (ours as Buffer).reduce((sum, v, i) => sum + Math.abs(v - ((theirs as Buffer)[i] ?? 0)), 0);
    expect(diff / (ours as Buffer).length).toBeLessThan(4);
    const facts = await probeClip(video);
    expect(facts).toMatchObject({ width: 320, height: 180, hasVideo: true, hasAudio: true, fps: 15 });
    expect(facts.durationSeconds).toBeCloseTo(2, 1);
  });
});
