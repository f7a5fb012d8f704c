// The cut's edit list as FCPXML 1.9, which Final Cut Pro (10.5 and later) and DaVinci Resolve (17 and later) open
// as a timeline, beside the CMX3600 EDL for the editors that read only that. Unlike the EDL it carries everything
// the cut holds: each shot an asset (with its own format: size and frame rate) and an asset-clip on the primary
// storyline, each narration clip connected below its shot (lane -1, the dialogue role), and the music bed as
// connected clips on lane -2 (the music role), looped as the MP4 loops it, at its volume. Times are rational
// seconds on the sequence's frame grid (the cut's whole frame rate), so every boundary lands where the MP4's does.
// Its limits (docs/storyboards.md): files are named by absolute file URLs (moving the library means relinking in
// the editor), and the shots' own sound is their clips' audio, not a separate lane.
import { pathToFileURL } from 'node:url';
import type { CutResult } from './cut-assembly';

export const FCPXML_VERSION = '1.9';

/** Text made safe for an attribute value (a file name may hold any of these). */
function attr(text: string): string {
  return (
    text
      // Characters XML 1.0 cannot hold at all are dropped (a name is only a label).
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/\r/g, '&#13;')
      .replace(/\n/g, '&#10;')
      .replace(/\t/g, '&#9;')
  );
}

/** A frame count on the grid of `fps` as FCPXML's rational time ("0s", "125/25s"). */
function time(frames: number, fps: number): string {
  return frames === 0 ? '0s' : `${frames}/${fps}s`;
}

/** A source's frame duration: NTSC rates (23.976, 29.97, 59.94) as 1001/n000, the rest as 1/n. */
export function frameDuration(fps: number): string {
  const whole = Math.round(fps);
  const ntsc = Math.round((fps * 1001) / 1000);
  if (Math.abs(fps - (ntsc * 1000) / 1001) < 0.005 && Math.abs(fps - whole) > 0.005)
    return `1001/${ntsc * 1000}s`;
  return `1/${Math.max(1, whole)}s`;
}

/** A gain (0 to 1) as the decibels FCPXML's adjust-volume takes; silence as its floor. */
function decibels(volume: number): string {
  if (volume <= 0) return '-96dB';
  return `${(20 * Math.log10(volume)).toFixed(1)}dB`;
}

interface Element {
  name: string;
  attrs: Record<string, string | number>;
  children: Element[];
}

const el = (name: string, attrs: Element['attrs'], children: Element[] = []): Element => ({
  name,
  attrs,
  children,
});

function render(element: Element, depth: number): string {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(element.attrs)
    .map(([key, value]) => ` ${key}="${attr(String(value))}"`)
    .join('');
  if (element.children.length === 0) return `${pad}<${element.name}${attrs}/>`;
  return [
    `${pad}<${element.name}${attrs}>`,
    ...element.children.map((child) => render(child, depth + 1)),
    `${pad}</${element.name}>`,
  ].join('\n');
}

export function fcpxml(title: string, cut: CutResult): string {
  const fps = cut.fps;
  const frames = (seconds: number) => Math.round(seconds * fps);
  /** Whole frames of a source, never past its end (an asset-clip may not run longer than its media). */
  const sourceFrames = (seconds: number) => Math.max(1, Math.floor(seconds * fps + 1e-6));
  const resources: Element[] = [
    el('format', { id: 'r0', frameDuration: frameDuration(fps), width: cut.width, height: cut.height }),
  ];
  let nextId = 1;
  const id = () => `r${nextId++}`;
  const src = (path: string) => el('media-rep', { kind: 'original-media', src: pathToFileURL(path).href });

  // The spine: each shot at the frame the cut places it, lasting to where the next begins.
  // One asset (and format) per file: a shot used twice is one source in the editor, as in the library.
  const assets = new Map<string, { format: string; asset: string }>();
  const spine = cut.placed.map((shot) => {
    const known = assets.get(shot.path);
    const { format, asset } = known ?? { format: id(), asset: id() };
    assets.set(shot.path, { format, asset });
    if (!known)
      resources.push(
        el('format', {
          id: format,
          frameDuration: frameDuration(shot.fps ?? fps),
          ...(shot.width && shot.height ? { width: shot.width, height: shot.height } : {}),
        }),
        el(
          'asset',
          {
            id: asset,
            name: shot.name,
            start: '0s',
            duration: time(Math.ceil(shot.duration * fps - 1e-6), fps),
            hasVideo: 1,
            format,
            hasAudio: shot.hasAudio ? 1 : 0,
            ...(shot.hasAudio ? { audioSources: 1, audioChannels: 2, audioRate: 48000 } : {}),
          },
          [src(shot.path)],
        ),
      );
    const offset = frames(shot.start);
    const duration = frames(shot.start + shot.duration) - offset;
    return {
      offset,
      duration,
      clip: el('asset-clip', {
        ref: asset,
        offset: time(offset, fps),
        name: shot.name,
        start: '0s',
        duration: time(duration, fps),
        format,
        tcFormat: 'NDF',
      }),
    };
  });
  const total = frames(cut.durationSeconds);
  /** A connected clip hangs from the spine clip its start falls in, at its time in that clip. */
  const connect = (at: number, clip: (offset: string) => Element) => {
    const parent = [...spine].reverse().find((s) => s.offset <= at) ?? spine[0];
    if (parent) parent.clip.children.push(clip(time(at - parent.offset, fps)));
  };

  cut.narration.forEach((clip, i) => {
    const asset = id();
    resources.push(
      el(
        'asset',
        {
          id: asset,
          name: `Narration ${i + 1}`,
          start: '0s',
          duration: time(sourceFrames(clip.duration), fps),
          hasVideo: 0,
          hasAudio: 1,
          audioSources: 1,
        },
        [src(clip.path)],
      ),
    );
    const at = frames(clip.start);
    // A narration longer than what is left of the cut ends with it, as in the MP4.
    const duration = Math.min(sourceFrames(clip.duration), total - at);
    if (duration <= 0) return;
    connect(at, (offset) =>
      el('asset-clip', {
        ref: asset,
        lane: -1,
        offset,
        name: `Narration ${i + 1}`,
        start: '0s',
        duration: time(duration, fps),
        audioRole: 'dialogue',
      }),
    );
  });

  if (cut.music) {
    const asset = id();
    const length = sourceFrames(cut.music.duration);
    resources.push(
      el(
        'asset',
        {
          id: asset,
          name: 'Music bed',
          start: '0s',
          duration: time(length, fps),
          hasVideo: 0,
          hasAudio: 1,
          audioSources: 1,
        },
        [src(cut.music.path)],
      ),
    );
    // Looped to the film's length, as the MP4 plays it: one connected clip per pass.
    for (let at = 0; at < total; at += length) {
      const duration = Math.min(length, total - at);
      connect(at, (offset) =>
        el(
          'asset-clip',
          {
            ref: asset,
            lane: -2,
            offset,
            name: 'Music bed',
            start: '0s',
            duration: time(duration, fps),
            audioRole: 'music',
          },
          [el('adjust-volume', { amount: decibels(cut.music?.volume ?? 1) })],
        ),
      );
    }
  }

  const sequence = el(
    'sequence',
    {
      format: 'r0',
      duration: time(total, fps),
      tcStart: '0s',
      tcFormat: 'NDF',
      audioLayout: 'stereo',
      audioRate: '48k',
    },
    [
      el(
        'spine',
        {},
        spine.map((s) => s.clip),
      ),
    ],
  );
  const document = el('fcpxml', { version: FCPXML_VERSION }, [
    el('resources', {}, resources),
    el('library', {}, [el('event', { name: title }, [el('project', { name: title }, [sequence])])]),
  ]);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE fcpxml>', render(document, 0), ''].join('\n');
}
