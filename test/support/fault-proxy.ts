// A small HTTP proxy in front of a real server (rclone's WebDAV, s3rver) that breaks chosen requests the way
// networks and services do: an error status with a body, a connection reset part-way through an upload, or no
// answer at all. Everything else passes through untouched, so what is not broken is the real server's answer.
import { createServer, request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  /** Reads this many bytes of the request body, then resets the connection. */
  | { kind: 'reset'; afterBytes: number }
  /** Never answers (until the proxy stops). */
  | { kind: 'hang' };

export interface FaultProxy {
  url: string;
  /** Decides per request; undefined lets it through. */
  plan: (request: { method: string; path: string }) => Fault | undefined;
  /** Requests seen, as "METHOD path". */
  seen: string[];
  stop(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const proxy: FaultProxy = {
    url: '',
    plan: () => undefined,
    seen: [],
    stop: async () => undefined,
  };
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    // A client gone before its answer (a process killed mid-upload) takes its request to the server with it, as a
    // dropped connection would: left open, the upstream PUT held the WebDAV server's lock on its path for ever,
    // and every later write there met 423 Locked.
    res.on('close', () => {
      if (!res.writableFinished) forward.destroy();
    });
    req.pipe(forward);
  };
  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    proxy.seen.push(`${method} ${path}`);
    const fault = proxy.plan({ method, path });
    if (!fault) return pass(req, res);
    if (fault.kind === 'hang') return;
    if (fault.kind === 'status') {
      req.resume();
      req.on('end', () => {
        res.writeHead(fault.status, fault.headers ?? { 'content-type': 'application/xml' });
        res.end(fault.body ?? '');
      });
      return;
    }
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= fault.afterBytes) req.socket.destroy();
    });
    req.on('end', () => req.socket.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.stop = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return proxy;
}

/** The XML body S3 answers an error with. */
export const s3Error = (code: string, message = code): string =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><RequestId>1</RequestId></Error>`;
