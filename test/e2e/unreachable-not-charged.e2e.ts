/// <reference lib="dom" />
// Money words at a gateway nothing answers: a press whose connection is refused never left this machine, so
// Create's preview says it was not sent and nothing was charged, never "Outcome unknown" or "may have charged".
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';

const { studio, page } = useDemoStudio();

/** A loopback port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a press to a gateway that refuses the connection', () => {
  it('says it was not sent and nothing was charged', async () => {
    await goTo(page, 'Settings');
    const address = page.getByLabel('Gateway base URL');
    await address.fill(`http://127.0.0.1:${await closedPort()}`);
    await page.locator('form', { has: address }).getByRole('button', { name: 'Save' }).click();
    // On the demo gateway there is no key to ask the address with: it is kept, and a key leaves the demo.
    await page.getByLabel('API key').fill('sk-unreachable');
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => page.getByLabel('API key').inputValue(), { timeout: 30_000 }).toBe('');

    await goTo(page, 'Create');
    await page.getByTestId('form-image.i3').waitFor();
    await page.getByRole('textbox', { name: 'Prompt' }).fill('A lighthouse nobody reaches');
    await page.getByRole('button', { name: 'Generate' }).click();
    const preview = page.getByTestId('task-preview');
    await preview.getByText('Nothing was sent, so nothing was charged.').waitFor({ timeout: 60_000 });
    await studio.shot('unreachable-not-charged');
    const words = (await preview.textContent()) ?? '';
    expect(words).toContain('The gateway cannot be reached.');
    expect(words).not.toMatch(/Outcome unknown|may have (been )?charged/);
  });
});
