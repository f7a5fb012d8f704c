// `edit ITEM --region x,y,w,h --prompt …` end to end: the real CLI, core and simulator. The takes are new
// library items in which only the region changed; region numbers from the command line are checked before
// anything is sent, and said back in words.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import type { LibraryItem } from '../../shared/studio/records';
import { decodePicture } from '../../electron/core/region-edit/region-composite';
import { regionMask } from '../../electron/core/region-edit/region-mask';
import { maskedHashes } from '../core/region-edit/masked-hash';
import { cli, useSimulatorCli } from './cli-harness';

// Every duration 100 times faster: image tasks settle in about a second of real time.
const rig = useSimulatorCli({ timeScale: 0.01 });

async function run(args: string[]) {
  return cli(['--json', ...args], rig.env, rig.dir);
}

it('edits a rectangle of a library picture in two takes, each a new item changed only inside it', async () => {
  const made = await run([
    'generate',
    'image_model_id_i3',
    '--prompt',
    'a harbour at noon',
    '--set',
    'size=4:3',
  ]);
  expect(made.code, made.stderr).toBe(0);
  const [original] = (made.json() as { items: LibraryItem[] }).items;
  if (!original) throw new Error('no picture');

  const edited = await run([
    'edit',
    original.id,
    '--region',
    '200,150,300,200',
    '--prompt',
    'put a red boat here',
    '--model',
    'image_model_id_i2',
    '--takes',
    '2',
  ]);
  expect(edited.code, edited.stdout + edited.stderr).toBe(0);
  const out = edited.json() as { original: string; tasks: { status: string }[]; items: LibraryItem[] };
  expect(out.original).toBe(original.id);
  expect(out.tasks).toHaveLength(2);
  expect(out.items).toHaveLength(2);
  const before = await decodePicture(await readFile(original.path));
  const mask = await regionMask(
    { kind: 'rect', x: 200, y: 150, w: 300, h: 200 },
    before.width,
    before.height,
  );
  if (!mask) throw new Error('no mask');
  const expected = maskedHashes(before, mask);
  for (const item of out.items) {
    expect(item.id).not.toBe(original.id);
    const hashes = maskedHashes(await decodePicture(await readFile(item.path)), mask);
    expect(hashes.outside).toBe(expected.outside);
    expect(hashes.inside).not.toBe(expected.inside);
  }
});

it('refuses region numbers that are not four whole numbers, or that leave the picture, sending nothing', async () => {
  const made = await run(['generate', 'image_model_id_i3', '--prompt', 'a field', '--set', 'size=1:1']);
  const [original] = (made.json() as { items: LibraryItem[] }).items;
  if (!original) throw new Error('no picture');
  const before = (await run(['tasks'])).json() as { tasks: unknown[] };

  const garbled = await run(['edit', original.id, '--region', '10,10,-5,20', '--prompt', 'x']);
  expect(garbled.code).toBe(2);
  expect(garbled.json()).toMatchObject({ error: { message: expect.stringMatching(/four whole numbers/) } });

  const past = await run(['edit', original.id, '--region', '900,900,300,300', '--prompt', 'x']);
  expect(past.code).toBe(2);
  expect(past.json()).toMatchObject({
    error: { message: expect.stringMatching(/goes past the picture, which is 1024×1024/) },
  });

  const noItem = await run(['edit', 'no-such-item', '--region', '0,0,5,5', '--prompt', 'x']);
  expect(noItem.code).toBe(2);

  const takes = await run(['edit', original.id, '--region', '0,0,5,5', '--prompt', 'x', '--takes', '40']);
  expect(takes.code).toBe(2);

  const after = (await run(['tasks'])).json() as { tasks: unknown[] };
  expect(after.tasks).toHaveLength(before.tasks.length);
});
