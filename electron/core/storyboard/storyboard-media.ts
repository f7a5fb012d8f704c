// The board's local media steps, each a file in a folder the runner names: a shot's last frame (the next shot's
// first), a shot's narration takes as one clip, and the cut with its edit lists beside it (same name: a CMX3600
// `.edl` and an FCPXML `.fcpxml`).
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { assembleCut, type CutInput, type CutResult } from '../media/cut-assembly';
import { cmx3600 } from '../media/edit-list';
import { fcpxml } from '../media/fcpxml';
import { extractLastFrame, joinAudio } from '../media/ffmpeg';

export async function lastFrameReference(video: string, dir: string, name: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const out = join(dir, `${name}.png`);
  await extractLastFrame(video, out);
  return out;
}

/** One take is the clip itself; several are joined into one WAV without a seam. */
export async function narrationClip(takes: readonly string[], dir: string, name: string): Promise<string> {
  if (takes.length === 1 && takes[0]) return takes[0];
  await mkdir(dir, { recursive: true });
  const out = join(dir, `${name}.wav`);
  await joinAudio(takes, out);
  return out;
}

export async function assembleBoardCut(
  input: CutInput & { title: string },
): Promise<{ cut: CutResult; editList: string; finalCutXml: string }> {
  const cut = await assembleCut(input);
  const stem = input.out.replace(/\.mp4$/i, '');
  const editList = `${stem}.edl`;
  const finalCutXml = `${stem}.fcpxml`;
  await writeFile(
    editList,
    cmx3600(input.title, cut, (path) => basename(path)),
  );
  await writeFile(finalCutXml, fcpxml(input.title, cut));
  return { cut, editList, finalCutXml };
}
