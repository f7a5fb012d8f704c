export { Library } from './library';
export type {
  DownloadedFile,
  LibraryEvent,
  LibraryListener,
  LibraryOptions,
  LibraryUpdate,
  SpeechFile,
} from './library';
export { LIBRARY_MIGRATIONS } from './library-migrations';
export { toFtsQuery } from './fts-query';
export { libraryFileIndex } from './library-file-index';
