// A tiny HTTP server on 127.0.0.1 that answers from a script, for the exact sequences the simulator's fault
// injection does not produce (Retry-After as an HTTP-date, a 503 run, a body that is not JSON, a redirect).
// It records every request, raw URL and headers included, so tests see exactly what left the client.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer as is. */
  body?: unknown;
  /** Never answer (the client's timeout must fire). */
  hang?: boolean;
  /** Destroy the connection without an answer. */
  reset?: boolean;
  /** Send the status, headers and body, then never finish ('hang') or destroy the connection ('reset'). */
  cut?: 'hang' | 'reset';
  /** Send the body one byte every this many ms (a peer that drips: no idle timeout ever fires). */
  drip?: number;
}

export interface RecordedRequest {
  method: string;
  /** The request target exactly as sent: path and raw (still encoded) query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  /** Queue replies; when the queue is empty every request gets `fallback`. */
  reply(...replies: ScriptedReply[]): void;
  fallback: ScriptedReply;
  /** Resolves once `count` requests have arrived. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

function send(res: ServerResponse, reply: ScriptedReply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: string | Buffer = '';
  if (Buffer.isBuffer(reply.body) || typeof reply.body === 'string') payload = reply.body;
  else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    headers['content-type'] ??= 'application/json';
  }
  res.writeHead(reply.status ?? 200, headers);
  if (reply.drip !== undefined) {
    const bytes = Buffer.from(payload);
    let at = 0;
    const timer = setInterval(() => {
      if (res.destroyed || at >= bytes.length) {
        clearInterval(timer);
        res.end();
        return;
      }
      res.write(bytes.subarray(at, ++at));
    }, reply.drip);
    res.on('close', () => clearInterval(timer));
    return;
  }
  if (!reply.cut) {
    res.end(payload);
    return;
  }
  res.write(payload, () => {
    if (reply.cut === 'reset') res.socket?.destroy();
  });
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const state = { fallback: { status: 200, body: {} } as ScriptedReply };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      for (const w of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const reply = queue.shift() ?? state.fallback;
      if (reply.hang) return;
      if (reply.reset) {
        req.socket.destroy();
        return;
      }
      send(res, reply);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (...replies) => void queue.push(...replies),
    get fallback() {
      return state.fallback;
    },
    set fallback(reply: ScriptedReply) {
      state.fallback = reply;
    },
    received: (count) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
