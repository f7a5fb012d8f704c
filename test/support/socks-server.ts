// A real SOCKS5 server (RFC 1928, no authentication, CONNECT only) on 127.0.0.1 that records each tunnel by
// target host:port. Hand-written because the npm SOCKS servers pull about a hundred packages in for what is
// some fifty lines here; what it serves is real TCP, so the proxy tests prove the app's own SOCKS client
// (proxy-agent's socks-proxy-agent) end to end, as the HTTP proxy tests do with the `proxy` package.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface CountingSocks {
  /** socks5://127.0.0.1:port */
  url: string;
  /** Tunnels opened, by target host:port. */
  tunnels: string[];
  close(): Promise<void>;
}

/** Reads exactly `n` bytes from the socket (the handshake is small and in order). */
function read(socket: Socket, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const take = (): void => {
      const chunk = socket.read(n) as Buffer | null;
      if (chunk) {
        socket.off('readable', take);
        socket.off('close', closed);
        resolve(chunk);
      }
    };
    const closed = (): void => reject(new Error('socks client closed mid-handshake'));
    socket.on('readable', take);
    socket.once('close', closed);
    take();
  });
}

async function targetOf(socket: Socket): Promise<{ host: string; port: number }> {
  const [, methods = 0] = await read(socket, 2);
  await read(socket, methods);
  socket.write(Buffer.from([5, 0])); // version 5, no authentication
  const [, command, , type] = await read(socket, 4);
  if (command !== 1) throw new Error(`socks command ${command} is not CONNECT`);
  let host: string;
  if (type === 1) host = [...(await read(socket, 4))].join('.');
  else if (type === 3) host = (await read(socket, (await read(socket, 1))[0] ?? 0)).toString('latin1');
  else throw new Error(`socks address type ${type} is not served here`);
  const port = (await read(socket, 2)).readUInt16BE(0);
  return { host, port };
}

export async function startCountingSocks(): Promise<CountingSocks> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    targetOf(client).then(
      ({ host, port }) => {
        tunnels.push(`${host}:${port}`);
        const upstream = connect(port, host, () => {
          // Succeeded, bound to 0.0.0.0:0 (clients do not use it).
          client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
          upstream.pipe(client);
          client.pipe(upstream);
        });
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        upstream.on('error', () => {
          // Connection refused (reply 5) when nothing was sent yet; else the tunnel just ends.
          if (client.writable) client.end(Buffer.from([5, 5, 0, 1, 0, 0, 0, 0, 0, 0]));
        });
      },
      () => client.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `socks5://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
