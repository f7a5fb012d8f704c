// A loopback server in its own process that streams a large media-looking body without holding it: the
// memory test and the bench measure the downloader's process only. Usage: node big-body-server.mjs <bytes>
// Prints the port on stdout. Serves WebM magic bytes followed by a repeating pattern.
import { createServer } from 'node:http';

const size = Number(process.argv[2] ?? 1024 * 1024 * 1024);
const chunk = Buffer.alloc(1024 * 1024, 0x5a);
const head = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
head.copy(chunk, 0);
const rest = Buffer.alloc(1024 * 1024, 0x5a);

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'video/webm', 'content-length': String(size) });
  let sent = 0;
  const pump = () => {
    while (sent < size) {
      const piece = (sent === 0 ? chunk : rest).subarray(0, Math.min(rest.length, size - sent));
      sent += piece.length;
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  pump();
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
// Orphaned (the test or bench was killed): leave too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();
