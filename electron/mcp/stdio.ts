// `gateway-studio mcp`: one agent session over the process's stdin and stdout. stdout carries JSON-RPC alone,
// so nothing else may write there; the caller sends its log to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { McpStudio } from './studio-port';
import { createStudioServer } from './studio-server';

/** Serves until the client closes the stream (or `signal` aborts); resolves then. */
export async function serveStdio(
  studio: McpStudio,
  version: string,
  streams: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream },
  signal: AbortSignal,
): Promise<void> {
  const { server } = createStudioServer(studio, 'stdio', version);
  const transport = new StdioServerTransport(
    streams.stdin as ConstructorParameters<typeof StdioServerTransport>[0],
    streams.stdout as ConstructorParameters<typeof StdioServerTransport>[1],
  );
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    streams.stdin.once('end', () => void server.close().then(resolve, resolve));
    signal.addEventListener('abort', () => void server.close().then(resolve, resolve), { once: true });
  });
  await server.connect(transport);
  await closed;
}
