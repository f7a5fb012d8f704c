// The key a task was sent with, kept from an earlier run, may have been revoked since: the gateway refuses it
// (401) and the engine asks again at once with the key given now. The CLI's wait ends on a refused key only when
// that key is this run's own; it ended at the kept key's refusal, in every later run too, since the kept key is
// tried first in each.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliEnv, inTempDir } from './cli-harness';

const KEY_A = 'sk-revoked-since-0123456789';
const KEY_B = 'sk-working-now-0123456789';
const TASK = 'task_revoked_key_1';

let base = '';
const polledWith: string[] = [];
let close: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#357' } })
    .png()
    .toBuffer();
  // Takes any key's submission; answers the task to key B only once key A is revoked (after the submission).
  let revoked = false;
  const server = createServer((req, res) => {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/files/')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST') {
      revoked = true;
      res.end(JSON.stringify({ code: 200, data: [{ status: 'submitted', task_id: TASK }] }));
      return;
    }
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    polledWith.push(key === KEY_A ? 'A' : key === KEY_B ? 'B' : '?');
    if (key !== KEY_B || !revoked) {
      res.writeHead(401).end(
        JSON.stringify({
          error: { code: 401, message: 'Invalid token', type: 'authentication_error' },
        }),
      );
      return;
    }
    res.end(
      JSON.stringify({
        id: TASK,
        status: 'completed',
        progress: 100,
        result: {
          images: [{ url: [`${base}/files/a.png`], expires_at: Math.floor(Date.now() / 1000) + 3600 }],
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

describe('a kept key revoked since', () => {
  it('task <id> --wait with a working key: the kept key is refused once, the task completes with the new one', async () => {
    await inTempDir(async (dir) => {
      const sent = await cli(
        ['--json', 'generate', 'image_model_id_i3', '--prompt', 'a key since revoked', '--no-wait'],
        cliEnv(dir, base, KEY_A),
        dir,
      );
      expect(sent.code, sent.stdout).toBe(0);
      const id = (sent.json() as { task: { id: string } }).task.id;

      const waited = await cli(['--json', 'task', id, '--wait'], cliEnv(dir, base, KEY_B), dir);
      expect(waited.code, waited.stdout).toBe(0);
      expect((waited.json() as { task: { status: string } }).task.status).toBe('completed');
      expect(polledWith).toEqual(['A', 'B']);
      for (const key of [KEY_A, KEY_B]) expect(waited.stdout + waited.stderr).not.toContain(key);
    });
  });
});
