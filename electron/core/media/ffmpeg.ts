// ffmpeg for the few local media jobs the storyboard needs: a shot's last frame, narration takes joined in one
// clip, and the cut assembled from shots, narration and a music bed. The binary comes from an npm package that
// ships it for each platform (@ffmpeg-installer/ffmpeg), never a download at run time. It is loaded only when a
// job needs it: that package throws on a platform it has no binary for, which must not stop the studio.
import { spawn } from 'node:child_process';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';

/** What the tool prints on a failure is kept to its last lines: enough to say why, never a flood. */
const STDERR_KEEP = 4_000;
/** A job longer than this is stopped (a 24-shot cut encodes in well under a minute on two cores). */
const JOB_TIMEOUT_MS = 10 * 60_000;

/** Where the ffmpeg binary is: the package's, unless the environment names another (a packaged app, a test). */
export async function ffmpegPath(): Promise<string> {
  const fromEnv = process.env.GATEWAY_STUDIO_FFMPEG;
  if (fromEnv) return fromEnv;
  try {
    const installer = (await import('@ffmpeg-installer/ffmpeg')) as {
      default?: { path: string };
      path?: string;
    };
    const path = installer.default?.path ?? installer.path;
    if (path) return unpackedPath(path);
  } catch {
    // Falls through to the sentence below: the package has no binary for this platform.
  }
  throw mediaError(
    'No ffmpeg binary was found for this platform, so local video work cannot be done.',
    'unsupported',
  );
}

/**
 * The binary's path as a child process can run it. In a packaged app the package resolves inside
 * `resources/app.asar` (Electron's fs reads into the archive, so the package finds its binary there), but a
 * program cannot be executed from inside an archive: electron-builder's `asarUnpack` puts the package in
 * `app.asar.unpacked` beside it, which is where it is run from. Only the archive's own folder is renamed (the
 * first `app.asar` followed by a separator), so a path already unpacked, or one outside a packaged app, is kept.
 */
export function unpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

/** A local media job that could not be done, said as the studio says its own failures. */
export function mediaError(
  message: string,
  type: 'internal_error' | 'unsupported' = 'internal_error',
): GatewayError {
  return new GatewayError(localErrorInfo(type, message));
}

/** Runs ffmpeg with these arguments; resolves with what it printed on stderr (its log and the probe's report). */
export async function runFfmpeg(
  args: readonly string[],
  options: { allowFailure?: boolean } = {},
): Promise<string> {
  const binary = await ffmpegPath();
  return new Promise((resolvePromise, reject) => {
    // The job's deadline is spawn's own (it kills the child with SIGKILL), not a timer of ours: every wait in the
    // core is the injected clock's, and this is no wait, only a bound on a child process.
    const child = spawn(binary, ['-hide_banner', '-nostdin', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: JOB_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP * 4);
    });
    child.on('error', (error) => {
      reject(mediaError(`ffmpeg could not be started: ${error.message}`));
    });
    child.on('close', (code) => {
      if (code === 0 || options.allowFailure) resolvePromise(stderr);
      else
        reject(mediaError(`ffmpeg failed (exit ${code ?? 'signal'}): ${stderr.slice(-STDERR_KEEP).trim()}`));
    });
  });
}

export interface ClipFacts {
  durationSeconds: number;
  width: number | null;
  height: number | null;
  fps: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** What ffmpeg reports of a file it opens (no ffprobe ships with the package): its length and streams. */
export async function probeClip(path: string): Promise<ClipFacts> {
  // With no output ffmpeg exits 1 after printing the input's report, which is all that is wanted here.
  const report = await runFfmpeg(['-i', path], { allowFailure: true });
  return parseProbe(report, path);
}

export function parseProbe(report: string, path: string): ClipFacts {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  if (!duration) throw mediaError(`${path} is not a media file ffmpeg can read.`);
  const [, h, m, s] = duration;
  const video = /Stream #[^\n]*: Video: [^\n]*/.exec(report)?.[0] ?? null;
  const size = video ? /, (\d{2,5})x(\d{2,5})[ ,[]/.exec(video) : null;
  const fps = video ? /, (\d+(?:\.\d+)?) fps/.exec(video) : null;
  return {
    durationSeconds: Number(h) * 3600 + Number(m) * 60 + Number(s),
    width: size ? Number(size[1]) : null,
    height: size ? Number(size[2]) : null,
    fps: fps ? Number(fps[1]) : null,
    hasVideo: video !== null,
    hasAudio: /Stream #[^\n]*: Audio: /.test(report),
  };
}

/** The video's last frame as a PNG at `out` (each decoded frame of the last second overwrites the one before). */
export async function extractLastFrame(video: string, out: string): Promise<void> {
  await runFfmpeg([
    '-y',
    '-v',
    'error',
    '-sseof',
    '-1',
    '-i',
    video,
    '-an',
    '-update',
    '1',
    '-f',
    'image2',
    out,
  ]);
}

/**
 * Audio clips joined end to end into one WAV: decoded and joined as samples by the concat filter, so there is
 * no gap, click or second encoder delay at the joins (what joining compressed files one after another leaves).
 */
export async function joinAudio(clips: readonly string[], out: string): Promise<void> {
  if (clips.length === 0) throw mediaError('There is no audio to join.');
  const inputs = clips.flatMap((clip) => ['-i', clip]);
  const normalised = clips.map((_, i) => `[${i}:a]aresample=48000,aformat=channel_layouts=stereo[c${i}]`);
  const joined = `${clips.map((_, i) => `[c${i}]`).join('')}concat=n=${clips.length}:v=0:a=1[out]`;
  await runFfmpeg([
    '-y',
    '-v',
    'error',
    ...inputs,
    '-filter_complex',
    [...normalised, joined].join(';'),
    '-map',
    '[out]',
    '-c:a',
    'pcm_s16le',
    out,
  ]);
}
