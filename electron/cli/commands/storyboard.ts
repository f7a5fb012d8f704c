// `storyboard run FILE [--dry-run] [--shot N]`: a storyboard file run from a terminal on the same core, runner and limits
// as the app (the whole board measured once; --yes and --over-budget answer them). --dry-run prints the one price
// of the board (every shot, narration take and the music) and the notes on cast a model cannot take, and sends
// nothing. A run waits in the foreground for the shots, narration, music and the cut, then prints where the cut
// and its edit lists (CMX3600 and FCPXML) are. --shot N runs (or prices) that shot alone, as the app's "Run this
// shot" does: its narration with it, no music, not continuing from the shot before.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { moneyText } from '../../../shared/studio/money-text';
import type { Storyboard } from '../../../shared/studio/storyboard';
import { planStoryboard, priceStoryboard, readStoryboardFile, shotAlone } from '../../core/storyboard';
import type { CliContext } from '../cli-context';
import { fromGatewayError, invalidArgument } from '../cli-errors';
import { dryRunPrices } from '../dry-run';
import type { SpendingFlags } from '../task-runner';

export interface StoryboardRunArgs extends SpendingFlags {
  file: string;
  dryRun?: boolean;
  /** One shot (counted from 1) run alone: the same board the app's "Run this shot" sends. */
  shot?: string;
}

export async function storyboardRunCommand(ctx: CliContext, args: StoryboardRunArgs): Promise<void> {
  const text = await readFile(resolve(ctx.io.cwd, args.file), 'utf8').catch(() => {
    throw invalidArgument(`Cannot read ${args.file}.`, 'file');
  });
  const whole = readStoryboardFile(text);
  const board = args.shot === undefined ? whole : shotAlone(whole, shotNumber(args.shot, whole) - 1);
  if (args.dryRun) dryRun(ctx, board);
  else await run(ctx, board, args);
}

/** `--shot N`: a whole number from 1 to the board's shots, else refused before anything is priced. */
function shotNumber(text: string, board: Storyboard): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > board.shots.length)
    throw invalidArgument(`--shot takes a shot's number, 1 to ${board.shots.length}.`, 'shot');
  return n;
}

function dryRun(ctx: CliContext, board: Storyboard): void {
  const prices = dryRunPrices(ctx);
  const cast = ctx.core(false).studio.cast.list();
  const price = priceStoryboard(planStoryboard(board, cast), (requests) => prices.estimateBatch(requests));
  ctx.out.result({ dryRun: true, sent: false, storyboard: board.name, ...price }, () =>
    [
      ...price.parts.map(
        (p) =>
          `${p.label}: ${p.estimate.usd === null ? 'no estimate yet' : `≈ ${moneyText(p.estimate.usd, 'usd')}`}`,
      ),
      ...price.notes,
      price.totalUsd === null
        ? `total: not known yet (${price.unknown} of ${price.parts.length} parts have no estimate). Nothing was sent.`
        : `total ≈ ${moneyText(price.totalUsd, 'usd')} for the whole board (${price.parts.length} parts). Nothing was sent.`,
    ].join('\n'),
  );
}

async function run(ctx: CliContext, board: Storyboard, args: StoryboardRunArgs): Promise<void> {
  const core = ctx.core();
  const { boards, cast } = core.studio;
  await core.engine.start();
  // The cast's pictures on this device (a synced cast names them by hash), or a clear refusal before any send.
  await core.studio.storyboards.ready(board);
  const started = boards.start(board, cast.list(), {
    confirmed: Boolean(args.yes),
    overBudget: Boolean(args.overBudget),
  });
  for (const note of started.notes) ctx.out.progress(note);
  const off = core.engine.events.on('task', ({ task }) => {
    const shot = boards.get(started.id)?.shots.findIndex((s) => s.taskId === task.id) ?? -1;
    if (shot >= 0)
      ctx.out.progress(`shot ${shot + 1}/${board.shots.length}: ${task.state} ${task.progress}%`);
  });
  let settled;
  try {
    settled = (await boards.settled(started.id)) ?? started;
  } finally {
    off();
  }
  if (settled.state === 'failed') {
    throw fromGatewayError(settled.error ?? localErrorInfo('task_failed', 'The storyboard stopped.'));
  }
  const cut = settled.cutItemId ? core.library.get(settled.cutItemId) : null;
  const shots = settled.shots.map((s) => (s.itemId ? core.library.get(s.itemId) : null));
  ctx.out.result({ storyboard: board.name, run: settled, shots, cut }, () =>
    [
      `${board.name}: ${settled.state}`,
      ...settled.shots.map((s, i) => `  shot ${i + 1}: task ${s.taskId ?? 'not sent'}`),
      `  cut: ${cut?.path ?? 'not made'}`,
      `  edit list (CMX3600): ${settled.editList ?? 'not made'}`,
      `  edit list (FCPXML): ${settled.finalCutXml ?? 'not made'}`,
    ].join('\n'),
  );
}
