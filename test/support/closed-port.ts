// An address where nothing listens, for the tests of a gateway or a proxy that does not answer: a port taken and
// closed again, so the connection is refused at once instead of waiting on a timeout.
import { createServer } from 'node:net';

export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A port no other server can take while this process runs: held by a listener that drops every connection the
 * moment it comes (a reset, as unreachable as a refusal). A closed port may be handed to the next server that
 * asks for one (a browser file running beside this one), and the "dead" gateway then accepts and never answers,
 * so the call waits out the client's 30 s timeout (the likely cause of a fresh-clone run's onboarding failure
 * after exactly that wait). Not for tests of money words: a reset after connecting is not a refusal, and a press
 * met by one may have reached the gateway.
 */
export async function heldDeadPort(): Promise<number> {
  const server = createServer((socket) => socket.resetAndDestroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Held for the process's life, never keeping it alive.
  server.unref();
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
