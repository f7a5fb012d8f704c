// The simulator's command line: flag validation, and real starts through `npm run simulator` that print the
// address, keys and seeds, honour every flag, and refuse bad flags with a clear message and exit code 2.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseCliOptions } from '../../electron/simulator/cli';
import { SIM_KEYS, SIM_SEEDS } from '../../electron/simulator/index';

describe('simulator CLI', () => {
  it('parses every flag', () => {
    expect(
      parseCliOptions(['--port', '8080', '--seed', '7', '--time-scale', '0.02', '--allow-loopback-webhooks']),
    ).toEqual({
      port: 8080,
      seed: 7,
      timeScale: 0.02,
      allowLoopbackWebhooks: true,
    });
    expect(parseCliOptions([])).toEqual({ allowLoopbackWebhooks: false });
    expect(parseCliOptions(['--port=0', '--seed=-3'])).toEqual({
      port: 0,
      seed: -3,
      allowLoopbackWebhooks: false,
    });
  });

  it('--dialect takes a comma list, repeatable, and refuses an unknown name naming the known ones', () => {
    expect(
      parseCliOptions(['--dialect', 'status-words,balance-cny', '--dialect', 'html-502']).dialects,
    ).toEqual(['status-words', 'balance-cny', 'html-502']);
    expect(() => parseCliOptions(['--dialect', 'klingon'])).toThrow(
      /--dialect: unknown dialect klingon: the dialects are status-words/,
    );
  });

  it('refuses bad values with clear messages', () => {
    expect(() => parseCliOptions(['--port', 'abc'])).toThrow(/--port must be an integer/);
    expect(() => parseCliOptions(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseCliOptions(['--port=-1'])).toThrow(/--port/);
    expect(() => parseCliOptions(['--seed', 'x'])).toThrow(/--seed must be an integer/);
    expect(() => parseCliOptions(['--seed', '1.5'])).toThrow(/--seed must be an integer/);
    expect(() => parseCliOptions(['--time-scale', '0'])).toThrow(/--time-scale must be a positive number/);
    expect(() => parseCliOptions(['--time-scale', '-1'])).toThrow(/--time-scale/);
    expect(() => parseCliOptions(['--time-scale', 'fast'])).toThrow(/--time-scale/);
    expect(() => parseCliOptions(['--port'])).toThrow(/--port/);
    expect(() => parseCliOptions(['--allow-loopback-webhooks=yes'])).toThrow(/allow-loopback-webhooks/);
    expect(() => parseCliOptions(['--bogus'])).toThrow(/bogus/);
    expect(() => parseCliOptions(['8080'])).toThrow(/8080/);
  });

  /** `npm run -s simulator -- <args>`: the command the README gives. */
  const runSimulator = (args: string[]): ChildProcessWithoutNullStreams =>
    // Its own process group: npm does not pass SIGTERM on to the simulator, so stop() signals the group.
    spawn('npm', ['run', '-s', 'simulator', '--', ...args], { stdio: 'pipe', detached: true });

  const stop = (child: ChildProcessWithoutNullStreams): void => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };

  /** Resolves with stdout once the whole banner (ending with the webhook line) is out. */
  const banner = (child: ChildProcessWithoutNullStreams): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (/^webhooks: .*$/m.test(out)) resolve(out);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });

  it('npm run simulator -- --port 0 --seed 7 --time-scale 0.02 --allow-loopback-webhooks prints the address, keys and seeds, and honours every flag', async () => {
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: JSON.parse(body) as { id: string; status: string } });
        res.writeHead(200).end();
        if (received.length === 1) onCallback();
      });
    });
    const received: { path: string; body: { id: string; status: string } }[] = [];
    let onCallback = (): void => undefined;
    const callback = new Promise<void>((resolve) => (onCallback = resolve));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const child = runSimulator([
      '--port',
      '0',
      '--seed',
      '7',
      '--time-scale',
      '0.02',
      '--allow-loopback-webhooks',
    ]);
    try {
      const out = await banner(child);
      const [first] = out.split('\n');
      expect(first).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = first?.replace('listening on ', '') ?? '';
      for (const key of Object.values(SIM_KEYS)) expect(out).toContain(key);
      for (const id of Object.values(SIM_SEEDS)) expect(out).toContain(id);
      expect(out).toContain('[fail]');
      expect(out).toContain('[nsfw]');
      expect(out).toContain('X-Sim-Fault');
      expect(out).toContain('seed: 7, time scale: 0.02');

      const info = (await (await fetch(`${url}/sim/info`)).json()) as Record<string, unknown>;
      expect(info).toMatchObject({ seed: 7, timeScale: 0.02, allowLoopbackWebhooks: true });
      const auth = { Authorization: `Bearer ${SIM_KEYS.default}`, 'Content-Type': 'application/json' };
      expect((await fetch(`${url}/balance`, { headers: auth })).status).toBe(200);

      // A 6-second image at 0.02 finishes in a blink and calls the loopback receiver the flag allows.
      const webhook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const ack = (await (
        await fetch(`${url}/v1/images/generations`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ model: 'image_model_id_i3', prompt: 'cli', webhook }),
        })
      ).json()) as { data: { task_id: string }[] };
      const id = ack.data[0]?.task_id;
      const task = (await (await fetch(`${url}/v1/tasks/${id}`, { headers: auth })).json()) as {
        estimated_time: number;
      };
      expect(task.estimated_time).toBeLessThanOrEqual(1); // 6 s x 0.02
      await callback;
      expect(received[0]).toMatchObject({ path: '/hooks/callback', body: { id, status: 'completed' } });
    } finally {
      stop(child);
      receiver.close();
    }
  });

  it('without flags it picks a free port, real time, and says loopback webhooks are dropped', async () => {
    const child = runSimulator([]);
    try {
      const out = await banner(child);
      expect(out.split('\n')[0]).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      expect(out).toContain('seed: 1, time scale: 1');
      expect(out).toMatch(/^webhooks: .*dropped/m);
    } finally {
      stop(child);
    }
  });

  it.each([
    [['--port', 'abc'], /--port must be an integer from 0 to 65535, got "abc"/],
    [['--time-scale', '0'], /--time-scale must be a positive number/],
    [['--seed', '1.5'], /--seed must be an integer/],
    [['--verbose'], /Unknown option '--verbose'/],
  ])('npm run simulator -- %j exits with code 2 and a message naming the flag', async (args, message) => {
    const child = runSimulator(args);
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toMatch(message);
    expect(err).toContain('usage: npm run simulator --');
    expect(out).not.toContain('listening on');
  });
});

describe('result-link flags', () => {
  it('--links-host, --links-expiry and --links-propagation-ms set the links switches; bad values are named', () => {
    expect(
      parseCliOptions([
        '--links-host',
        'separate',
        '--links-expiry',
        'varied',
        '--links-propagation-ms',
        '5000',
      ]),
    ).toMatchObject({ links: { host: 'separate', expiry: 'varied', propagationMs: 5000 } });
    expect(() => parseCliOptions(['--links-host', 'cdn'])).toThrow('--links-host must be same or separate');
    expect(() => parseCliOptions(['--links-expiry', 'never'])).toThrow(
      '--links-expiry must be spec, varied or missing',
    );
  });
});
