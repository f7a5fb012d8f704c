// Presets, styles, pinned prompts and the prompt history travel with the library: a second device pointed at
// the same remote shows them, edits on both merge row by row (the later edit wins whole), and a delete or a
// forgotten prompt goes everywhere. Through the plain-folder remote (the adapters are proven elsewhere).
import { describe, expect, it } from 'vitest';
import { PresetStore, PromptHistory } from '../../../electron/core/presets';
import { useFolderDevices } from './folder-devices';
import type { Device } from './sync-devices';

const devices = useFolderDevices('sync-presets-');
const pair = () => devices.pair();

const rooms = (device: Device) => ({
  presets: new PresetStore({ db: device.db }),
  history: new PromptHistory({ db: device.db }),
});

/** What a person compares: the presets, styles and the prompt list with its pins. */
function shown(device: Device) {
  const { presets, history } = rooms(device);
  return {
    presets: presets
      .presets()
      .map(({ id, name, family, model, params }) => ({ id, name, family, model, params })),
    styles: presets.styles().map(({ id, name, text, placement }) => ({ id, name, text, placement })),
    prompts: history.list().map(({ text, uses, pinned, family }) => ({ text, uses, pinned, family })),
  };
}

async function converge(a: Device, b: Device): Promise<void> {
  await a.sync.runRound();
  await b.sync.runRound();
  await a.sync.runRound();
}

describe('presets and prompt history sync', () => {
  it('reach a second device, and edits on both merge row by row', async () => {
    const [a, b] = await pair();
    const onA = rooms(a);
    const kept = onA.presets.savePreset({
      name: 'Square product shot',
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { size: '1:1' },
    });
    const style = onA.presets.saveStyle({ name: 'Film', text: 'shot on 35mm film', placement: 'after' });
    onA.history.record({ text: 'a heron at dawn', family: 'image.i3', sentAt: 1_000, taskId: 'task-1' });
    onA.history.record({ text: 'a heron at dawn', family: 'image.i3', sentAt: 2_000, taskId: 'task-2' });
    onA.history.record({ text: 'rain on a tin roof', family: 'image.i3', sentAt: 3_000, taskId: 'task-3' });
    onA.history.pin('rain on a tin roof', true);
    await converge(a, b);
    expect(shown(b)).toEqual(shown(a));
    expect(shown(b).prompts).toEqual([
      { text: 'rain on a tin roof', uses: 1, pinned: true, family: 'image.i3' },
      { text: 'a heron at dawn', uses: 2, pinned: false, family: 'image.i3' },
    ]);

    // Each device edits while the other is away: a rename here, a new preset, a deleted style and a
    // forgotten prompt there.
    const onB = rooms(b);
    onA.presets.updatePreset(kept.id, { name: 'Square shot' });
    onA.history.record({ text: 'lanterns', family: 'image.i3', sentAt: 4_000, taskId: 'task-4' });
    onB.presets.savePreset({ name: 'Wide', family: 'image.i3', model: 'image_model_id_i3', params: {} });
    onB.presets.deleteStyle(style.id);
    onB.history.forget('a heron at dawn');
    onB.history.pin('rain on a tin roof', false);
    await converge(a, b);
    expect(shown(b)).toEqual(shown(a));
    expect(shown(a).presets.map((p) => p.name)).toEqual(['Square shot', 'Wide']);
    expect(shown(a).styles).toEqual([]);
    expect(shown(a).prompts.map(({ text, pinned }) => [text, pinned])).toEqual([
      ['lanterns', false],
      ['rain on a tin roof', false],
    ]);
  });

  it('the later edit of one preset wins on both devices, and a fresh device restores them all', async () => {
    const [a, b] = await pair();
    const preset = rooms(a).presets.savePreset({
      name: 'Portrait',
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: {},
    });
    await converge(a, b);
    rooms(a).presets.updatePreset(preset.id, { name: 'Portrait (a)' });
    rooms(b).presets.updatePreset(preset.id, { name: 'Portrait (b)' });
    // b's edit is stamped when its round sends it, after a's: b's wins everywhere.
    await a.sync.runRound();
    await b.sync.runRound();
    await a.sync.runRound();
    expect(rooms(a).presets.preset(preset.id).name).toBe('Portrait (b)');
    expect(rooms(b).presets.preset(preset.id).name).toBe('Portrait (b)');

    const fresh = await devices.open('fresh');
    await fresh.sync.restore();
    expect(shown(fresh)).toEqual(shown(a));
  });
});
