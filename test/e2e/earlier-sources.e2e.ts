/// <reference lib="dom" />
// On a gateway of the user's own (no demo seeds), music and upscale need a source no form here makes: the
// pickers say plainly that a first track or a grid comes from outside the app, and once a task has
// named one, every later operation offers it, picked instead of typed again.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseFamily, SHOTS } from './demo-studio';
import { connect, useOwnGatewayStudio } from './own-gateway-studio';

const studio = useOwnGatewayStudio('earlier-sources');

/** The body the gateway received last, once it names this source. */
const receivedWith = async (taskId: string, field: 'audio_index' | 'index', value: number) => {
  await expect
    .poll(
      () => studio.gateway.createdTasks().some((t) => t.body.task_id === taskId && t.body[field] === value),
      { timeout: 60_000 },
    )
    .toBe(true);
};

describe('sources from earlier tasks', () => {
  it('a track named by an earlier music task is offered to the next operation and picked from the list', async () => {
    await connect(studio);
    const { page } = studio;
    await chooseFamily(page, 'music.generateMp4');
    const picker = page.getByTestId('music-source-picker');
    await picker.getByText('comes from outside the app').waitFor();
    const form = page.getByTestId('form-music.generateMp4');
    await form.getByLabel('Source task id').fill('music-upload-1');
    await form.getByLabel('Track number').fill('2');
    await page.getByRole('button', { name: 'Generate' }).click();
    await receivedWith('music-upload-1', 'audio_index', 2);

    await chooseFamily(page, 'music.addInstrumental');
    const earlier = page
      .getByTestId('music-source-picker')
      .getByRole('group', { name: 'Named by your earlier tasks on this gateway' });
    const track = earlier.getByRole('radio', { name: /track 2 of music-upload-1$/ });
    await track.waitFor({ timeout: 30_000 });
    await earlier.getByText('used by Music video before').waitFor();
    await track.check();
    const next = page.getByTestId('form-music.addInstrumental');
    expect(await next.getByLabel('Source task id').inputValue()).toBe('music-upload-1');
    expect(await next.getByLabel('Track number').inputValue()).toBe('2');
    await earlier.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'earlier-sources-track.png') });
    const sent = studio.gateway.createdTasks().length;
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => studio.gateway.createdTasks().length, { timeout: 60_000 }).toBe(sent + 1);
    expect(studio.gateway.createdTasks().at(-1)?.body).toMatchObject({
      task_id: 'music-upload-1',
      audio_index: 2,
    });
  });

  it('a grid an earlier upscale named is offered with its four quadrants', async () => {
    const { page } = studio;
    await chooseFamily(page, 'grid.upscale');
    const picker = page.getByTestId('grid-picker');
    await picker.getByText('a grid comes from outside the app').waitFor();
    const form = page.getByTestId('form-grid.upscale');
    await form.getByLabel('Source task id').fill('grid-1');
    await form.getByLabel('Grid image (1 to 4)').fill('1');
    await page.getByRole('button', { name: 'Generate' }).click();
    await receivedWith('grid-1', 'index', 1);

    await chooseFamily(page, 'music.concat');
    await chooseFamily(page, 'grid.upscale');
    const quadrants = page.getByRole('group', { name: 'Quadrants of grid-1' });
    await quadrants.waitFor({ timeout: 30_000 });
    await page.getByText('Upscaled before; the grid itself was not downloaded here.').waitFor();
    await quadrants.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'earlier-sources-grid.png') });
    await quadrants.getByRole('button', { name: /^U2:/ }).click();
    await page.getByRole('button', { name: 'Generate' }).click();
    await receivedWith('grid-1', 'index', 2);
  });
});
