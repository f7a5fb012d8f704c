/// <reference lib="dom" />
// Settings › Result files: a creator allows result files from more addresses (an address, a range, a host name),
// told the risk in one sentence; what is saved is kept across a reload, an entry that is none is refused in the
// form, and emptying the list goes back to the rule alone.
import { describe, expect, it } from 'vitest';
import { goTo, useDemoStudio } from './demo-studio';
import { callStudio } from './studio-bridge';

const { studio, page } = useDemoStudio();

describe('Settings › Result files', () => {
  it('keeps the addresses a creator allows, says the risk, and refuses what is no address', async () => {
    await goTo(page, 'Settings');
    const field = page.getByLabel('Also fetch result files from');
    await field.scrollIntoViewIfNeeded();
    // The risk, said beside the field.
    await page
      .getByText(
        'Each entry lets whoever writes the gateway’s answers make this computer fetch from that server',
      )
      .waitFor();
    const section = page.locator('form', { has: field });

    await field.fill('192.168.1.20, files.lan\n10.0.0.0/33');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Not an address, range or host name').waitFor();
    expect((await callStudio<{ resultAddresses: string[] }>(page, 'settings.get')).resultAddresses).toEqual(
      [],
    );

    await field.fill('192.168.1.20, files.lan\n10.0.0.0/8');
    await section.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved: result files may also come from these addresses').waitFor();
    await studio.shot('settings-result-addresses');

    await page.reload();
    await goTo(page, 'Settings');
    await expect
      .poll(() => page.getByLabel('Also fetch result files from').inputValue(), { timeout: 15_000 })
      .toBe('192.168.1.20\nfiles.lan\n10.0.0.0/8');
    expect((await callStudio<{ resultAddresses: string[] }>(page, 'settings.get')).resultAddresses).toEqual([
      '192.168.1.20',
      'files.lan',
      '10.0.0.0/8',
    ]);

    await page.getByLabel('Also fetch result files from').fill('');
    await section.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Result files come only from public addresses').waitFor();
    expect((await callStudio<{ resultAddresses: string[] }>(page, 'settings.get')).resultAddresses).toEqual(
      [],
    );
  });
});
