// Web mode's zip downloads under /export/<ticket>/<name>.zip: the export the bridge prepared
// (library.exportZip, export-tickets.ts), streamed as it is read, behind the same session gate as the rest.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { stat } from 'node:fs/promises';
import { exportZip } from '../core/library/library-export';
import type { ExportEntry } from '../core/library/library-export';
import { EXPORT_BASE_URL } from './export-tickets';
import type { ExportTickets } from './export-tickets';
import type { MediaSource } from './media-files';
import { refuse } from './web-responses';

/** How many of the export's items the library no longer holds (deleted, even within Undo's window) or lost. */
async function missingFiles(entries: readonly ExportEntry[], media: MediaSource | null): Promise<number> {
  const found = await Promise.all(
    entries.map(async (e) => {
      if (media && !media.isLibraryFile(e.item.path)) return false;
      return stat(e.item.path).then(
        (s) => s.isFile(),
        () => false,
      );
    }),
  );
  return found.filter((ok) => !ok).length;
}

/** Serves an export when the path names one; false when it is not an export path at all. */
export async function serveExport(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  exports: Pick<ExportTickets, 'find'> | undefined,
  media: (() => MediaSource) | undefined,
  log: (message: string) => void,
): Promise<boolean> {
  if (!url.pathname.startsWith(EXPORT_BASE_URL)) return false;
  const found = exports?.find(url.pathname.slice(EXPORT_BASE_URL.length)) ?? { state: 'unknown' };
  if (found.state === 'unknown') {
    refuse(res, 404, 'This export link has expired: export the items again.');
    return true;
  }
  if (found.state === 'used') {
    refuse(res, 410, 'This export link was already used (each link downloads once): export the items again.');
    return true;
  }
  // Items deleted since the link was made would end the zip at 0 bytes after a 200: say so before answering.
  const gone = await missingFiles(found.ticket.entries, media?.() ?? null);
  if (gone > 0) {
    const total = found.ticket.entries.length;
    refuse(
      res,
      410,
      gone === total
        ? 'The items of this export were deleted since the link was made: nothing to download.'
        : `${gone} of the ${total} items of this export were deleted since the link was made: export the items again.`,
    );
    return true;
  }
  const name = found.ticket.fileName;
  res.writeHead(200, {
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'cache-control': 'no-store',
  });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  found.use();
  try {
    await pipeline(exportZip(found.ticket.entries), res);
  } catch (error) {
    // Headers are out: cutting the connection is the only way to tell the browser the download failed.
    log(`export: the zip stopped: ${(error as Error).message}`);
    res.destroy();
  }
  return true;
}
