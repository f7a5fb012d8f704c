// What Debian's ffprobe (not the ffmpeg the studio ships) says a media file holds: the tests check the
// studio's cuts and joins with a tool that is not the one that made them.
import { execFileSync } from 'node:child_process';

export interface Probed {
  /** Seconds, as the container says. */
  duration: number;
  /** Each stream's kind: 'video', 'audio', … */
  streams: string[];
}

export function ffprobe(path: string): Probed {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration:stream=codec_type',
    '-of',
    'json',
    path,
  ]).toString();
  const parsed = JSON.parse(out) as { format: { duration: string }; streams: { codec_type: string }[] };
  return { duration: Number(parsed.format.duration), streams: parsed.streams.map((s) => s.codec_type) };
}
