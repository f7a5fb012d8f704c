// npm run simulator -- [--port N] [--seed N] [--time-scale X] [--allow-loopback-webhooks] [--dialect a,b]
import { parseArgs } from 'node:util';
import { MODEL_LIST_MODES } from './routes/models';
import {
  DIALECTS,
  FAULT_KINDS,
  parseDialects,
  startSimulator,
  type LinkOptions,
  type SimulatorOptions,
} from './index';

const USAGE =
  'usage: npm run simulator -- [--port N] [--seed N] [--time-scale X] [--allow-loopback-webhooks] [--links-host same|separate] [--links-expiry spec|varied|missing] [--links-propagation-ms N] [--uploads] [--models full|missing-schemas|invalid-schemas|schema-endpoint] [--dialect a,b]';

export function parseCliOptions(argv: string[]): SimulatorOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      'time-scale': { type: 'string' },
      'allow-loopback-webhooks': { type: 'boolean', default: false },
      dialect: { type: 'string', multiple: true },
      'links-host': { type: 'string' },
      'links-expiry': { type: 'string' },
      'links-propagation-ms': { type: 'string' },
      uploads: { type: 'boolean', default: false },
      models: { type: 'string' },
    },
  });
  const options: SimulatorOptions = { allowLoopbackWebhooks: values['allow-loopback-webhooks'] };
  if (values.uploads) options.uploads = true;
  if (values.models !== undefined) {
    const mode = MODEL_LIST_MODES.find((m) => m === values.models);
    if (!mode)
      throw new Error(`--models must be one of ${MODEL_LIST_MODES.join(', ')}, got "${values.models}"`);
    options.modelList = mode;
  }
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535)
      throw new Error(`--port must be an integer from 0 to 65535, got "${values.port}"`);
    options.port = port;
  }
  if (values.seed !== undefined) {
    const seed = Number(values.seed);
    if (!/^-?\d+$/.test(values.seed) || !Number.isSafeInteger(seed))
      throw new Error(`--seed must be an integer, got "${values.seed}"`);
    options.seed = seed;
  }
  if (values['time-scale'] !== undefined) {
    const raw = values['time-scale'];
    const scale = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(scale) || scale <= 0) {
      throw new Error(`--time-scale must be a positive number (0.02 runs 50 times faster), got "${raw}"`);
    }
    options.timeScale = scale;
  }
  if (values.dialect !== undefined) {
    try {
      options.dialects = values.dialect.flatMap(parseDialects);
    } catch (error) {
      throw new Error(`--dialect: ${(error as Error).message}`, { cause: error });
    }
  }
  const links = linkFlags(values['links-host'], values['links-expiry'], values['links-propagation-ms']);
  if (links) options.links = links;
  return options;
}

/** The result-link switches (links.ts), as the real gateway's public clients meet them. */
function linkFlags(host?: string, expiry?: string, propagation?: string): LinkOptions | null {
  if (host === undefined && expiry === undefined && propagation === undefined) return null;
  const links: LinkOptions = {};
  if (host !== undefined) {
    if (host !== 'same' && host !== 'separate')
      throw new Error(`--links-host must be same or separate, got "${host}"`);
    links.host = host;
  }
  if (expiry !== undefined) {
    if (expiry !== 'spec' && expiry !== 'varied' && expiry !== 'missing')
      throw new Error(`--links-expiry must be spec, varied or missing, got "${expiry}"`);
    links.expiry = expiry;
  }
  if (propagation !== undefined) {
    if (!/^\d+$/.test(propagation))
      throw new Error(`--links-propagation-ms must be a whole number, got "${propagation}"`);
    links.propagationMs = Number(propagation);
  }
  return links;
}

async function main(): Promise<void> {
  let options: SimulatorOptions;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`simulator: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  try {
    sim = await startSimulator(options);
  } catch (error) {
    console.error(`simulator: cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  // Before the first line: a signal sent as soon as the URL appears must meet these, not Node's default.
  const stop = (): void => {
    void sim.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`listening on ${sim.url}`);
  console.log('\ndemo keys (send as Authorization: Bearer <key>):');
  const notes: Record<string, string> = {
    default: 'user with 50 USD',
    default2: 'second key of the same user',
    unlimited: 'unlimited_quota',
    empty: 'zero balance: generation answers 402',
    orphan: 'token record missing: balance answers success:false',
    other: 'another user: 403 on the default user tasks',
    userQuotaMissing: 'user balance: quota lookup fails',
    userUsedMissing: 'user balance: used-quota lookup fails',
    expired: 'expired key: 401 everywhere',
    disabledAccount: 'disabled account: 403 everywhere',
    ipRestricted: 'IP allowlist excludes this machine: 403 everywhere',
  };
  for (const [name, key] of Object.entries(sim.keys)) console.log(`  ${key.padEnd(28)} ${notes[name] ?? ''}`);
  console.log('\nseeded task ids (owned by sim-key-default):');
  const seedNotes: Record<string, string> = {
    musicExtend: 'extend product, two tracks: the concat source (poll /v1/music/tasks/{id})',
    musicUpload: 'uploaded track, two tracks: the addInstrumental source',
    musicGenerated: 'generated track, two tracks: generateMp4 and adjustSpeed',
    grid: 'completed four-image grid: the gridimg upscale source (poll /v1/tasks/{id})',
  };
  for (const [name, id] of Object.entries(sim.seeds))
    console.log(`  ${id.padEnd(28)} ${seedNotes[name] ?? ''}`);
  console.log(
    '\nprompts: "[fail]" fails a task, "[nsfw]" is flagged when nsfw_check is true (families S, I3)',
  );
  console.log(
    `faults: send X-Sim-Fault: ${FAULT_KINDS.join(' | ')} (several comma-separated; "; rate=0.3" for a share of calls)`,
  );
  console.log(
    `dialects: ${sim.dialects.list.join(', ') || 'none (the spec)'}; --dialect takes ${DIALECTS.join(', ')}`,
  );
  console.log(`seed: ${options.seed ?? 1}, time scale: ${options.timeScale ?? 1}`);
  console.log(
    options.allowLoopbackWebhooks
      ? 'webhooks: loopback, private and non-standard-port receivers allowed'
      : 'webhooks: loopback, private and non-standard-port receivers dropped (--allow-loopback-webhooks allows them)',
  );
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('simulator/cli.ts')) {
  void main();
}
