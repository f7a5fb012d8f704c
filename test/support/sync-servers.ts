// The real servers the sync tests and the bench run against, started on ports chosen at run time and stopped
// by the caller: Debian's rclone serving a folder over WebDAV, and npm's s3rver as an S3 API.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface RunningServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The folder the server keeps its objects in (what a test greps). */
  dir: string;
  stop(): Promise<void>;
}

/**
 * A server in a child process of ours, spawned under setpriv's parent-death signal (it dies with the test process
 * even when stop() is never reached), its URL read from the first line of its output that `urlOf` recognises.
 */
async function startChildServer(
  dir: string,
  command: string[],
  urlOf: (log: string) => string | null,
  name: string,
): Promise<RunningServer> {
  const child = spawn('setpriv', ['--pdeathsig', 'KILL', ...command], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const found = urlOf(log);
      if (found) resolve(found);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${log}`)));
  });
  return {
    url,
    dir,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `rclone serve webdav` on 127.0.0.1:0; the port is read from its "started on" line. */
export async function startRcloneWebdav(
  options: { user?: string; pass?: string } = {},
): Promise<RunningServer> {
  const dir = await mkdtemp(join(tmpdir(), 'sync-webdav-'));
  const auth = options.user ? ['--user', options.user, '--pass', options.pass ?? ''] : [];
  return startChildServer(
    dir,
    ['rclone', 'serve', 'webdav', dir, '--addr', '127.0.0.1:0', ...auth, '--config', '/dev/null'],
    (log) => /started on \[?(https?:\/\/127\.0\.0\.1:\d+)/i.exec(log)?.[1] ?? null,
    'rclone',
  );
}

/** MKCOL through the server itself (rclone caches its folder listing, so a folder made on disk shows late). */
export async function makeCollection(url: string, user: string, pass: string): Promise<void> {
  const answer = await fetch(url, {
    method: 'MKCOL',
    headers: { authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` },
  });
  if (answer.status !== 201 && answer.status !== 405) throw new Error(`MKCOL ${url}: ${answer.status}`);
}

export const S3RVER_KEY = 'S3RVER';

/** s3rver with one bucket, on 127.0.0.1:0 (its fixed key pair S3RVER/S3RVER). */
export async function startS3rver(bucket = 'studio'): Promise<RunningServer> {
  const dir = await mkdtemp(join(tmpdir(), 'sync-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    url: `http://127.0.0.1:${address.port}`,
    dir,
    async stop() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver in a process of its own (the bench): in the caller's process it would share one thread with the client
 * being measured, while `rclone copy`, the baseline, runs beside it. It prints its port once listening.
 */
export async function startS3rverProcess(bucket = 'studio'): Promise<RunningServer> {
  const dir = await mkdtemp(join(tmpdir(), 'sync-s3-'));
  const script = `
    const S3rver = require('s3rver');
    new S3rver({ address: '127.0.0.1', port: 0, directory: process.argv[1], silent: true,
      configureBuckets: [{ name: process.argv[2] }] }).run().then((a) => console.log('port ' + a.port));`;
  return startChildServer(
    dir,
    [process.execPath, '-e', script, dir, bucket],
    (log) => {
      const port = /port (\d+)/.exec(log)?.[1];
      return port ? `http://127.0.0.1:${port}` : null;
    },
    's3rver',
  );
}
