// The app's optional loopback endpoint: MCP over Streamable HTTP on 127.0.0.1 only, each request carrying the
// bearer token the app generated (compared in constant time), the Host header held to the loopback address (a web
// page cannot reach it by rebinding a name), bodies read with a limit, and at most MAX_SESSIONS agents at once.
// Each session is its own McpServer over the studio's core (studio-server.ts), so each is its own agent session.
// A session no request has used for IDLE_SESSION_MS is closed (on the injected clock), so a client that went away
// without saying so does not hold one of the places forever; its client initializes again.
import { randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { systemClock, type Clock, type TimerHandle } from '../core/clock';
import type { McpStudio } from './studio-port';
import { createStudioServer } from './studio-server';

/** The path the endpoint answers on; anything else is 404. */
export const MCP_PATH = '/mcp';
/** A JSON-RPC message bigger than this is refused before it is parsed (a call's arguments are 64 KiB at most). */
const MAX_BODY_BYTES = 256 * 1024;
/** Agents connected at once: enough for a person's tools, bounded against a client that reconnects in a loop. */
export const MAX_SESSIONS = 8;

/** How long a session may go without a request before it is closed. */
export const IDLE_SESSION_MS = 30 * 60_000;
/** How often idle sessions are looked for. */
const IDLE_SWEEP_MS = 60_000;

export interface McpHttpOptions {
  /** The studio's core now; null while it is not ready (the request is answered 503). */
  studio: () => McpStudio | null | Promise<McpStudio | null>;
  /** The bearer token, asked at every request (the app's can be rotated while sessions are open). */
  token: string | (() => string);
  /** 0: a port chosen by the system. */
  port: number;
  version: string;
  /** Where a request that failed inside the studio is told (the key scrubbed by the caller's log). */
  log?: (line: string) => void;
  /** The clock idle sessions are measured on (the studio's; a test's manual one). */
  clock?: Clock;
  idleMs?: number;
}

export interface McpHttpEndpoint {
  url: string;
  port: number;
  /** Sessions open now. */
  sessions(): number;
  close(): Promise<void>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function refuse(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJson(
  req: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false; why: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { ok: false, why: `The request is over ${MAX_BODY_BYTES} bytes.` };
    chunks.push(chunk);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return { ok: false, why: 'The request body is not JSON.' };
  }
}

export async function startMcpHttp(options: McpHttpOptions): Promise<McpHttpEndpoint> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const lastSeen = new Map<string, number>();
  const clock = options.clock ?? systemClock;
  const idleMs = options.idleMs ?? IDLE_SESSION_MS;
  const tokenNow = typeof options.token === 'string' ? () => options.token as string : options.token;
  let sweep: TimerHandle | null = null;
  const sweepIdle = (): void => {
    const now = clock.now();
    for (const [id, transport] of transports) {
      if (now - (lastSeen.get(id) ?? now) >= idleMs) void transport.close();
    }
    sweep = clock.setTimer(IDLE_SWEEP_MS, sweepIdle);
  };
  sweep = clock.setTimer(IDLE_SWEEP_MS, sweepIdle);
  let port = 0;
  const allowedHosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== MCP_PATH) return refuse(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    if (!allowedHosts().includes(req.headers.host ?? ''))
      return refuse(res, 403, 'This endpoint answers loopback only.');
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), digest(`Bearer ${tokenNow()}`))) {
      res.setHeader('www-authenticate', 'Bearer');
      return refuse(res, 401, "A bearer token is needed: the one shown in the studio's Settings › Agents.");
    }
    const studio = await options.studio();
    if (!studio) return refuse(res, 503, 'The studio is not ready yet; try again in a moment.');
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (existing && typeof sessionId === 'string') lastSeen.set(sessionId, clock.now());
    if (req.method !== 'POST') {
      if (!existing) return refuse(res, 400, 'No such session: initialize first.');
      return existing.handleRequest(req, res);
    }
    const body = await readJson(req);
    if (!body.ok) return refuse(res, 413, body.why);
    if (existing) return existing.handleRequest(req, res, body.value);
    if (sessionId !== undefined || !isInitializeRequest(body.value)) {
      return refuse(res, 400, 'No such session: initialize first.');
    }
    if (!studio.agents.enabled)
      return refuse(res, 403, 'Agents are turned off in the studio (Settings › Agents).');
    if (transports.size >= MAX_SESSIONS) {
      return refuse(res, 429, `${MAX_SESSIONS} agents are connected already; one must close first.`);
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
        lastSeen.set(id, clock.now());
      },
    });
    transport.onclose = () => {
      if (!transport.sessionId) return;
      transports.delete(transport.sessionId);
      lastSeen.delete(transport.sessionId);
    };
    const { server } = createStudioServer(studio, 'http', options.version);
    await server.connect(transport);
    await transport.handleRequest(req, res, body.value);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((thrown: unknown) => {
      options.log?.(`the MCP endpoint failed a request: ${String(thrown)}`);
      refuse(res, 500, 'The request failed inside the studio; it is in the log.');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    port,
    sessions: () => transports.size,
    async close() {
      sweep?.cancel();
      sweep = null;
      await Promise.allSettled([...transports.values()].map((t) => t.close()));
      transports.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
