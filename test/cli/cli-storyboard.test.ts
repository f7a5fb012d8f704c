// `storyboard run` against the real simulator, the real core and the npm package's ffmpeg, checked with Debian's
// ffprobe: --dry-run prints one price for the whole board and sends nothing; a run of three shots (the second
// continuing from the first, the third taking the cast's pictures), narration and a music bed files one cut
// whose length is the sum of its shots and which has sound, with a CMX3600 EDL and an FCPXML beside it; the first frame
// shot 2 was sent is exactly the last frame taken from shot 1's video (its bytes' hash).
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { pollPriorsAtTimeScale } from '../../electron/core/tasks';
import { SIM_SEEDS } from '../../electron/simulator';
import { cli, useSimulatorCli } from './cli-harness';
import { ffprobe } from '../support/ffprobe';
import { all, parseXml } from '../support/xml-document';

// The simulator at a hundredth of real time, and the CLI's first poll of each part following that clock
// (pollPriorsAtTimeScale, as cli-gateway.test.ts does): with the real priors each finished video was first asked
// about after 15 s.
const TIME_SCALE = 0.01;
const rig = useSimulatorCli({ timeScale: TIME_SCALE });
const FAST_POLLS = { polling: pollPriorsAtTimeScale(TIME_SCALE) };

const MIA = 'https://example.com/mia.png';
const board = {
  format: 'gateway-studio-storyboard',
  version: 1,
  storyboard: {
    name: 'Mia at dawn',
    cast: [{ name: 'Mia', kind: 'character', references: [MIA], voice: 'nova' }],
    shots: [
      {
        family: 'video.v1',
        model: 'video_model_id_v1_pro',
        prompt: '@Mia walks out of the snowy forest',
        duration: 5,
        narration: 'Mia had walked all night. The town was close now.',
      },
      {
        family: 'video.v1',
        model: 'video_model_id_v1_pro',
        prompt: 'she stops and looks at the valley',
        duration: 5,
        continuePrevious: true,
      },
      {
        family: 'video.v2',
        model: 'video_model_id_v2',
        prompt: 'close-up of @Mia smiling',
        duration: 5,
        narration: '@Mia: I am home.',
      },
    ],
    narration: { model: 'speech_model_id', voice: 'alloy' },
    music: {
      family: 'music.adjustSpeed',
      model: 'music_model_id',
      params: { task_id: SIM_SEEDS.musicExtend, audio_index: 1, speed: 1 },
    },
  },
};

const seeded = new Set<string>(Object.values(SIM_SEEDS));
const created = () => rig.sim.createdTasks().filter((t) => !seeded.has(t.id));

beforeAll(async () => {
  await writeFile(join(rig.dir, 'board.json'), JSON.stringify(board));
});

describe('storyboard run', () => {
  it('--dry-run prints every part, the note on cast V1 cannot take and the total, and sends nothing', async () => {
    const run = await cli(['storyboard', 'run', 'board.json', '--dry-run'], rig.env, rig.dir, FAST_POLLS);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Shot 1 · Video V1:');
    expect(run.stdout).toContain('Narration 3:');
    expect(run.stdout).toContain('Music:');
    expect(run.stdout).toContain(
      'Shot 1 (Video V1): the pictures of Mia are not sent: Video V1 takes no reference images (models that do: Video V2 (reference-to-video), Video S).',
    );
    expect(run.stdout).toMatch(/total(: not known yet| ≈ [\d.]+ USD for the whole board \(6 parts\))/);
    expect(created()).toEqual([]);
  });

  it('--shot N prices and runs that shot alone: its narration, no music, nothing before it', async () => {
    const bad = await cli(['storyboard', 'run', 'board.json', '--shot', '4', '--dry-run'], rig.env, rig.dir);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("--shot takes a shot's number, 1 to 3.");
    const priced = await cli(
      ['storyboard', 'run', 'board.json', '--shot', '3', '--dry-run'],
      rig.env,
      rig.dir,
    );
    expect(priced.code, priced.stderr).toBe(0);
    expect(priced.stdout).toContain('Shot 1 · Video V2');
    expect(priced.stdout).toContain('Narration 1');
    expect(priced.stdout).not.toContain('Music');
    expect(priced.stdout).not.toContain('Video V1');
    expect(created()).toEqual([]);

    const before = created().length;
    const run = await cli(
      ['--json', 'storyboard', 'run', 'board.json', '--shot', '2', '--yes'],
      rig.env,
      rig.dir,
    );
    expect(run.code, run.stderr).toBe(0);
    const sent = created().slice(before);
    // Shot 2 alone: one task, sent without a first frame (it has no shot before it to continue from).
    expect(sent).toHaveLength(1);
    const body = sent[0]?.body as Record<string, unknown>;
    expect(body.prompt).toBe('she stops and looks at the valley');
    expect(body.first_frame_image).toBeUndefined();
    const out = JSON.parse(run.stdout) as { run: { state: string; shots: unknown[] }; cut: { path: string } };
    expect(out.run.state).toBe('completed');
    expect(out.run.shots).toHaveLength(1);
  }, 120_000);

  it('runs the board: shots, narration and music cut into one MP4 as long as its shots, with sound and an EDL', async () => {
    const run = await cli(
      ['--json', 'storyboard', 'run', 'board.json', '--yes'],
      rig.env,
      rig.dir,
      FAST_POLLS,
    );
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as {
      run: {
        shots: { taskId: string; firstFrame: string | null }[];
        editList: string;
        finalCutXml: string;
        state: string;
      };
      shots: { path: string }[];
      cut: { path: string; kind: string; taskId: string };
    };
    expect(out.run.state).toBe('completed');
    // Three shots and the music were sent, once each (after the one shot the test above ran alone).
    const tasks = created().slice(1);
    expect(tasks).toHaveLength(4);
    const bodies = tasks.map((t) => t.body as Record<string, unknown>);
    // The cast's pictures went to V2, not to V1; @Mia was sent as her name.
    const v2 = bodies.find((b) => b.model === 'video_model_id_v2');
    expect(v2?.image_urls).toEqual([MIA]);
    expect(v2?.prompt).toBe('close-up of Mia smiling');
    expect(bodies.filter((b) => b.model === 'video_model_id_v1_pro').map((b) => b.image_urls)).toEqual([
      undefined,
      undefined,
    ]);

    // Shot 2's first frame is shot 1's last frame: the picture sent is the frame extracted from shot 1's video.
    const shot2 = bodies.find((b) => b.prompt === 'she stops and looks at the valley');
    const sent = String(shot2?.first_frame_image);
    const sentBytes = Buffer.from(sent.slice(sent.indexOf(',') + 1), 'base64');
    const scratch = join(rig.dir, 'lib', '.storyboard');
    const extracted = (await readdir(scratch)).find((f) => f.endsWith('-shot-2-first.png')) ?? '';
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(sentBytes)).toBe(sha(await readFile(join(scratch, extracted))));
    expect(out.run.shots[1]?.firstFrame).toBe(`studio-ref:${sha(sentBytes)}`);

    // The cut: as long as its three shots, with picture and sound; its edit list beside it.
    const cut = ffprobe(out.cut.path);
    const shotPaths = out.shots.map((shot) => shot.path);
    const sum = shotPaths.map((p) => ffprobe(p).duration).reduce((a, b) => a + b, 0);
    expect(Math.abs(cut.duration - sum)).toBeLessThan(0.1);
    expect([...cut.streams].sort()).toEqual(['audio', 'video']);
    expect(out.cut.kind).toBe('video');
    const edl = await readFile(out.run.editList, 'utf8');
    expect(edl).toContain('TITLE: Mia at dawn');
    expect(edl.match(/^\d{3} {2}SHOT/gm)).toHaveLength(3);
    expect(edl.match(/^\d{3} {2}VO/gm)).toHaveLength(2);
    // And its FCPXML: the three shots on the spine, by their library files, as long as the cut; narration and
    // the music bed connected below them.
    expect(out.run.finalCutXml).toBe(out.cut.path.replace(/\.mp4$/, '.fcpxml'));
    const doc = parseXml(await readFile(out.run.finalCutXml, 'utf8'));
    const spine = all(doc.querySelectorAll('spine > asset-clip'));
    expect(
      spine.map((clip) => {
        const src = doc.getElementById(clip.getAttribute('ref') ?? '')?.querySelector('media-rep');
        return fileURLToPath(src?.getAttribute('src') ?? '');
      }),
    ).toEqual(shotPaths);
    const rational = (t: string | null) => {
      const [n = '0', d = '1'] = (t ?? '0s').replace(/s$/, '').split('/');
      return Number(n) / Number(d);
    };
    const spineSum = spine.map((c) => rational(c.getAttribute('duration'))).reduce((a, b) => a + b, 0);
    expect(Math.abs(spineSum - cut.duration)).toBeLessThan(0.1);
    expect(doc.querySelectorAll('spine > asset-clip > asset-clip[lane="-1"]')).toHaveLength(2);
    expect(doc.querySelectorAll('spine > asset-clip > asset-clip[lane="-2"]').length).toBeGreaterThan(0);
  }, 120_000);
});
