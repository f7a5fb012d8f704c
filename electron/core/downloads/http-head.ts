// The response head of a result download, parsed strictly (raw-http-get.ts): an exact status line, token-named
// header lines, one body framing. Anything else is a DownloadError('protocol'), never a guess.
import { DownloadError } from './download-error';

export type Framing =
  { kind: 'length'; left: number; total: number } | { kind: 'chunked' } | { kind: 'close' };

export const protocolError = (message: string): DownloadError =>
  new DownloadError('protocol', message, false);

const STATUS_LINE = /^HTTP\/1\.[01] ([1-9]\d\d)(?: [\t\x20-\x7e\x80-\xff]*)?$/;
export const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[\t ]*([\t\x20-\x7e\x80-\xff]*?)[\t ]*$/;

export interface ParsedHead {
  status: number;
  headers: Map<string, string>;
}

export function parseHead(text: string): ParsedHead {
  const lines = text.split('\r\n');
  const statusLine = lines[0] ?? '';
  const status = STATUS_LINE.exec(statusLine);
  if (!status?.[1]) throw protocolError(`malformed status line: ${JSON.stringify(statusLine.slice(0, 80))}`);
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const header = HEADER_LINE.exec(line);
    // Also refuses obsolete line folding (a line starting with whitespace) and bare CR/LF inside a line.
    if (!header?.[1]) throw protocolError(`malformed header line: ${JSON.stringify(line.slice(0, 80))}`);
    const name = header[1].toLowerCase();
    const value = header[2] ?? '';
    const prior = headers.get(name);
    headers.set(name, prior === undefined ? value : `${prior}, ${value}`);
  }
  return { status: Number(status[1]), headers };
}

export function framingOf(head: ParsedHead): Framing {
  const transferEncoding = head.headers.get('transfer-encoding');
  const contentLength = head.headers.get('content-length');
  if (head.status === 204 || head.status === 304) return { kind: 'length', left: 0, total: 0 };
  if (transferEncoding !== undefined) {
    // Both framings at once is how responses get smuggled: refuse rather than pick one.
    if (contentLength !== undefined) throw protocolError('both Transfer-Encoding and Content-Length');
    if (transferEncoding.trim().toLowerCase() !== 'chunked') {
      throw protocolError(`unsupported Transfer-Encoding ${transferEncoding}`);
    }
    return { kind: 'chunked' };
  }
  if (contentLength !== undefined) {
    // Repeated identical values are allowed (RFC 9110 §8.6); differing ones are not.
    const values = new Set(contentLength.split(',').map((v) => v.trim()));
    const [only] = values;
    if (values.size !== 1 || only === undefined || !/^\d{1,15}$/.test(only)) {
      throw protocolError(`malformed Content-Length ${contentLength}`);
    }
    return { kind: 'length', left: Number(only), total: Number(only) };
  }
  return { kind: 'close' };
}
