// The simulator's command line: flag validation, and a real start that prints the address, keys and seeds.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseCliOptions } from '../../electron/simulator/cli';

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
  });

  it('refuses bad values with clear messages', () => {
    expect(() => parseCliOptions(['--port', 'abc'])).toThrow(/--port must be an integer/);
    expect(() => parseCliOptions(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseCliOptions(['--seed', 'x'])).toThrow(/--seed must be an integer/);
    expect(() => parseCliOptions(['--time-scale', '0'])).toThrow(/--time-scale must be a positive number/);
    expect(() => parseCliOptions(['--time-scale', '-1'])).toThrow(/--time-scale/);
    expect(() => parseCliOptions(['--bogus'])).toThrow(/bogus/);
  });

  it('starts, prints "listening on http://127.0.0.1:<port>", the keys and the seeded ids, and serves', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/simulator/cli.ts', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match?.[1] && out.includes('grid-1')) resolve(match[1]);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect(out.split('\n')[0]).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      for (const text of [
        'sim-key-default',
        'sim-key-unlimited',
        'sim-key-orphan',
        'music-extend-1',
        'music-upload-1',
        'music-generated-1',
      ]) {
        expect(out).toContain(text);
      }
      const res = await fetch(`${url}/balance`, { headers: { Authorization: 'Bearer sim-key-default' } });
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
