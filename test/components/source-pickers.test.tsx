// The source pickers: a music operation's source is picked from the user's tracks and the demo's, with the
// spec's rules said where they bite; a grid's quadrant is one click, and Generate sends it. Typing an id stays possible.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DemoSources } from '../../shared/bridge/source-schemas';
import { type FamilyId } from '../../shared/catalog';
import { renderFamilyForm, pressGenerate, pressedRequest } from './family-form-rig';
import { libraryItem } from '../support/library-item';

afterEach(() => vi.unstubAllGlobals());

const seeded = (remoteTaskId: string, origin: 'extend' | 'upload' | 'generated', title: string) =>
  [1, 2].map((n) => ({
    remoteTaskId,
    origin,
    trackIndex: n,
    title: `${title} ${n}`,
    durationSeconds: 3.03,
    relativePath: `.demo-sources/${remoteTaskId}/track-${n}.mp3`,
    coverRelativePath: `.demo-sources/${remoteTaskId}/cover-${n}.png`,
  }));

const DEMO: DemoSources = {
  tracks: [
    ...seeded('music-extend-1', 'extend', 'Night Drive'),
    ...seeded('music-upload-1', 'upload', 'Uploaded Demo'),
  ],
  grids: [{ remoteTaskId: 'grid-1', relativePath: '.demo-sources/grid-1/grid.png' }],
};

/** A track this app made with a music operation: a library item with a track number. */
const ownTrack = libraryItem({
  id: 'own-1',
  kind: 'audio',
  path: '/lib/song.mp3',
  thumbnailPath: '/lib/song-cover.webp',
  durationSeconds: 62,
  prompt: null,
  model: 'music_model_id',
  family: 'music.adjustSpeed',
  taskId: 'local-9',
  remoteTaskId: 'remote-own-9',
  cost: null,
  createdAt: 1,
  title: 'My Song',
  trackIndex: 1,
});

function renderForm(family: FamilyId) {
  return renderFamilyForm(family, {
    library: { query: async () => ({ items: [ownTrack], total: 1 }) },
    sources: {
      demo: async () => DEMO,
      // A track an earlier concat named (it failed: its origin unknown) and a grid an earlier upscale named.
      earlier: async () => ({
        tracks: [
          { remoteTaskId: 'ext-outside-3', trackIndex: 1, origin: null, usedBy: 'music.concat', usedAt: 5 },
        ],
        grids: [{ remoteTaskId: 'grid-outside-4', usedAt: 6 }],
      }),
    },
  });
}

describe('music source picker', () => {
  it('[SRC-1] lists each track with its cover, title, length, 1-based number and a play button', async () => {
    renderForm('music.generateMp4');
    const picker = await screen.findByTestId('music-source-picker');
    const yours = await within(picker).findByRole('group', { name: 'Your tracks' });
    expect(yours).toHaveTextContent('My Song');
    expect(yours).toHaveTextContent('Track 1 · 1:02 · made here by Adjust speed');
    const demo = within(picker).getByRole('group', { name: 'Demo tracks' });
    expect(within(demo).getAllByTestId('source-track')).toHaveLength(4);
    expect(demo).toHaveTextContent('Night Drive 2Track 2 · 0:03 · extend product');
    const row = within(demo).getAllByTestId('source-track')[1] as HTMLElement;
    expect(row.querySelector('img')).toHaveAttribute(
      'src',
      '/media/.demo-sources/music-extend-1/cover-2.png',
    );
    expect(row.querySelector('audio')).toHaveAttribute(
      'src',
      '/media/.demo-sources/music-extend-1/track-2.mp3',
    );
    const play = within(row).getByRole('button', { name: 'Play Night Drive 2' });
    await userEvent.click(play);
    expect(within(row).getByRole('button', { name: 'Pause Night Drive 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Any track goes for a music video: nothing is marked as refused.
    expect(screen.queryByText(/refuses it/)).toBeNull();
  });

  it('[EP-MUSIC-3] sends the picked track as task_id and audio_index with the catalog model', async () => {
    const { sent } = renderForm('music.generateMp4');
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Night Drive 2, track 2 of music-extend-1' }),
    );
    expect(screen.getByLabelText('Source task id')).toHaveValue('music-extend-1');
    await pressGenerate();
    expect(await sent()).toEqual(
      pressedRequest({
        family: 'music.generateMp4',
        model: 'music_model_id',
        params: { task_id: 'music-extend-1', audio_index: 2 },
      }),
    );
  });

  it('a track an earlier task named is offered by its id; of unknown origin, the gateway judges it', async () => {
    const { sent } = renderForm('music.concat');
    const earlier = await screen.findByRole('group', { name: 'Named by your earlier tasks on this gateway' });
    expect(earlier).toHaveTextContent('Untitled trackTrack 1 · used by Join segments before');
    expect(within(earlier).queryByText(/refuses it/)).toBeNull();
    await userEvent.click(
      within(earlier).getByRole('radio', { name: 'Untitled track, track 1 of ext-outside-3' }),
    );
    await pressGenerate();
    expect((await sent())?.params).toEqual({ task_id: 'ext-outside-3', audio_index: 1 });
  });

  it('[EP-MUSIC-2] concat says it takes only an extend product and refuses another before sending', async () => {
    const { submit, sent } = renderForm('music.concat');
    expect(
      await screen.findByText(
        'Join segments takes only a track made by an extend operation: it joins that product’s segments into one song.',
      ),
    ).toBeVisible();
    await userEvent.click(await screen.findByRole('radio', { name: 'My Song, track 1 of remote-own-9' }));
    expect(screen.getAllByText('Not an extend product: Join segments refuses it.')).toHaveLength(3);
    await pressGenerate();
    expect(await screen.findByTestId('source-problem')).toHaveTextContent(
      'Join segments takes only a track made by an extend operation, and “My Song” was not: nothing was sent. Pick an extend product.',
    );
    expect(submit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('radio', { name: 'Night Drive 1, track 1 of music-extend-1' }));
    expect(screen.queryByTestId('source-problem')).toBeNull();
    await pressGenerate();
    expect((await sent())?.params).toEqual({ task_id: 'music-extend-1', audio_index: 1 });
  });

  it('[EP-MUSIC-5] add-instrumental takes only an uploaded track', async () => {
    const { submit } = renderForm('music.addInstrumental');
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Night Drive 1, track 1 of music-extend-1' }),
    );
    await pressGenerate();
    expect(await screen.findByTestId('source-problem')).toHaveTextContent(
      'Add instrumental takes only your own track created through an upload task',
    );
    expect(submit).not.toHaveBeenCalled();
  });

  it('[SRC-1] a gateway task id made elsewhere can still be typed', async () => {
    const { sent } = renderForm('music.concat');
    await screen.findByTestId('music-source-picker');
    await userEvent.type(screen.getByLabelText('Source task id'), 'made-elsewhere-7');
    await userEvent.clear(screen.getByLabelText('Track number'));
    await userEvent.type(screen.getByLabelText('Track number'), '2');
    await pressGenerate();
    expect((await sent())?.params).toEqual({ task_id: 'made-elsewhere-7', audio_index: 2 });
  });
});

describe('grid picker', () => {
  it('[EP-GRID-1] shows the grid; a quadrant clicked fills the form and only Generate sends it, once', async () => {
    const { sent, submit } = renderForm('grid.upscale');
    const picker = await screen.findByTestId('grid-picker');
    expect(await within(picker).findByRole('img', { name: 'Four-image grid grid-1' })).toHaveAttribute(
      'src',
      '/media/.demo-sources/grid-1/grid.png',
    );
    // The grid an earlier upscale named comes after it, without a picture (it was never downloaded here).
    const earlier = within(picker).getByRole('group', { name: 'Quadrants of grid-outside-4' });
    expect(within(earlier).queryByRole('img')).toBeNull();
    expect(picker).toHaveTextContent(
      'grid-outside-4 · Upscaled before; the grid itself was not downloaded here.',
    );
    const shown = within(picker).getByRole('group', { name: 'Quadrants of grid-1' });
    const u3 = within(shown).getByRole('button', { name: 'U3: upscale the bottom-left image' });
    await userEvent.click(u3);
    // Picked, not sent: a paid action fires only on the press that shows its price.
    expect(u3).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Source task id')).toHaveValue('grid-1');
    expect(screen.getByLabelText('Grid image (1 to 4)')).toHaveValue(3);
    expect(within(picker).getByTestId('grid-picked')).toHaveTextContent(
      'U3 of grid-1 is in the form below: press Generate to upscale it.',
    );
    expect(submit).not.toHaveBeenCalled();
    await pressGenerate();
    expect(await sent()).toEqual(
      pressedRequest({
        family: 'grid.upscale',
        model: '',
        params: { task_id: 'grid-1', index: 3, speed: 'fast' },
      }),
    );
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
