// edit ITEM --region x,y,w,h --prompt "…" [--model M] [--takes N]: a region edit of a library picture, sent as
// the app sends one (core/region-edit) and, by default, waited for: each take is filed as a new item in which
// only the region changed. Every number is checked before anything is sent.
import { regionEditModels } from '../../../shared/catalog/region-edit-models';
import { parseRegionText } from '../../../shared/studio/region-selection';
import { MAX_REGION_TAKES } from '../../core/region-edit/region-editor';
import type { CliContext } from '../cli-context';
import { invalidArgument } from '../cli-errors';
import { formatItems, formatTask, taskJson } from '../formatting';
import { outcomeFailure, settle } from '../task-runner';
import type { SpendingFlags } from '../task-runner';

export interface EditArgs extends SpendingFlags {
  item: string;
  region: string;
  prompt?: string;
  model?: string;
  takes?: number;
  wait: boolean;
}

export async function editCommand(ctx: CliContext, args: EditArgs): Promise<void> {
  const selection = parseRegionText(args.region);
  if (typeof selection === 'string') throw invalidArgument(selection, 'region');
  const instruction = args.prompt?.trim() ?? '';
  if (!instruction) throw invalidArgument('Say what to change with --prompt "…".', 'prompt');
  const takes = args.takes ?? 1;
  if (!Number.isInteger(takes) || takes < 1 || takes > MAX_REGION_TAKES)
    throw invalidArgument(`--takes is 1 to ${MAX_REGION_TAKES}.`, 'takes');
  const model = args.model ?? regionEditModels()[0]?.modelId ?? '';
  const core = ctx.core();
  const item = core.library.get(args.item);
  if (!item) throw invalidArgument(`No library item ${args.item}; list them with: library --json`, 'item');
  if (args.wait) await core.engine.start();
  ctx.out.progress(`editing a region of ${item.id} with ${model}`);
  const { batchId, tasks } = await core.regions.submit({
    source: { itemId: item.id },
    selection,
    instruction,
    model,
    takes,
    confirmed: Boolean(args.yes),
    overBudget: Boolean(args.overBudget),
  });
  const outcomes = args.wait
    ? await Promise.all(tasks.map((task) => settle(ctx, core, task.id)))
    : tasks.map((task) => ({ task, items: [] }));
  // Takes that came back are kept and shown; only when none did is the press a failure, said by the first's reason.
  const failures = outcomes.map((o) => (args.wait ? outcomeFailure(core, o) : null));
  const first = failures[0];
  if (first && failures.every(Boolean)) throw first;
  const items = outcomes.flatMap((o) => o.items);
  ctx.out.result({ batchId, original: item.id, tasks: outcomes.map((o) => taskJson(o.task)), items }, () =>
    [...outcomes.map((o) => formatTask(o.task, core.clock.now())), items.length ? formatItems(items) : '']
      .filter(Boolean)
      .join('\n'),
  );
}
