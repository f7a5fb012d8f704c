// The CLI's --result-addresses (and STUDIO_RESULT_ADDRESSES): where result files may come from beyond the rule's
// own. The gateway here has a public-looking name reached through a proxy on 127.0.0.1 that hands its calls to
// the simulator, so its own kind of address allows nothing; its result links point at 127.0.0.1. By default the
// file is refused (nothing fetched from this machine); allowed by address, it is fetched into the library.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../electron/cli/cli-config';
import { WEB_SETTINGS_FILE } from '../../electron/core/settings/saved-settings';
import { startCountingProxy, type CountingProxy } from '../support/counting-proxy';
import { cli, useSimulatorCli } from './cli-harness';

const rig = useSimulatorCli({ timeScale: 0.01 });
const GATEWAY = 'http://gateway.example';

let proxy: CountingProxy;

beforeAll(async () => {
  proxy = await startCountingProxy();
  // The gateway's name is this proxy's to answer: its calls go to the simulator, as a DNS record would send them.
  proxy.server.prependListener('request', (req: { url?: string }) => {
    if (req.url?.startsWith(GATEWAY)) req.url = rig.sim.url + req.url.slice(GATEWAY.length);
  });
});
afterAll(async () => {
  await proxy.close();
});

const generate = (prompt: string, extra: string[] = [], env: Record<string, string> = {}) =>
  cli(
    ['--json', '--proxy', proxy.url, ...extra, 'generate', 'image_model_id_i3', '--prompt', prompt],
    { ...rig.env, GATEWAY_BASE_URL: GATEWAY, ...env },
    rig.dir,
  );

describe('gateway-studio --result-addresses', () => {
  it('refuses a result on this machine from a public gateway by default', async () => {
    const run = await generate('refused at home');
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stdout + run.stderr).toMatch(/refusing to fetch a result from 127\.0\.0\.1/);
  });

  it('fetches it once allowed by address, or by STUDIO_RESULT_ADDRESSES', async () => {
    const run = await generate('allowed at home', ['--result-addresses', '10.0.0.0/8,127.0.0.1']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const [item] = run.json().items as { path: string }[];
    expect(item?.path).toMatch(/\.png$/);
    const byEnv = await generate('allowed by env', [], { STUDIO_RESULT_ADDRESSES: '127.0.0.0/8' });
    expect(byEnv.code, byEnv.stdout + byEnv.stderr).toBe(0);
  });

  it('refuses an entry that is no address, range or name, before anything is sent', async () => {
    const before = proxy.forwarded.length;
    const run = await generate('never sent', ['--result-addresses', 'files.lan,10.0.0.0/33']);
    expect(run.code).toBe(2);
    expect(run.json()).toMatchObject({
      error: {
        message: expect.stringMatching(/^--result-addresses: "10\.0\.0\.0\/33"\. Not an address, range/),
      },
    });
    expect(proxy.forwarded.length).toBe(before);
  });
});

describe("the CLI's result addresses come from", () => {
  it("the app's Settings › Result files when STUDIO_DATA_DIR is its data folder, unless the option or variable names others", async () => {
    const data = join(rig.dir, 'app-data');
    await mkdir(data, { recursive: true });
    await writeFile(join(data, WEB_SETTINGS_FILE), JSON.stringify({ resultAddresses: ['files.lan'] }));
    const env = { STUDIO_DATA_DIR: data, HOME: rig.dir };
    expect(resolveConfig({}, env, rig.dir).resultAddresses).toEqual(['files.lan']);
    expect(
      resolveConfig({}, { ...env, STUDIO_RESULT_ADDRESSES: '10.1.2.3' }, rig.dir).resultAddresses,
    ).toEqual(['10.1.2.3']);
    expect(resolveConfig({ resultAddresses: 'nas.lan' }, env, rig.dir).resultAddresses).toEqual(['nas.lan']);
    expect(resolveConfig({}, { HOME: rig.dir }, rig.dir).resultAddresses).toEqual([]);
  });
});
