/// <reference lib="dom" />
// The Storyboard page on the demo gateway (run fast by its time scale): a creator adds Mia to the cast with a
// picture from the library and a voice, writes three shots (the second continuing from the first, the third on
// V2, which takes Mia's pictures, while V1 is said not to), narration over two of them, reads the one price of the
// whole board before anything is sent, runs it, follows each shot to done, and plays the cut on the page; the
// cut is a library item the page links to. The filled page passes the WCAG scan in both schemes.
import { describe, expect, it } from 'vitest';
import { pollPriorsAtTimeScale } from '../../electron/core/tasks';
import { violationsInEachScheme } from './axe-scan';
import { goTo, useDemoStudio } from './demo-studio';
import { seedMedia } from './seeded-media';
import { callStudio } from './studio-bridge';

const MIA = 'Mia in a red coat, portrait';
const { studio } = useDemoStudio(
  0.05,
  undefined,
  (dataDir) =>
    seedMedia(dataDir, [
      {
        kind: 'image',
        prompt: MIA,
        family: 'image.i3',
        model: 'image_model_id_i3',
        params: { size: '1:1', resolution: '1K' },
        colour: '#c0392b',
        minutesAgo: 1,
      },
    ]),
  undefined,
  { polling: pollPriorsAtTimeScale(0.05) },
);

describe('the Storyboard page', () => {
  it('builds a three-shot board with a cast member and narration, prices it whole, runs it and plays the cut', async () => {
    const { page } = studio;
    await goTo(page, 'Storyboard');
    await page.getByRole('heading', { level: 1, name: 'Storyboard' }).waitFor();

    // The cast: Mia, a picture picked from the library, a voice.
    const castPanel = page.getByRole('region', { name: 'Cast' });
    await castPanel.getByRole('button', { name: 'Add a cast member' }).click();
    const member = castPanel.getByRole('form', { name: 'New cast member' });
    await member.getByLabel('Name', { exact: true }).fill('Mia');
    await member.getByRole('button', { name: 'Pick from the library' }).click();
    await member.getByRole('button', { name: `Use ${MIA}` }).click();
    await member.getByRole('img', { name: 'Picture 1' }).waitFor();
    await member.getByLabel('Voice (optional)').fill('nova');
    await member.getByRole('button', { name: 'Save cast member' }).click();
    await castPanel.getByText('@Mia').waitFor();
    const [mia] = await callStudio<{ references: string[] }[]>(page, 'cast.list');
    expect(mia?.references[0]).toMatch(/^studio-ref:[0-9a-f]{64}$/);

    // Three shots.
    await page.getByLabel('Board name').fill('Mia at dawn');
    const shot = (n: number) => page.getByRole('listitem', { name: `Shot ${n}`, exact: true });
    await shot(1).getByLabel('Prompt').fill('walks out of the snowy forest');
    await shot(1).getByRole('button', { name: '@Mia' }).click();
    await expect
      .poll(() => shot(1).getByLabel('Prompt').inputValue())
      .toBe('walks out of the snowy forest @Mia');
    await expect
      .poll(() => shot(1).getByTestId('cast-note').textContent())
      .toContain('Video V1 takes no reference pictures: Mia is only named in the prompt.');
    await shot(1).getByLabel('Narration').fill('Mia had walked all night. The town was close now.');

    await page.getByRole('button', { name: 'Add a shot' }).click();
    await shot(2).getByLabel('Prompt').fill('she stops and looks at the valley');
    // Continue from the shot before, by keyboard, as a switch is used.
    await shot(2)
      .getByRole('switch', { name: /Continue from the shot before/ })
      .focus();
    await page.keyboard.press('Space');
    expect(
      await shot(2)
        .getByRole('switch', { name: /Continue from the shot before/ })
        .isChecked(),
    ).toBe(true);

    await page.getByRole('button', { name: 'Add a shot' }).click();
    await shot(3).getByLabel('Video model').selectOption('video.v2');
    await shot(3).getByLabel('Prompt').fill('close-up of @Mia smiling');
    await shot(3).getByLabel('Narration').fill('@Mia: I am home.');
    await expect
      .poll(() => shot(3).getByTestId('cast-note').textContent())
      .toContain('gets the pictures of Mia as references');
    // V2 takes no first frame: the switch says why and cannot be turned on.
    expect(
      await shot(3)
        .getByRole('switch', { name: /Continue from the shot before/ })
        .isDisabled(),
    ).toBe(true);

    // One price for the whole board before anything is sent: three shots and two narration takes.
    const total = page.getByTestId('board-total');
    await expect
      .poll(() => total.textContent(), { timeout: 15_000 })
      .toMatch(/^Whole board: .+ \(5 parts\)$/);
    expect(await total.textContent()).not.toContain('not known');
    expect(await callStudio<unknown[]>(page, 'storyboards.list')).toEqual([]);
    await studio.shot('storyboard-before-run');
    for (const [scheme, found] of Object.entries(await violationsInEachScheme(page)))
      expect(found.map((f) => `${scheme} ${f.rule}: ${f.targets.join(' ')}`)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('button', { name: 'Run all' }).click();
    const state = page.getByTestId('board-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 180_000 }).toBe('completed');
    expect(
      await page.getByTestId('shot-state').evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))),
    ).toEqual(['completed', 'completed', 'completed']);

    // The cut plays on the page.
    const cut = page.getByTestId('storyboard-cut');
    await cut.waitFor({ timeout: 30_000 });
    const played = await cut.evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      if (video.readyState < 1)
        await new Promise((r) => video.addEventListener('loadedmetadata', r, { once: true }));
      await video.play();
      await new Promise((r) => video.addEventListener('timeupdate', r, { once: true }));
      return { duration: video.duration, playing: !video.paused, at: video.currentTime };
    });
    expect(played.duration).toBeGreaterThan(0);
    expect(played.playing).toBe(true);
    await studio.shot('storyboard-cut');

    // It is a library item, and the page links to it.
    await page.getByRole('link', { name: 'Open the cut in the library' }).click();
    await page.getByTestId('item-dialog').waitFor();
    await studio.shot('storyboard-cut-in-library');
  });
});
