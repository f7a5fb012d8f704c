/// <reference lib="dom" />
// Settings › Agents in web mode: the loopback endpoint is off until the person turns it on, then shows its
// address and token; an agent connecting there with the SDK's own client shows up by name with what it did, and
// the switch turns agents off (the endpoint stops). Both schemes have nothing serious for axe.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { emulateScheme, SCHEMES, violationLines } from './axe-scan';
import { goTo, SHOTS } from './demo-studio';
import { connect, useOwnGatewayStudio } from './own-gateway-studio';

const studio = useOwnGatewayStudio('settings-agents', { timeScale: 0.01 });

describe('Settings › Agents', () => {
  it('turns the endpoint on, shows the agent that connected and what it did, and turns agents off', async () => {
    await connect(studio);
    const { page } = studio;
    await goTo(page, 'Settings');
    const section = page.getByRole('region', { name: 'Agents' });
    await section.getByText('No agent has connected since the studio started.').waitFor();
    expect(await section.getByLabel('Address', { exact: true }).count()).toBe(0);

    await section.getByRole('switch', { name: /Endpoint on this computer/ }).check();
    const address = section.getByLabel('Address', { exact: true });
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const token = await section.getByLabel('Token', { exact: true }).inputValue();

    const client = new Client({ name: 'e2e-agent', version: '3.1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const balance = await client.callTool({ name: 'balance', arguments: {} });
    expect(balance.isError).toBeFalsy();
    const refused = await client.callTool({ name: 'search_library', arguments: { limit: 'ten' } });
    expect(refused.isError).toBe(true);

    await section.getByText('e2e-agent').waitFor({ timeout: 15_000 });
    const activity = section.getByRole('list', { name: 'What e2e-agent did' });
    await activity.getByText(/balance · done: Key:/).waitFor();
    await activity.getByText(/search_library · refused: The search_library call was refused/).waitFor();
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: join(SHOTS, `settings-agents-${scheme}.png`) });
      expect(await violationLines(page)).toEqual([]);
    }

    const enabled = section.getByRole('switch', { name: 'Let agents use the studio' });
    await section.getByText('Let agents use the studio').click();
    await expect.poll(() => enabled.isChecked()).toBe(false);
    await section
      .getByText('Agents settings saved.')
      .or(page.getByText('Agents settings saved.'))
      .first()
      .waitFor();
    await expect.poll(() => section.getByLabel('Address', { exact: true }).count()).toBe(0);
    await expect(client.callTool({ name: 'balance', arguments: {} })).rejects.toThrow();
    await client.close().catch(() => undefined);
  });
});
