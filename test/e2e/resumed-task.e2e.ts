/// <reference lib="dom" />
// A task still running when the studio stopped is picked up again at the next start. Its row says so ("Resumed
// after a restart: being checked with the gateway") with how long it has really run, instead of a 0 % and a
// frozen start time that look dead until the gateway's next answer. Nothing serious for axe in either scheme.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulateScheme, SCHEMES, violationLines } from './axe-scan';
import { chooseFamily, goTo, SHOTS } from './demo-studio';
import { connect, useOwnGatewayStudio } from './own-gateway-studio';
import { callStudio } from './studio-bridge';

// Real time: a video takes a minute or more, so it is still running across the restart.
const studio = useOwnGatewayStudio('resumed', { timeScale: 1 });

describe('a task resumed after a restart', () => {
  it('says it is resumed and being checked, with the time it has run', async () => {
    await connect(studio);
    const { page } = studio;
    await chooseFamily(page, 'video.s');
    await page.getByLabel('Prompt', { exact: true }).first().fill('a lighthouse beam sweeping fog, resumed');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(
        async () =>
          (await callStudio<{ tasks: { remoteId: string | null }[] }>(page, 'tasks.list')).tasks[0]
            ?.remoteId ?? null,
        { timeout: 30_000 },
      )
      .not.toBeNull();
    await studio.restart();
    await page.goto(studio.web.url);
    await page.getByTestId('nav-create').waitFor();
    await goTo(page, 'Tasks');
    const note = page.getByTestId('task-resumed');
    await note.waitFor({ timeout: 15_000 });
    expect(await note.textContent()).toMatch(
      /^Resumed after a restart: being checked with the gateway\. Running for \d+:\d\d since it was sent\.$/,
    );
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await page.screenshot({ path: join(SHOTS, `resumed-task-${scheme}.png`) });
      expect(await violationLines(page)).toEqual([]);
    }
  });
});
