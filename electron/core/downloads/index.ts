export { DownloadManager, dayFolder } from './download-manager';
export type { DownloadManagerOptions, FileDownloadState, TaskFileStatus } from './download-manager';
export { downloadMigrations } from './download-migrations';
export { DownloadError, fetchToFile } from './fetch-to-file';
export type { FetchedFile, FetchToFileOptions } from './fetch-to-file';
export type { DownloadedFile, LibrarySink } from './library-sink';
export { contentTypeMatches, sniffMedia } from './media-sniff';
export { parseDownloadUrl } from './safe-url';
export { rebaseTaskFilePaths } from './task-file-rows';
