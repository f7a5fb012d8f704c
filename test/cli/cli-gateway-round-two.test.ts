// The CLI against the answers an independent gateway, written from the spec with the habits of real production
// APIs, gave it: each failed it once. A `failed` carrying result links before `completed`, a
// `completed` whose links come on the next poll, a relative result link, progress as text (the CLI polled for 17
// minutes printing nothing), an answer it cannot read at all, and a content-policy refusal said by its code alone.
// Each answer is scripted in the order the CLI asks.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer } from '../support/scripted-server';
import type { ScriptedServer } from '../support/scripted-server';
import { cli, tempDir, cliEnv } from './cli-harness';

let server: ScriptedServer;
let dir: string;
let cleanup: () => Promise<void>;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startScriptedServer();
  ({ dir, cleanup } = await tempDir());
  env = cliEnv(dir, server.url, 'sk-round-two-0123456789');
});
afterEach(() => {
  server.requests.length = 0;
  server.fallback = { status: 200, body: {} };
});
afterAll(async () => {
  await server.close();
  await cleanup();
});

type Doc = {
  error?: { type: string; code: string; message: string };
  task?: { status: string; progress: number };
};

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);
const png = { headers: { 'content-type': 'image/png' }, body: PNG };
const ack = (id: string) => ({ body: { code: 200, data: [{ status: 'submitted', task_id: id }] } });
const images = (urls: string[]) => ({ images: [{ url: urls }] });
const answer = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  body: { id, status, progress: 100, cost: 0.02, ...extra },
});
const upscale = (index: string) => ['--json', 'upscale', '--task', `grid-${index}`, '--index', '1'];

describe('answers that contradict themselves', () => {
  it('`failed` with result links, then `completed`: asked again, the file is saved, exit 0', async () => {
    const file = `${server.url}/files/ftc.png`;
    server.reply(
      ack('ftc-1'),
      answer('ftc-1', 'failed', { result: images([file]) }),
      answer('ftc-1', 'completed', { result: images([file]) }),
      png,
    );
    const run = await cli(upscale('a'), env, dir);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect((run.json() as Doc).task?.status).toBe('completed');
    expect(server.requests.filter((r) => r.url === '/v1/tasks/ftc-1')).toHaveLength(2);
  }, 30_000);

  it('`completed` without result links, which come on the next poll: the file is saved, exit 0', async () => {
    const file = `${server.url}/files/late.png`;
    server.reply(
      ack('late-1'),
      answer('late-1', 'completed', { result: { images: [] } }),
      answer('late-1', 'completed', { result: images([file]) }),
      png,
    );
    const run = await cli(upscale('b'), env, dir);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(server.requests.map((r) => r.url)).toContain('/files/late.png');
  }, 30_000);

  it('`completed` without links on every ask: decided after three answers as "no result files", exit 1', async () => {
    server.reply(ack('none-1'));
    server.fallback = answer('none-1', 'completed', { result: { images: [] } });
    const run = await cli(upscale('c'), env, dir);
    expect(run.code, run.stdout).toBe(1);
    expect((run.json() as Doc).error).toMatchObject({ type: 'no_results' });
    expect(server.requests.filter((r) => r.url === '/v1/tasks/none-1')).toHaveLength(3);
  }, 30_000);
});

describe('links and progress as the real gateway writes them', () => {
  it('a relative result link (/f/abc.png) is fetched from the gateway’s address', async () => {
    server.reply(ack('rel-1'), answer('rel-1', 'completed', { result: images(['/f/abc.png']) }), png);
    const run = await cli(upscale('d'), env, dir);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const fetched = server.requests.find((r) => r.url === '/f/abc.png');
    expect(fetched).toBeDefined();
    // A download never carries the key, even to the gateway's own host.
    expect(fetched?.headers.authorization).toBeUndefined();
  }, 30_000);

  it('progress as text ("45%", "100%") is read, and the task completes', async () => {
    const file = `${server.url}/files/pct.png`;
    server.reply(
      ack('pct-1'),
      { body: { id: 'pct-1', status: 'processing', progress: '45%' } },
      { body: { id: 'pct-1', status: 'completed', progress: '100%', result: images([file]) } },
      png,
    );
    const run = await cli(upscale('e'), env, dir);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect((run.json() as Doc).task).toMatchObject({ status: 'completed', progress: 100 });
  }, 30_000);

  it('an answer it cannot read is said while it waits, never a silent wait', async () => {
    const file = `${server.url}/files/odd.png`;
    server.reply(
      ack('odd-1'),
      { body: { id: 'odd-1', status: 42 } },
      answer('odd-1', 'completed', { result: images([file]) }),
      png,
    );
    const run = await cli(upscale('f'), env, dir);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toMatch(/checking the task: The gateway's task could not be read: .*status/);
  }, 30_000);
});

describe('a content-policy refusal', () => {
  it('{code: 451, type: "policy"} with no message: refused by a content policy, exit 1', async () => {
    server.reply(ack('pol-1'), {
      body: { id: 'pol-1', status: 'failed', progress: 100, error: { code: 451, type: 'policy' } },
    });
    const run = await cli(upscale('g'), env, dir);
    expect(run.code, run.stdout).toBe(1);
    expect((run.json() as Doc).error).toMatchObject({
      type: 'task_failed',
      code: 'content_policy',
      message: 'The gateway refused this task under its content policy (451, policy).',
    });
  }, 30_000);
});
