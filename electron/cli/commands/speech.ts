// `speech <model> (--input TEXT | --input-file F)`: synchronous; the audio is filed in the library and, with
// --out, copied where the user asked.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { CliContext } from '../cli-context';
import { invalidArgument } from '../cli-errors';
import { formatItems } from '../formatting';
import { planSpeech } from '../submission-plans';

export interface SpeechCliArgs {
  model: string;
  input?: string;
  inputFile?: string;
  voice?: string;
  format?: string;
  speed?: number;
  out?: string;
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
  const item = await speech.synthesize(
    {
      model: request.model,
      input: request.input,
      ...(request.voice !== undefined && { voice: request.voice }),
      ...(request.format !== undefined && { responseFormat: request.format }),
      ...(request.speed !== undefined && { speed: request.speed }),
    },
    ctx.signal,
  );
  let out: string | null = null;
  if (args.out !== undefined) {
    out = resolve(ctx.io.cwd, args.out);
    await mkdir(dirname(out), { recursive: true });
    await copyFile(item.path, out);
  }
  ctx.out.result({ items: [item], out }, () => `${formatItems([item])}${out ? `\ncopied to ${out}` : ''}`);
}
