#!/usr/bin/env node
// Package bin: runs the built CLI (npm run build produces out/cli/cli.js). It needs node:sqlite, which older
// Node versions lack: say so in one line instead of a module-loader stack trace.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(
    `error: gateway-studio needs Node.js 24 or later; this is ${process.version}. Run it with a newer node, or use npm run cli.\n`,
  );
  process.exit(3);
}
await import('../out/cli/cli.js');
