// Files up and down. Up: streamed from disk, hashed on the way, and the upload fails (so nothing is completed on
// the remote) if the bytes are not the ones the item names. Down: streamed into a temporary file, hashed, and
// renamed into the library only when sha256 and size match: a half-written or altered object is never kept.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { moveFile } from '../library/trash-port';
import type { RemoteVault } from './remote-vault';
import { SyncRemoteError } from './sync-remote';

/** Hashes what passes; fails the stream at its end when the bytes are not the expected ones. */
function verifier(sha256: string, size: number, onBytes: (n: number) => void): Transform {
  const hash = createHash('sha256');
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      hash.update(chunk);
      seen += chunk.length;
      onBytes(chunk.length);
      done(null, chunk);
    },
    flush(done: TransformCallback) {
      const actual = hash.digest('hex');
      if (actual !== sha256 || seen !== size)
        done(new Error(`content check failed: ${seen} bytes, sha256 ${actual}`));
      else done();
    },
  });
}

export async function uploadBlob(
  vault: RemoteVault,
  file: { path: string; sha256: string; size: number },
  onBytes: (n: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  // Opened again for each try (a retried upload starts over): the bytes a failed try counted are taken back.
  let counted = 0;
  const open = () => {
    onBytes(-counted);
    counted = 0;
    return createReadStream(file.path).pipe(
      verifier(file.sha256, file.size, (n) => {
        counted += n;
        onBytes(n);
      }),
    );
  };
  await vault.putBlob(file.sha256, open, file.size, signal);
}

/** The sha256 and size of a local file (a thumbnail, whose hash the library does not keep). */
export async function fileFacts(path: string): Promise<{ sha256: string; size: number } | null> {
  try {
    const hash = createHash('sha256');
    await pipeline(createReadStream(path), hash);
    return { sha256: hash.digest('hex'), size: (await stat(path)).size };
  } catch {
    return null;
  }
}

export async function downloadBlob(
  vault: RemoteVault,
  file: { sha256: string; size: number },
  target: string,
  tempDir: string,
  onBytes: (n: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const stream = await vault.getBlob(file.sha256, signal);
  if (!stream) {
    throw new SyncRemoteError(
      'other',
      'A file is not on the remote (yet): the device that made it has not finished uploading it.',
      true,
    );
  }
  await mkdir(tempDir, { recursive: true });
  const temp = join(tempDir, randomUUID());
  try {
    await pipeline(stream, verifier(file.sha256, file.size, onBytes), createWriteStream(temp), { signal });
    await mkdir(dirname(target), { recursive: true });
    await moveFile(temp, target);
  } catch (error) {
    if (error instanceof SyncRemoteError || signal?.aborted) throw error;
    throw new SyncRemoteError(
      'other',
      `A file downloaded from the remote was incomplete or altered; it was not kept. Sync will try again.`,
      true,
      {
        cause: error,
      },
    );
  } finally {
    await rm(temp, { force: true });
  }
}
