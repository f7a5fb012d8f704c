// A zip read back entry by entry with yauzl (an unzipper the app does not use, so a test does not check the
// export with the code that wrote it): for the export's unit, bridge and browser tests.
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  bytes: Buffer;
  /** Whether the entry was deflated rather than stored. */
  compressed: boolean;
}

export function readZip(bytes: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          buffer(stream).then((data) => {
            entries.push({ name: entry.fileName, bytes: data, compressed: entry.compressionMethod !== 0 });
            zip.readEntry();
          }, reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
