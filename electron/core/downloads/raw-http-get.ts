// A minimal HTTP/1.1 GET for result downloads. node:http reads the socket into a fresh 64 KiB buffer per
// read and pushes each through a stream; at 1 GiB that alone is ~0.6 of curl's throughput. Here the socket
// reads into ONE reused 1 MiB buffer (`onread`) or into buffers the consumer lends, and the body is handed to a synchronous callback that must consume
// the bytes before returning (write them, hash or copy them). One request per connection (`Connection:
// close`), no compression (`Accept-Encoding: identity`), and the response head is parsed strictly: anything
// malformed is a DownloadError('protocol'), never a guess.
import net from 'node:net';
import tls from 'node:tls';
import { DownloadError } from './download-error';
import { lookupAllowedBy, PUBLIC_ONLY, refuseLocalHost, refuseResolvedHost } from './local-addresses';
import type { ResultAddressRule } from './local-addresses';
import { framingOf, HEADER_LINE, parseHead, protocolError, type Framing, type ParsedHead } from './http-head';

/** A response head larger than this is refused: result URLs answer with a handful of headers. */
export const MAX_HEAD_BYTES = 32 * 1024;
/** A chunk-size line (size + extensions) or trailer line longer than this is refused. */
const MAX_CHUNK_LINE_BYTES = 4096;
const DEFAULT_RECEIVE_BYTES = 1 << 20;

export interface RawGetOptions {
  signal?: AbortSignal;
  /** Idle socket timeout (real time: it guards a stalled peer, not a schedule). */
  idleTimeoutMs: number;
  /** Size of the single reused receive buffer. */
  receiveBytes?: number;
  /** Refuse a host that is, or resolves to, a local or private address (local-addresses.ts). */
  refuseLocal?: boolean;
  /** The same with the gateway's own kinds of address allowed (local-addresses.ts); wins over refuseLocal. */
  addresses?: ResultAddressRule;
  /**
   * The creator's proxy (core/proxy): a plain stream to the URL's host and port, or null to connect directly.
   * `startTunnel` is called once the reader is attached (a refused CONNECT replays the proxy's answer then).
   */
  tunnel?: (url: URL, signal?: AbortSignal) => Promise<TunnelSocket | null>;
}

export type TunnelSocket = net.Socket & { startTunnel?: () => void };

/**
 * Receives the body. `chunk` is a view of the reused receive buffer: it is valid only during the call.
 * Throwing aborts the download with that error.
 */
export type BodyCallback = (chunk: Buffer) => void;

/**
 * Decodes `Transfer-Encoding: chunked` as bytes arrive, passing data through as views (no copies).
 * Only the size lines and trailers are buffered, both bounded.
 */
class ChunkedDecoder {
  private state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size';
  private line = '';
  private left = 0;
  done = false;

  feed(chunk: Buffer, emit: BodyCallback): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'data') {
        const take = Math.min(this.left, chunk.length - at);
        emit(chunk.subarray(at, at + take));
        at += take;
        this.left -= take;
        if (this.left === 0) this.state = 'data-end';
        continue;
      }
      if (this.state === 'done') throw protocolError('bytes after the last chunk');
      const newline = chunk.indexOf(0x0a, at);
      const end = newline < 0 ? chunk.length : newline + 1;
      this.line += chunk.toString('latin1', at, end);
      at = end;
      if (this.line.length > MAX_CHUNK_LINE_BYTES) throw protocolError('chunk line too long');
      if (newline < 0) continue;
      if (!this.line.endsWith('\r\n')) throw protocolError('bare LF in chunked framing');
      const line = this.line.slice(0, -2);
      this.line = '';
      this.onLine(line);
    }
  }

  private onLine(line: string): void {
    if (this.state === 'data-end') {
      if (line !== '') throw protocolError('chunk data longer than its size');
      this.state = 'size';
    } else if (this.state === 'size') {
      const size = /^([0-9A-Fa-f]{1,12})[\t ]*(?:;[\t\x20-\x7e]*)?$/.exec(line);
      if (!size?.[1]) throw protocolError(`malformed chunk size ${JSON.stringify(line.slice(0, 40))}`);
      this.left = parseInt(size[1], 16);
      this.state = this.left === 0 ? 'trailer' : 'data';
    } else if (this.state === 'trailer') {
      if (line === '') {
        this.state = 'done';
        this.done = true;
      } else if (!HEADER_LINE.test(line)) {
        throw protocolError('malformed trailer');
      }
    }
  }
}

/**
 * One response whose head has been read. The socket is paused until `body()` or `discard()` is called, so
 * an answer we do not want (a redirect, an error status) costs no more than its first read.
 */
export class RawResponse {
  readonly status: number;
  readonly headers: ReadonlyMap<string, string>;
  /** The announced body length, or null when chunked or delimited by the connection closing. */
  readonly contentLength: number | null;
  /** Over TLS, whose reads come in records of at most 16 KiB. */
  readonly secure: boolean;

  private sink: BodyCallback | null = null;
  private readBuffer: (() => Buffer) | null = null;
  private ended: { error: Error | null } | null = null;
  private settle: ((error: Error | null) => void) | null = null;
  private userPaused = false;
  private readonly chunked: ChunkedDecoder | null;

  /** @internal Built by rawGet. */
  constructor(
    head: ParsedHead,
    private readonly framing: Framing,
    private readonly socket: net.Socket,
    private pending: Buffer | null,
    secure: boolean,
  ) {
    this.secure = secure;
    this.status = head.status;
    this.headers = head.headers;
    this.contentLength = framing.kind === 'length' ? framing.total : null;
    this.chunked = framing.kind === 'chunked' ? new ChunkedDecoder() : null;
  }

  /**
   * Streams the body into `onData`; resolves once every byte of it arrived. `readBuffer`, if given, supplies
   * the buffer of each next socket read (a fresh one each time, so the consumer may hand the last one on).
   */
  body(onData: BodyCallback, readBuffer?: () => Buffer): Promise<void> {
    if (this.sink) throw new Error('body() called twice');
    this.sink = onData;
    this.readBuffer = readBuffer ?? null;
    return new Promise<void>((resolve, reject) => {
      this.settle = (error) => {
        this.settle = null;
        if (error) reject(error);
        else resolve();
      };
      const early = this.pending;
      this.pending = null;
      if (early && !this.receive(early)) return;
      if (this.framing.kind === 'length' && this.framing.left === 0) {
        this.finish(null);
        return;
      }
      if (this.ended) {
        this.closed(this.ended.error);
        return;
      }
      if (!this.userPaused) this.socket.resume();
    });
  }

  /** Drops the body unread and closes the connection. */
  discard(): void {
    this.socket.destroy();
  }

  /** Stops reading from the socket (the consumer is behind); TCP flow control holds the sender. */
  pause(): void {
    this.userPaused = true;
    this.socket.pause();
  }

  resume(): void {
    this.userPaused = false;
    if (this.sink && this.settle) this.socket.resume();
  }

  /** @internal The buffer for the next socket read, or null for the client's own. */
  nextReadBuffer(): Buffer | null {
    return this.settle && this.readBuffer ? this.readBuffer() : null;
  }

  /** @internal Bytes from the socket; false when the response is finished or failed. */
  receive(chunk: Buffer): boolean {
    const sink = this.sink;
    if (!sink) {
      // Before body(): the socket is paused, but one read may already be in flight. Keep a copy.
      const copy = Buffer.from(chunk);
      this.pending = this.pending ? Buffer.concat([this.pending, copy]) : copy;
      return false;
    }
    try {
      if (this.framing.kind === 'length') {
        if (chunk.length > this.framing.left) {
          throw new DownloadError(
            'size_mismatch',
            `more bytes than the ${this.framing.total} announced`,
            true,
          );
        }
        this.framing.left -= chunk.length;
        sink(chunk);
        if (this.framing.left === 0) this.finish(null);
      } else if (this.chunked) {
        this.chunked.feed(chunk, sink);
        if (this.chunked.done) this.finish(null);
      } else {
        sink(chunk);
      }
    } catch (error) {
      this.finish(error instanceof Error ? error : new Error(String(error)));
    }
    return this.settle !== null && !this.userPaused;
  }

  /** @internal The connection ended or failed. */
  closed(error: Error | null): void {
    if (!this.settle) {
      // Closed before body() was called: body() settles from what had arrived by then.
      if (!this.sink) this.ended ??= { error };
      return;
    }
    if (error) return this.finish(error);
    if (this.framing.kind === 'length') {
      const got = this.framing.total - this.framing.left;
      this.finish(new DownloadError('size_mismatch', `got ${got} of ${this.framing.total} bytes`, true));
    } else if (this.chunked) {
      this.finish(new DownloadError('size_mismatch', 'the connection closed before the last chunk', true));
    } else {
      this.finish(null);
    }
  }

  private finish(error: Error | null): void {
    const settle = this.settle;
    this.socket.destroy();
    settle?.(error);
  }
}

/** Connects, sends the GET and resolves with the response head. Rejects with DownloadError or the abort reason. */
export async function rawGet(url: URL, options: RawGetOptions): Promise<RawResponse> {
  const { signal, idleTimeoutMs } = options;
  if (signal?.aborted) throw signal.reason as Error;
  const rule = options.addresses ?? (options.refuseLocal ? PUBLIC_ONLY : null);
  if (rule) refuseLocalHost(url, rule);
  // Through a proxy the name is resolved by the proxy: it is checked here first on what it means now.
  if (rule && options.tunnel) await refuseResolvedHost(url.hostname, rule);
  const tunnelled = options.tunnel ? await openTunnel(url, options.tunnel, signal) : null;
  const receive = Buffer.allocUnsafe(options.receiveBytes ?? DEFAULT_RECEIVE_BYTES);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

  return new Promise<RawResponse>((resolve, reject) => {
    let head = Buffer.alloc(0);
    let response: RawResponse | null = null;
    let failed = false;

    const onChunk = (chunk: Buffer): boolean => {
      if (response) return response.receive(chunk);
      try {
        head = Buffer.concat([head, chunk]);
        for (;;) {
          const end = head.indexOf('\r\n\r\n');
          if (end < 0) {
            if (head.length > MAX_HEAD_BYTES)
              throw protocolError(`response head over ${MAX_HEAD_BYTES} bytes`);
            return true;
          }
          if (end > MAX_HEAD_BYTES) throw protocolError(`response head over ${MAX_HEAD_BYTES} bytes`);
          const parsed = parseHead(head.toString('latin1', 0, end));
          const rest = head.subarray(end + 4);
          // 1xx answers are interim: the real head follows on the same connection.
          if (parsed.status < 200) {
            head = Buffer.from(rest);
            continue;
          }
          response = new RawResponse(
            parsed,
            framingOf(parsed),
            socket,
            rest.length > 0 ? Buffer.from(rest) : null,
            url.protocol === 'https:',
          );
          resolve(response);
          return false;
        }
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
        return false;
      }
    };

    const connectOptions = {
      host,
      port,
      ...(rule ? { lookup: lookupAllowedBy(rule) } : {}),
      onread: {
        // Asked for after every read: the consumer may lend its own buffers (the hash worker's slabs).
        buffer: () => response?.nextReadBuffer() ?? receive,
        callback: (n: number, buf: Uint8Array) => onChunk(Buffer.from(buf.buffer, buf.byteOffset, n)),
      },
    };
    const tlsOptions = { servername: net.isIP(host) ? undefined : host, ALPNProtocols: ['http/1.1'] };
    // Through a proxy the tunnel is the connection (TLS runs inside it); otherwise connect here, reading into `receive`.
    const socket: net.Socket = tunnelled
      ? url.protocol === 'https:'
        ? tls.connect({ ...tlsOptions, socket: tunnelled })
        : tunnelled
      : url.protocol === 'https:'
        ? tls.connect({ ...connectOptions, ...tlsOptions })
        : net.connect(connectOptions);
    // Should a runtime ignore `onread` (it is honoured by net and tls on Node 24), bytes still arrive here.
    socket.on('data', (chunk: Buffer) => {
      if (!onChunk(chunk)) socket.pause();
    });

    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      socket.destroy();
      signal?.removeEventListener('abort', onAbort);
      if (response) response.closed(error);
      else reject(error);
    };
    const onAbort = (): void => fail(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });

    socket.setTimeout(idleTimeoutMs, () =>
      fail(new DownloadError('network', `no data for ${idleTimeoutMs} ms`, true)),
    );
    const sendGet = (): void => {
      const target = `${url.pathname || '/'}${url.search}`;
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\nAccept-Encoding: identity\r\nUser-Agent: GatewayStudio\r\n\r\n`,
      );
    };
    if (url.protocol === 'https:') socket.once('secureConnect', sendGet);
    else if (tunnelled) sendGet();
    else socket.once('connect', sendGet);
    socket.on('error', (error) =>
      fail(error instanceof DownloadError ? error : new DownloadError('network', error.message, true)),
    );
    try {
      tunnelled?.startTunnel?.();
    } catch (error) {
      fail(new DownloadError('network', `the proxy refused the tunnel: ${(error as Error).message}`, true));
    }
    socket.on('close', () => {
      signal?.removeEventListener('abort', onAbort);
      if (failed) return;
      if (response) response.closed(null);
      else {
        failed = true;
        reject(new DownloadError('network', 'the connection closed before a response head', true));
      }
    });
  });
}

/** The proxy's tunnel, or a DownloadError that names the proxy (an unreachable one is worth trying again). */
async function openTunnel(
  url: URL,
  tunnel: NonNullable<RawGetOptions['tunnel']>,
  signal: AbortSignal | undefined,
): Promise<TunnelSocket | null> {
  try {
    return await tunnel(url, signal);
  } catch (error) {
    if (signal?.aborted) throw signal.reason as Error;
    const e = error as Error & { code?: string };
    if (e.name === 'ProxyAddressError') throw new DownloadError('network', e.message, false);
    throw new DownloadError('network', `the proxy could not be reached (${e.code ?? e.message})`, true);
  }
}
