// A real WebDAV server for tests: Debian's `rclone serve webdav` over a temporary folder, bound to 127.0.0.1 on a
// port the kernel picks, with a user and password. It dies with the test process (setpriv's parent-death signal)
// even when the test never reaches close().
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RcloneWebdav {
  /** http://127.0.0.1:<port>/ */
  url: string;
  user: string;
  password: string;
  /** The folder the server shares: what the remote holds, to read (or grep) directly. */
  dir: string;
  close(): Promise<void>;
}

const STARTED = /WebDav Server started on (http:\/\/127\.0\.0\.1:\d+\/)/i;

export async function startRcloneWebdav(user = 'studio', password = 'correct-horse'): Promise<RcloneWebdav> {
  const dir = await mkdtemp(join(tmpdir(), 'studio-webdav-'));
  const child = spawn(
    'setpriv',
    [
      '--pdeathsig',
      'KILL',
      'rclone',
      'serve',
      'webdav',
      dir,
      '--addr',
      '127.0.0.1:0',
      '--user',
      user,
      '--pass',
      password,
      '--config',
      '/dev/null',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let said = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      said += chunk;
      const match = STARTED.exec(said);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`rclone serve webdav exited (${code}): ${said}`)));
  });
  return {
    url,
    user,
    password,
    dir,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
