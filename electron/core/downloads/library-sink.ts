// Where finished downloads go. The library implements this (electron/core/library); the downloader only
// produces verified files and asks first whether the library already holds a URL.
import type { ResultFile } from '../../../shared/gateway/normalized';
import type { TaskRecord } from '../../../shared/studio/records';

export interface DownloadedFile {
  task: TaskRecord;
  file: ResultFile;
  /** Absolute path inside the library folder, already renamed from .part and fsync'd. */
  path: string;
  size: number;
  /** lower-case hex */
  sha256: string;
  /** Verified against the bytes, not just the Content-Type header. */
  mime: string;
}

export interface LibrarySink {
  /** True when an item with this remote URL is already stored: the downloader then skips the fetch. */
  has(remoteUrl: string): boolean | Promise<boolean>;
  /**
   * Index the file. Deduplication by URL or sha256 is the library's job; when it drops a duplicate it may
   * delete the file at path. Throwing marks the download failed and it is retried. It may answer the path the
   * file lies at once filed, when filing renamed it (a region edit's take becomes a .png): the file's row keeps that.
   */
  // unknown: a sink that renames nothing answers nothing (void); the downloader reads only a string path.
  addFromDownload(download: DownloadedFile): unknown;
  /**
   * Which of these remote URLs the library still holds (as an item or a music track's cover), in one read; a
   * saved file whose URL it no longer holds was deleted by the user. Without it no saved file counts deleted.
   */
  filedUrls?(remoteUrls: readonly string[]): ReadonlySet<string>;
  /**
   * Whether an item or cover names this path (as its file or its thumbnail). Without it nothing a killed
   * download left under its own name is removed once the file is filed again (download-leftovers.ts).
   */
  indexes?(path: string): boolean;
}
