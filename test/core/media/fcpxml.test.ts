// The cut's FCPXML, read back as an XML document (jsdom's parser, which refuses anything not well-formed) and
// checked against the cut it describes and against Debian's ffprobe of each file: every reference resolves, the
// spine's clips follow each other frame for frame and last as long as the MP4, each shot's asset has the shot's
// own size, rate and length, narration and music hang below their shots on lanes of their own, the bed looped to
// the film's length at its volume; names with XML's special characters stay names.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleCut, type CutResult } from '../../../electron/core/media/cut-assembly';
import { fcpxml, frameDuration } from '../../../electron/core/media/fcpxml';
import { ffprobe } from '../../support/ffprobe';
import { all, parseXml, type XmlDocument, type XmlElement } from '../../support/xml-document';

const FIXTURES = join(process.cwd(), 'electron/simulator/fixtures');
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fcpxml-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Rational FCPXML time ("0s", "75/15s", "1001/30000s") in seconds. */
function seconds(value: string | null): number {
  const match = /^(\d+)(?:\/(\d+))?s$/.exec(value ?? '');
  if (!match) throw new Error(`not a rational time: ${value}`);
  return Number(match[1]) / Number(match[2] ?? 1);
}

const parse = (xml: string): XmlDocument => parseXml(xml);

const children = (parent: XmlElement, name: string) => all(parent.children).filter((c) => c.tagName === name);

describe('the FCPXML edit list', () => {
  let cut: CutResult;
  let xml = '';
  let out = '';

  beforeAll(async () => {
    // Shots that differ: the fixture (320x180 at 15 fps, with sound) and a silent 640x360 clip at 25 fps whose
    // file name holds every character XML escapes.
    const odd = join(dir, `Mia & "the <fox>" 's.mp4`);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=640x360:rate=25:duration=2.6',
      '-pix_fmt',
      'yuv420p',
      '-y',
      odd,
    ]);
    const first = join(dir, 'shot-1.mp4');
    await copyFile(join(FIXTURES, 'video.mp4'), first);
    out = join(dir, 'cut.mp4');
    cut = await assembleCut({
      shots: [
        { path: first, name: 'Shot 1' },
        { path: odd, name: 'Shot 2' },
        { path: first, name: 'Shot 3' },
      ],
      narration: [{ shot: 1, path: join(FIXTURES, 'speech.flac') }],
      music: { path: join(FIXTURES, 'music.mp3'), volume: 0.5 },
      out,
    });
    xml = fcpxml('Fox & Mia <at dawn>', cut);
  });

  it('is a well-formed FCPXML 1.9 document whose every reference resolves', () => {
    // The parser is strict: a document that is not well-formed is refused, so the one below was read whole.
    expect(() => parseXml('<fcpxml><spine></fcpxml>')).toThrow(/not well-formed/);
    expect(() => parseXml('<fcpxml name="a & b"/>')).toThrow(/not well-formed/);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE fcpxml>\n')).toBe(true);
    const doc = parse(xml);
    const root = doc.documentElement;
    expect(root.tagName).toBe('fcpxml');
    expect(root.getAttribute('version')).toBe('1.9');
    expect(children(root, 'resources')).toHaveLength(1);
    const ids = new Set(all(doc.querySelectorAll('resources > *')).map((r) => r.getAttribute('id')));
    expect(ids.size).toBe(doc.querySelectorAll('resources > *').length);
    // One asset per file: shots 1 and 3 are the same file.
    const sources = all(doc.querySelectorAll('asset > media-rep')).map((m) => m.getAttribute('src'));
    expect(new Set(sources).size).toBe(sources.length);
    const spine = all(doc.querySelectorAll('spine > asset-clip'));
    expect(spine[0]?.getAttribute('ref')).toBe(spine[2]?.getAttribute('ref'));
    for (const clip of all(doc.querySelectorAll('asset-clip'))) {
      expect(ids.has(clip.getAttribute('ref'))).toBe(true);
      expect(doc.getElementById(clip.getAttribute('ref') ?? '')?.tagName).toBe('asset');
    }
    for (const node of all(doc.querySelectorAll('[format]')))
      expect(doc.getElementById(node.getAttribute('format') ?? '')?.tagName).toBe('format');
    const event = doc.querySelector('fcpxml > library > event');
    expect(event?.getAttribute('name')).toBe('Fox & Mia <at dawn>');
    expect(event?.querySelector(':scope > project > sequence > spine')).not.toBeNull();
  });

  it('places each shot on the spine frame for frame where the MP4 has it, as long as the cut', () => {
    const doc = parse(xml);
    const sequence = doc.querySelector('sequence') as XmlElement;
    const format = doc.getElementById(sequence.getAttribute('format') ?? '') as XmlElement;
    expect(format.getAttribute('frameDuration')).toBe(`1/${cut.fps}s`);
    expect([format.getAttribute('width'), format.getAttribute('height')]).toEqual([
      String(cut.width),
      String(cut.height),
    ]);
    const frame = 1 / cut.fps;
    const spine = children(doc.querySelector('spine') as XmlElement, 'asset-clip');
    expect(spine.map((c) => c.getAttribute('name'))).toEqual(['Shot 1', 'Shot 2', 'Shot 3']);
    let at = 0;
    spine.forEach((clip, i) => {
      const offset = seconds(clip.getAttribute('offset'));
      const duration = seconds(clip.getAttribute('duration'));
      // Each clip begins where the one before ends, and where the cut placed its shot (to the frame).
      expect(offset).toBeCloseTo(at, 9);
      expect(Math.abs(offset - (cut.placed[i]?.start ?? 0))).toBeLessThanOrEqual(frame / 2 + 1e-9);
      expect(Math.abs(duration - (cut.placed[i]?.duration ?? 0))).toBeLessThanOrEqual(frame + 1e-9);
      // Offsets and durations are on the sequence's frame grid.
      for (const t of [offset, duration])
        expect(Math.abs(t * cut.fps - Math.round(t * cut.fps))).toBeLessThan(1e-9);
      at = offset + duration;
    });
    const total = seconds(sequence.getAttribute('duration'));
    expect(at).toBeCloseTo(total, 9);
    expect(Math.abs(total - ffprobe(out).duration)).toBeLessThanOrEqual(frame + 0.05);
  });

  it('gives each shot an asset with its own format, file and length, as ffprobe reads the file', () => {
    const doc = parse(xml);
    const spine = children(doc.querySelector('spine') as XmlElement, 'asset-clip');
    const expected = [
      { size: ['320', '180'], rate: '1/15s', audio: '1' },
      { size: ['640', '360'], rate: '1/25s', audio: '0' },
      { size: ['320', '180'], rate: '1/15s', audio: '1' },
    ];
    spine.forEach((clip, i) => {
      const asset = doc.getElementById(clip.getAttribute('ref') ?? '') as XmlElement;
      const path = fileURLToPath(asset.querySelector('media-rep')?.getAttribute('src') ?? '');
      expect(path).toBe(cut.placed[i]?.path);
      const format = doc.getElementById(asset.getAttribute('format') ?? '') as XmlElement;
      expect([format.getAttribute('width'), format.getAttribute('height')]).toEqual(expected[i]?.size);
      expect(format.getAttribute('frameDuration')).toBe(expected[i]?.rate);
      expect(asset.getAttribute('hasVideo')).toBe('1');
      expect(asset.getAttribute('hasAudio')).toBe(expected[i]?.audio);
      // The asset is at least as long as the clip that uses it, and within a frame of the file's length.
      const length = seconds(asset.getAttribute('duration'));
      expect(length).toBeGreaterThanOrEqual(seconds(clip.getAttribute('duration')));
      expect(Math.abs(length - ffprobe(path).duration)).toBeLessThanOrEqual(1 / cut.fps + 0.05);
    });
  });

  it('connects narration below its shot and the music bed, looped at its volume, below that', () => {
    const doc = parse(xml);
    const spine = children(doc.querySelector('spine') as XmlElement, 'asset-clip');
    const narration = all(doc.querySelectorAll('asset-clip[lane="-1"]'));
    expect(narration).toHaveLength(1);
    // Narration of shot 2 hangs from shot 2, from its first frame, in the dialogue role.
    expect(narration[0]?.parentElement).toBe(spine[1]);
    expect(narration[0]?.getAttribute('offset')).toBe('0s');
    expect(narration[0]?.getAttribute('audioRole')).toBe('dialogue');
    const voice = doc.getElementById(narration[0]?.getAttribute('ref') ?? '') as XmlElement;
    expect(voice.getAttribute('hasVideo')).toBe('0');
    const said = seconds(narration[0]?.getAttribute('duration') ?? null);
    expect(Math.abs(said - ffprobe(join(FIXTURES, 'speech.flac')).duration)).toBeLessThanOrEqual(
      1 / cut.fps + 0.05,
    );

    // The bed: passes that together cover the film exactly, each where the last one ends.
    const music = all(doc.querySelectorAll('asset-clip[lane="-2"]'));
    expect(music.length).toBeGreaterThan(1);
    const timeline = music.map((clip) => {
      const parent = clip.parentElement as XmlElement;
      return {
        at: seconds(parent.getAttribute('offset')) + seconds(clip.getAttribute('offset')),
        duration: seconds(clip.getAttribute('duration')),
        parentEnd: seconds(parent.getAttribute('offset')) + seconds(parent.getAttribute('duration')),
      };
    });
    let at = 0;
    for (const pass of timeline) {
      expect(pass.at).toBeCloseTo(at, 9);
      // Anchored inside the shot it starts in.
      expect(pass.at).toBeLessThan(pass.parentEnd);
      at += pass.duration;
    }
    expect(at).toBeCloseTo(seconds(doc.querySelector('sequence')?.getAttribute('duration') ?? null), 9);
    expect(timeline[0]?.duration).toBeLessThanOrEqual(ffprobe(join(FIXTURES, 'music.mp3')).duration);
    for (const clip of music) {
      expect(clip.getAttribute('audioRole')).toBe('music');
      expect(clip.querySelector('adjust-volume')?.getAttribute('amount')).toBe('-6.0dB');
    }
  });

  it('names NTSC rates as 1001 fractions and whole rates as 1/n', () => {
    expect(frameDuration(29.97)).toBe('1001/30000s');
    expect(frameDuration(23.976)).toBe('1001/24000s');
    expect(frameDuration(59.94)).toBe('1001/60000s');
    expect(frameDuration(25)).toBe('1/25s');
    expect(frameDuration(24)).toBe('1/24s');
  });
});
