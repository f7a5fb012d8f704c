// `speech <model> (--input TEXT | --input-file F)`: synchronous; the audio is filed in the library and, with
// --out, copied where the user asked. The same speech asked again is the library's earlier take, with no
// gateway call and no charge, unless --fresh asks for a new one.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { moneyText } from '../../../shared/studio/money-text';
import type { CliContext } from '../cli-context';
import { invalidArgument } from '../cli-errors';
import { formatItems } from '../formatting';
import { planSpeech } from '../submission-plans';
import type { SpendingFlags } from '../task-runner';

export interface SpeechCliArgs extends SpendingFlags {
  model: string;
  input?: string;
  inputFile?: string;
  voice?: string;
  format?: string;
  speed?: number;
  out?: string;
  fresh?: boolean;
}

async function readInput(ctx: CliContext, args: SpeechCliArgs): Promise<string> {
  if ((args.input === undefined) === (args.inputFile === undefined)) {
    throw invalidArgument('Give exactly one of --input TEXT or --input-file FILE.', 'input');
  }
  if (args.input !== undefined) return args.input;
  const path = resolve(ctx.io.cwd, args.inputFile ?? '');
  try {
    return await readFile(path, 'utf8');
  } catch {
    throw invalidArgument(`--input-file ${path}: cannot read it.`, 'input-file');
  }
}

export async function speechCommand(ctx: CliContext, args: SpeechCliArgs): Promise<void> {
  const input = await readInput(ctx, args);
  const request = planSpeech({
    model: args.model,
    input,
    voice: args.voice,
    format: args.format,
    speed: args.speed,
  });
  const { speech } = ctx.core();
  ctx.out.progress(`speaking ${input.length} characters with ${request.model}`);
  const { item: spoken, fromLibrary } = await speech.synthesize(
    {
      model: request.model,
      input: request.input,
      ...(request.voice !== undefined && { voice: request.voice }),
      ...(request.format !== undefined && { responseFormat: request.format }),
      ...(request.speed !== undefined && { speed: request.speed }),
    },
    // Held to the spending limits by the speech service itself, as generate is by the engine: --yes and
    // --over-budget are the person's answer, the same as there.
    {
      signal: ctx.signal,
      fresh: args.fresh ?? false,
      confirmed: Boolean(args.yes),
      overBudget: Boolean(args.overBudget),
    },
  );
  // A new take's cost is read from the usage report (the speech answer carries none); one try here, and the
  // app tries again later if the report has not caught up.
  const item = fromLibrary ? spoken : ((await speech.settleCost(spoken.id, ctx.signal)) ?? spoken);
  let out: string | null = null;
  if (args.out !== undefined) {
    out = resolve(ctx.io.cwd, args.out);
    await mkdir(dirname(out), { recursive: true });
    await copyFile(item.path, out);
  }
  const charge = fromLibrary
    ? 'from your library, not charged (--fresh makes a new take)'
    : item.cost === null
      ? 'cost unknown: the usage report does not show it yet'
      : `cost ${moneyText(item.cost, 'usd')}`;
  ctx.out.result(
    { items: [item], out, fromLibrary },
    () => `${formatItems([item])}\n${charge}${out ? `\ncopied to ${out}` : ''}`,
  );
}
