/// <reference lib="dom" />
// Settings › Agents in web mode: the loopback endpoint is off until the person turns it on, then shows its
// address and token; an agent connecting there with the SDK's own client shows up by name with what it did, and
// the switch turns agents off (the endpoint stops). An agent on `gateway-studio mcp` over stdio (its client's child,
// on the same data folder) shows there too, and the switch refuses its next call. Both schemes have nothing serious for axe.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WEB_AGENT_TOKEN_FILE } from '../../electron/host/web-mode';
import { childArgs } from '../support/child-entry';
import { emulateScheme, SCHEMES, violationLines } from './axe-scan';
import { goTo, SHOTS } from './demo-studio';
import { connect, useOwnGatewayStudio } from './own-gateway-studio';

// The CLI from npm test's build when there is one (child-entry.ts): a tsx start costs a core's second or two.
const CLI = childArgs('electron/cli.ts');
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
    // Kept like web mode's other secrets (a file readable by the user alone), never in the plain agents.json.
    expect(readFileSync(join(studio.dataDir, WEB_AGENT_TOKEN_FILE), 'utf8')).toContain(token);
    expect(statSync(join(studio.dataDir, WEB_AGENT_TOKEN_FILE)).mode & 0o077).toBe(0);
    expect(readFileSync(join(studio.dataDir, 'agents.json'), 'utf8')).not.toContain(token);

    const client = new Client({ name: 'e2e-agent', version: '3.1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    // An agent whose client started `gateway-studio mcp` itself, on the studio's data folder: the app shows it too.
    const stdio = new Client({ name: 'stdio-e2e-agent', version: '1.2' });
    await stdio.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [...CLI, 'mcp'],
        env: {
          PATH: process.env.PATH ?? '',
          HOME: studio.dataDir,
          GATEWAY_BASE_URL: studio.gateway.url,
          GATEWAY_API_KEY: studio.gateway.keys.default,
          STUDIO_DATA_DIR: studio.dataDir,
        },
        cwd: studio.dataDir,
        stderr: 'ignore',
      }),
    );
    expect((await stdio.callTool({ name: 'balance', arguments: {} })).isError).toBeFalsy();
    const balance = await client.callTool({ name: 'balance', arguments: {} });
    expect(balance.isError).toBeFalsy();
    const refused = await client.callTool({ name: 'search_library', arguments: { limit: 'ten' } });
    expect(refused.isError).toBe(true);

    await section.getByText('e2e-agent', { exact: true }).waitFor({ timeout: 15_000 });
    const activity = section.getByRole('list', { name: 'What e2e-agent did' });
    await activity.getByText(/balance · done: Key:/).waitFor();
    await activity.getByText(/search_library · refused: The search_library call was refused/).waitFor();
    await section.getByText('stdio-e2e-agent').waitFor({ timeout: 15_000 });
    await section
      .getByRole('list', { name: 'What stdio-e2e-agent did' })
      .getByText(/balance · done: Key:/)
      .waitFor();
    for (const scheme of SCHEMES) {
      await emulateScheme(page, scheme);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: join(SHOTS, `settings-agents-${scheme}.png`) });
      expect(await violationLines(page)).toEqual([]);
    }

    // Rotating the token: the field shows a new one, and the agent holding the old one gets no further answer.
    await section.getByRole('button', { name: 'Rotate token' }).click();
    await expect.poll(() => section.getByLabel('Token', { exact: true }).inputValue()).not.toBe(token);
    const rotated = await section.getByLabel('Token', { exact: true }).inputValue();
    await expect(client.callTool({ name: 'balance', arguments: {} })).rejects.toThrow();
    // The CLI voids it too (gateway-studio mcp --rotate-token on the same data folder): the app makes another.
    const voided = spawnSync(process.execPath, [...CLI, 'mcp', '--rotate-token'], {
      env: { PATH: process.env.PATH ?? '', HOME: studio.dataDir, STUDIO_DATA_DIR: studio.dataDir },
      encoding: 'utf8',
    });
    expect(voided.status, voided.stderr).toBe(0);
    expect(voided.stdout).toMatch(/endpoint token is void/);
    await expect
      .poll(() => section.getByLabel('Token', { exact: true }).inputValue(), { timeout: 15_000 })
      .not.toBe(rotated);

    const enabled = section.getByRole('switch', { name: 'Let agents use the studio' });
    await section.getByText('Let agents use the studio').click();
    await expect.poll(() => enabled.isChecked()).toBe(false);
    await section
      .getByText('Agents settings saved.')
      .or(page.getByText('Agents settings saved.'))
      .first()
      .waitFor();
    await expect.poll(() => section.getByLabel('Address', { exact: true }).count()).toBe(0);
    await client.close().catch(() => undefined);
    // The stdio server is the client's child, not the app's: its next call is refused by the same switch.
    const turnedOff = await stdio.callTool({ name: 'balance', arguments: {} });
    expect(turnedOff.isError).toBe(true);
    expect(JSON.stringify(turnedOff.content)).toMatch(/Agents are turned off in the studio/);
    await stdio.close();
  });
});
