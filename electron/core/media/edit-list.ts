// The cut's edit list as a CMX3600 EDL, the oldest form every editor opens (Resolve, Premiere, Final Cut through
// its importers): each shot an event on V and A, each narration clip an event on A2. Its limits, said in the
// docs: non-drop-frame timecode at a whole frame rate, reel names of at most 8 characters (so each event names its
// file in a "FROM CLIP NAME" comment, which the editors above read), no music track (CMX3600 has no room for a
// third audio event under the others: the bed is named in a comment) and cuts only, no transitions.
import type { CutResult } from './cut-assembly';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Seconds as HH:MM:SS:FF at a whole frame rate (non-drop-frame). */
export function timecode(seconds: number, fps: number): string {
  const frames = Math.round(seconds * fps);
  const ff = frames % fps;
  const totalSeconds = Math.floor(frames / fps);
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}:${pad(ff)}`;
}

/** A reel name of at most 8 characters, letters and digits (CMX3600's field). */
const reel = (prefix: string, n: number) => `${prefix}${pad(n, 8 - prefix.length)}`.slice(0, 8);
/** Comments are one line: a file name with a line break in it would start an event of its own. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

export function cmx3600(title: string, cut: CutResult, fileName: (path: string) => string): string {
  const fps = cut.fps;
  const lines = [`TITLE: ${oneLine(title).slice(0, 70)}`, 'FCM: NON-DROP FRAME', ''];
  let event = 0;
  const add = (
    reelName: string,
    track: string,
    source: number,
    start: number,
    duration: number,
    clip: string,
  ) => {
    event += 1;
    const srcIn = timecode(0, fps);
    const srcOut = timecode(source, fps);
    lines.push(
      `${pad(event, 3)}  ${reelName.padEnd(8)} ${track.padEnd(5)} C        ${srcIn} ${srcOut} ${timecode(start, fps)} ${timecode(start + duration, fps)}`,
      `* FROM CLIP NAME: ${oneLine(clip)}`,
      '',
    );
  };
  cut.placed.forEach((shot, i) =>
    add(reel('SHOT', i + 1), 'B', shot.duration, shot.start, shot.duration, fileName(shot.path)),
  );
  cut.narration.forEach((clip, i) => {
    // A narration longer than what is left of the cut ends with it, as in the MP4.
    const duration = Math.min(clip.duration, cut.durationSeconds - clip.start);
    add(reel('VO', i + 1), 'A2', duration, clip.start, duration, fileName(clip.path));
  });
  if (cut.music)
    lines.push(`* MUSIC BED (under the whole cut, not an event): ${oneLine(fileName(cut.music.path))}`, '');
  return lines.join('\n');
}
