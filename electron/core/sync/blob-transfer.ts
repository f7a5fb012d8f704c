// Files up and down. Up: streamed from disk, hashed on the way, and the upload fails (so nothing is completed on
// the remote) if the bytes are not the ones the item names. Down: streamed into a temporary file, hashed, and
// renamed into the library only when sha256 and size match: a half-written or altered object is never kept.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { pipeline as pipelineCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { insideFolder } from '../safe-path';
import { describeThrown } from '../log';
import { UnreadableObjectError } from './remote-gate';
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
    // One pipeline: a read that fails (the file removed meanwhile) fails the stream the remote reads.
    return pipelineCallback(
      createReadStream(file.path),
      verifier(file.sha256, file.size, (n) => {
        counted += n;
        onBytes(n);
      }),
      () => undefined,
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

/**
 * Fetches a file's bytes into `target`, which must lie inside `root` (the library folder): streamed into a
 * temporary file, hashed (and unsealed) on the way, and moved into place only when sha256 and size match. Bytes
 * that are missing, cut short, altered or fail their seal are an UnreadableObjectError: the round skips that
 * file (it stays on the remote only) and a later round fetches it again.
 */
export async function downloadBlob(
  vault: RemoteVault,
  file: { sha256: string; size: number },
  target: string,
  root: string,
  tempDir: string,
  onBytes: (n: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const destination = insideFolder(root, target);
  // Made before the stream is opened: nothing may come between opening it and joining it to the pipeline.
  await mkdir(tempDir, { recursive: true });
  const temp = join(tempDir, randomUUID());
  const opened = await vault.openBlob(file.sha256, signal);
  if (!opened) {
    throw new UnreadableObjectError(
      'file',
      `the file ${file.sha256.slice(0, 12)}… is not on the remote (yet): the device that made it has not finished uploading it`,
    );
  }
  try {
    await pipeline(
      [
        opened.stream,
        ...opened.transforms,
        verifier(file.sha256, file.size, onBytes),
        createWriteStream(temp),
      ],
      { signal },
    );
  } catch (error) {
    await rm(temp, { force: true });
    if (signal?.aborted) throw error;
    if (error instanceof SyncRemoteError) throw error;
    throw new UnreadableObjectError(
      'file',
      `the file ${file.sha256.slice(0, 12)}… was incomplete or altered (${describeThrown(error)}); it was not kept and is fetched again later`,
      { cause: error, damaged: file.sha256 },
    );
  }
  try {
    await mkdir(dirname(destination), { recursive: true });
    // The folder made: checked again, so a link put in its place meanwhile cannot carry the file out.
    await moveFile(temp, insideFolder(root, destination));
  } finally {
    await rm(temp, { force: true });
  }
}
