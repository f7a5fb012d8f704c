// Web mode's zip downloads under /export/<ticket>/<name>.zip: the export the bridge prepared
// (library.exportZip, export-tickets.ts), streamed as it is read, behind the same session gate as the rest.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { exportZip } from '../core/library/library-export';
import { EXPORT_BASE_URL } from './export-tickets';
import type { ExportTickets } from './export-tickets';
import { refuse } from './web-responses';

/** Serves an export when the path names one; false when it is not an export path at all. */
export async function serveExport(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  exports: Pick<ExportTickets, 'find'> | undefined,
  log: (message: string) => void,
): Promise<boolean> {
  if (!url.pathname.startsWith(EXPORT_BASE_URL)) return false;
  const found = exports?.find(url.pathname.slice(EXPORT_BASE_URL.length)) ?? null;
  if (!found) {
    refuse(res, 404, 'This export link has expired: export the items again.');
    return true;
  }
  const name = found.fileName;
  res.writeHead(200, {
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'cache-control': 'no-store',
  });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  try {
    await pipeline(exportZip(found.entries), res);
  } catch (error) {
    // Headers are out: cutting the connection is the only way to tell the browser the download failed.
    log(`export: the zip stopped: ${(error as Error).message}`);
    res.destroy();
  }
  return true;
}
