// `npm run web [-- --port N] [--demo] [--data-dir DIR] [--proxy URL]`: the studio in a browser, served from 127.0.0.1.
import { parseArgs } from 'node:util';
import { startWebMode } from './host/web-mode';
import { checkProxyAddress } from '../shared/gateway/proxy-address';

const USAGE = 'usage: npm run web [-- --port N] [--demo] [--data-dir DIR] [--proxy URL]';

function parseWebArgs(): {
  port: string;
  demo: boolean;
  'data-dir'?: string | undefined;
  proxy?: string | undefined;
} {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        demo: { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
        proxy: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    // An unknown flag or a missing value: one line and the usage, not a stack.
    console.error(`web mode: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const values = parseWebArgs();

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`web mode: --port must be an integer from 0 to 65535, not ${values.port}`);
  process.exit(2);
}

// The gateway's proxy unless Settings name one (seen in public clients); checked here so a typo is one line, not a failed call.
const proxy = values.proxy === undefined ? null : checkProxyAddress(values.proxy);
if (proxy && !proxy.ok) {
  console.error(`web mode: --proxy: ${proxy.sentence}`);
  process.exit(2);
}

const web = await startWebMode({
  port,
  demo: values.demo,
  ...(values['data-dir'] && { dataDir: values['data-dir'] }),
  ...(proxy?.ok && { proxy: proxy.url }),
}).catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const reason =
    code === 'EADDRINUSE'
      ? `port ${port} is already in use on 127.0.0.1; pick another with --port, or --port 0 for a free one`
      : code === 'EACCES'
        ? `not allowed to listen on port ${port}; pick one above 1023`
        : error instanceof Error
          ? error.message
          : String(error);
  console.error(`web mode: could not start: ${reason}.`);
  process.exit(1);
});
// The stop handlers go in before the first line is printed: a signal sent the moment the URL appears
// (a script or test that waits for it) would otherwise meet Node's default and kill the process uncleanly.
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void web.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(
        `web mode: could not stop cleanly: ${error instanceof Error ? error.message : String(error)}.`,
      );
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(`web mode: ${web.url}`);
if (values.demo)
  console.log('web mode: the demo gateway runs in this process (key sim-key-default, held here).');
console.log(`web mode: data in ${web.dataDir}; the URL's token is valid until this process stops.`);
