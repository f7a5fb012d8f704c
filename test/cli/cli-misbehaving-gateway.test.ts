// The CLI end to end against a gateway that misbehaves in ways the simulator (a conforming peer) never does:
// a page where audio should be, a result file that is not media, a completed task without files, a run of
// 502s, a key revoked while a task is being waited on. Each answer is scripted in the order the CLI asks.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
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
  env = cliEnv(dir, server.url, 'sk-scripted-0123456789');
});
afterEach(() => {
  server.requests.length = 0;
});
afterAll(async () => {
  await server.close();
  await cleanup();
});

type ErrorDoc = {
  error: { type: string; message: string; httpStatus: number | null };
  task?: { status: string };
};

/** Files in the library folder (the database aside). */
function libraryFiles(): string[] {
  const lib = join(dir, 'lib');
  if (!existsSync(lib)) return [];
  return readdirSync(lib, { recursive: true, encoding: 'utf8' }).filter(
    (name) => /\.[a-z0-9]+$/.test(name) && !name.startsWith('studio.db'),
  );
}

const ack = (id: string) => ({ body: { code: 200, data: [{ status: 'submitted', task_id: id }] } });
const completed = (id: string, images: string[]) => ({
  body: { id, status: 'completed', progress: 100, cost: 0.02, result: { images: [{ url: images }] } },
});

describe('a speech answer that is not audio', () => {
  it('[EP-SPEECH-1] is refused with a sentence, exit 3, and nothing is filed', async () => {
    const before = libraryFiles();
    server.reply({
      status: 200,
      headers: { 'content-type': 'audio/wav' },
      body: '<!doctype html><title>Sign in</title><p>Your session expired.</p>',
    });
    const run = await cli(
      ['--json', 'speech', 'speech_model_id', '--input', 'hello', '--format', 'wav'],
      env,
      dir,
    );
    expect(run.code, run.stdout).toBe(3);
    const doc = run.json() as ErrorDoc;
    expect(doc.error.type).toBe('invalid_response');
    expect(doc.error.message).toMatch(
      /speech answer could not be read: the bytes are not a known audio format/,
    );
    expect(libraryFiles()).toEqual(before);
  });
});

describe('a completed task', () => {
  it('[TASK-10] whose file is not media: the download error says why that file failed', async () => {
    server.reply(ack('page-1'));
    const submitted = await cli(
      ['--json', 'generate', 'image_model_id_i3', '--prompt', 'a page, not a picture', '--no-wait'],
      env,
      dir,
    );
    const { task } = submitted.json() as { task: { id: string; remoteId: string } };
    server.reply(completed(task.remoteId, [`${server.url}/files/${task.remoteId}.png`]), {
      headers: { 'content-type': 'text/html' },
      body: '<html>Access denied</html>',
    });
    const run = await cli(['--json', 'task', task.id], env, dir);
    expect(run.code, run.stdout).toBe(3);
    const doc = run.json() as ErrorDoc;
    expect(doc.error.type).toBe('download_failed');
    expect(doc.error.message).toBe(
      '0 of 1 files downloaded; 1 failed, 0 expired before they could be fetched. file 1: the bytes are not a known media type.',
    );
  });

  it('[TASK-10] with no result files is not a silent success: exit 1 with a sentence', async () => {
    server.reply(ack('empty-1'));
    const submitted = await cli(
      ['--json', 'generate', 'image_model_id_i3', '--prompt', 'nothing comes back', '--no-wait'],
      env,
      dir,
    );
    const { task } = submitted.json() as { task: { id: string; remoteId: string } };
    server.reply(completed(task.remoteId, []));
    const run = await cli(['--json', 'task', task.id], env, dir);
    expect(run.code, run.stdout).toBe(1);
    const doc = run.json() as ErrorDoc;
    expect(doc.error).toMatchObject({
      type: 'no_results',
      message: 'The gateway reported the task completed but gave no result files.',
    });
    expect(doc.task?.status).toBe('completed');
  });
});

describe('waiting on a task', () => {
  it('[ERR-11] says what it waits for and why while the gateway answers 502, then files the result', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
      'hex',
    );
    server.reply(
      ack('up-502'),
      { status: 502, body: { error: { code: 502, message: 'Bad gateway', type: 'bad_gateway' } } },
      { status: 502, body: { error: { code: 502, message: 'Bad gateway', type: 'bad_gateway' } } },
      completed('up-502', [`${server.url}/files/up-502.png`]),
      { headers: { 'content-type': 'image/png' }, body: png },
    );
    const run = await cli(['upscale', '--task', 'grid-x', '--index', '1'], env, dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('checking the task: the gateway answered 502; asking again shortly');
    expect(run.stderr).toContain(
      'checking the task: the gateway answered 502 (2 times in a row); asking again shortly',
    );
    expect(run.stdout).toContain('completed');
  }, 20_000);

  it('[AUTH-3] a key revoked while waiting stops the wait: exit 1 with its sentence', async () => {
    server.reply(ack('up-401'), {
      status: 401,
      body: { error: { code: 401, message: 'The API key was revoked.', type: 'authentication_error' } },
    });
    const run = await cli(['--json', 'upscale', '--task', 'grid-y', '--index', '1'], env, dir);
    expect(run.code, run.stdout).toBe(1);
    const doc = run.json() as ErrorDoc;
    expect(doc.error.httpStatus).toBe(401);
    expect(doc.error.message).toMatch(
      /^The gateway refused the API key while checking the task \(.*revoked.*\)/,
    );
    expect(doc.error.message).toContain('task up-401 --wait');
    expect(run.stdout).not.toContain(env.GATEWAY_API_KEY);
  }, 20_000);
});

describe('a balance request the gateway takes and never answers', () => {
  it('[EP-TBAL-1] fails within one idle timeout (10 s) with a sentence, exit 3, and is not sent again', async () => {
    server.reply({ hang: true });
    const run = await cli(['--json', 'balance'], env, dir);
    expect(run.code, run.stdout).toBe(3);
    const doc = run.json() as ErrorDoc;
    expect(doc.error.message).toBe(
      'The gateway took the balance request but did not answer within 10 s. Try again later, or check the base URL.',
    );
    // One try each: the hang was not repeated (three tries would take over 30 s and this test's time). The two
    // reads go together, as on the app's balance card, so one that fails does not hide the other.
    expect(server.requests.map((r) => r.url).sort()).toEqual(['/v1/balance', '/v1/user/balance']);
  }, 25_000);
});
