// The cut: a board's shots one after another in one MP4 (H.264 and AAC), each shot's narration laid from the
// shot's start, and the music bed looped under it all at its volume. Every shot is scaled and padded to the first
// shot's picture size and frame rate, so shots of different models join; a shot without sound gets silence of its
// length, so picture and sound stay together. The cut lasts exactly the sum of its shots.
import { mediaError, probeClip, runFfmpeg, type ClipFacts } from './ffmpeg';

export interface CutShot {
  path: string;
  /** A name for the edit list (the shot's number, its model). */
  name: string;
}

export interface CutInput {
  shots: readonly CutShot[];
  /** Narration clips: each starts at its shot's start. */
  narration: readonly { shot: number; path: string }[];
  music: { path: string; volume: number } | null;
  out: string;
}

export interface CutResult {
  /** The shots as placed: where each starts in the cut and how long it lasts. */
  placed: {
    name: string;
    path: string;
    start: number;
    duration: number;
    /** The shot's own picture and sound (the FCPXML names each shot's format). */
    width: number | null;
    height: number | null;
    fps: number | null;
    hasAudio: boolean;
  }[];
  narration: { path: string; start: number; duration: number }[];
  music: { path: string; duration: number; volume: number } | null;
  durationSeconds: number;
  fps: number;
  width: number;
  height: number;
}

const DEFAULT_FPS = 24;
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

export async function assembleCut(input: CutInput): Promise<CutResult> {
  if (input.shots.length === 0) throw mediaError('A cut needs at least one shot.');
  const facts: ClipFacts[] = [];
  for (const shot of input.shots) {
    const probed = await probeClip(shot.path);
    if (!probed.hasVideo || probed.durationSeconds <= 0) throw mediaError(`${shot.name} holds no video.`);
    facts.push(probed);
  }
  const first = facts[0] as ClipFacts;
  const width = even(first.width ?? 1280);
  const height = even(first.height ?? 720);
  const fps = Math.round(first.fps ?? DEFAULT_FPS);
  const placed: CutResult['placed'] = [];
  let at = 0;
  input.shots.forEach((shot, i) => {
    const { durationSeconds: duration, width: w, height: h, fps: rate, hasAudio } = facts[i] as ClipFacts;
    placed.push({
      name: shot.name,
      path: shot.path,
      start: at,
      duration,
      width: w,
      height: h,
      fps: rate,
      hasAudio,
    });
    at += duration;
  });
  const total = at;
  const narration: CutResult['narration'] = [];
  for (const clip of input.narration) {
    const shot = placed[clip.shot];
    if (!shot) continue;
    const probed = await probeClip(clip.path);
    narration.push({ path: clip.path, start: shot.start, duration: probed.durationSeconds });
  }
  const music = input.music
    ? { ...input.music, duration: (await probeClip(input.music.path)).durationSeconds }
    : null;

  const args: string[] = ['-y', '-v', 'error'];
  for (const shot of input.shots) args.push('-i', shot.path);
  for (const clip of narration) args.push('-i', clip.path);
  if (music) args.push('-stream_loop', '-1', '-i', music.path);
  const graph: string[] = [];
  const audioFormat = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
  placed.forEach((shot, i) => {
    const d = shot.duration.toFixed(3);
    graph.push(
      `[${i}:v]scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,` +
        `setsar=1,fps=${fps},format=yuv420p,trim=duration=${d},setpts=PTS-STARTPTS[v${i}]`,
    );
    graph.push(
      (facts[i] as ClipFacts).hasAudio
        ? `[${i}:a]${audioFormat},apad,atrim=duration=${d},asetpts=PTS-STARTPTS[a${i}]`
        : `anullsrc=r=48000:cl=stereo,${audioFormat},atrim=duration=${d}[a${i}]`,
    );
  });
  graph.push(
    `${placed.map((_, i) => `[v${i}][a${i}]`).join('')}concat=n=${placed.length}:v=1:a=1[video][shots]`,
  );
  const beds: string[] = ['[shots]'];
  narration.forEach((clip, j) => {
    const delay = Math.round(clip.start * 1000);
    graph.push(`[${placed.length + j}:a]${audioFormat},adelay=${delay}|${delay}[n${j}]`);
    beds.push(`[n${j}]`);
  });
  if (music) {
    const index = placed.length + narration.length;
    graph.push(
      `[${index}:a]${audioFormat},volume=${music.volume.toFixed(3)},atrim=duration=${total.toFixed(3)}[m]`,
    );
    beds.push('[m]');
  }
  // amix divides each input by their count; the volume after it gives the voices their level back.
  graph.push(
    beds.length === 1
      ? `[shots]anull[sound]`
      : `${beds.join('')}amix=inputs=${beds.length}:duration=first:dropout_transition=0,volume=${beds.length}[sound]`,
  );
  args.push(
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[video]',
    '-map',
    '[sound]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-t',
    total.toFixed(3),
    '-movflags',
    '+faststart',
    input.out,
  );
  await runFfmpeg(args);
  return {
    placed,
    narration,
    music: music ? { path: music.path, duration: music.duration, volume: music.volume } : null,
    durationSeconds: total,
    fps,
    width,
    height,
  };
}
