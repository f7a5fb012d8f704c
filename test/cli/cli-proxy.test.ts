// The CLI's --proxy: the submission, the polls and the result download all pass a real
// HTTP proxy on 127.0.0.1, and an address that is not a proxy's is refused with one sentence before anything
// is sent.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCountingProxy, type CountingProxy } from '../support/counting-proxy';
import { cli, useSimulatorCli } from './cli-harness';

const rig = useSimulatorCli({ timeScale: 0.01 });

let proxy: CountingProxy;

beforeAll(async () => {
  proxy = await startCountingProxy();
});
afterAll(async () => {
  await proxy.close();
});

it('generate --proxy sends the calls and fetches the result through the proxy', async () => {
  const args = ['--json', '--proxy', proxy.url, 'generate', 'image_model_id_i3', '--prompt', 'via proxy'];
  const run = await cli(args, rig.env, rig.dir);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const simHost = new URL(rig.sim.url).host;
  // One submission and at least one poll, forwarded; the file fetched through a tunnel.
  expect(proxy.forwarded.filter((h) => h === simHost).length).toBeGreaterThanOrEqual(2);
  expect(proxy.tunnels).toContain(simHost);
});

it('--proxy that is not a proxy address is refused with a sentence, nothing sent', async () => {
  const before = proxy.forwarded.length;
  const run = await cli(['--json', '--proxy', 'ftp://127.0.0.1:21', 'balance'], rig.env, rig.dir);
  expect(run.code).toBe(2);
  expect(run.json()).toMatchObject({
    error: {
      message: expect.stringMatching(
        /^The proxy "ftp:\/\/127\.0\.0\.1:21" cannot be used\. Not a proxy address/,
      ),
    },
  });
  expect(proxy.forwarded.length).toBe(before);
});
