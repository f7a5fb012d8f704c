// presets list|show|apply|export|import: the presets the app keeps in the same database, from a terminal. Files
// are the app's own (zod-checked, no secrets). `presets apply` sends the preset's request as `generate` does.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import type { CliContext } from '../cli-context';
import { invalidArgument } from '../cli-errors';
import { dryRunPrices } from '../dry-run';
import { formatEstimate } from '../formatting';
import { parseSets, validatedRequest } from '../submission-plans';
import { submitAndFollow, type SpendingFlags } from '../task-runner';

const store = (ctx: CliContext) => ctx.studio().presets;

export function presetsListCommand(ctx: CliContext, args: { family?: string }): void {
  const presets = store(ctx).presets(args.family as FamilyId | undefined);
  ctx.out.result({ presets }, () =>
    presets.length === 0
      ? 'No presets yet.'
      : presets.map((p) => `${p.id}  ${p.family}  ${p.model}  ${p.name}`).join('\n'),
  );
}

export function presetsShowCommand(ctx: CliContext, args: { preset: string }): void {
  const preset = store(ctx).find(args.preset);
  ctx.out.result({ preset }, () =>
    [
      `${preset.name} (${preset.family}, ${preset.model})`,
      ...Object.entries(preset.params).map(([k, v]) => `  ${k} = ${JSON.stringify(v)}`),
      `apply it: gateway-studio presets apply ${JSON.stringify(preset.name)} [--prompt TEXT]`,
      `or: gateway-studio generate ${preset.model} --family ${preset.family} ${Object.entries(preset.params)
        .map(([k, v]) => `--set ${k}=${typeof v === 'string' ? JSON.stringify(v) : String(v)}`)
        .join(' ')}`,
    ].join('\n'),
  );
}

export async function presetsExportCommand(ctx: CliContext, args: { out?: string }): Promise<void> {
  const file = store(ctx).exportPresets();
  const text = `${JSON.stringify(file, null, 2)}\n`;
  if (args.out) await writeFile(resolve(ctx.io.cwd, args.out), text);
  ctx.out.result(file, () =>
    args.out ? `${file.presets.length} presets written to ${args.out}` : text.trimEnd(),
  );
}

export async function presetsImportCommand(ctx: CliContext, args: { file: string }): Promise<void> {
  const text = await readFile(resolve(ctx.io.cwd, args.file), 'utf8').catch(() => {
    throw invalidArgument(`Cannot read ${args.file}.`, 'file');
  });
  const added = store(ctx).importPresets(text);
  ctx.out.result(
    { presets: added },
    () => `${added.length} presets imported: ${added.map((p) => p.name).join(', ')}`,
  );
}

export interface PresetApplyArgs extends SpendingFlags {
  preset: string;
  prompt?: string;
  set: readonly string[];
  wait: boolean;
  dryRun?: boolean;
}

/**
 * `presets apply NAME [--prompt P] [--set k=v]`: the preset's family, model and parameters, with the prompt and
 * any field given here in their place, checked by the family's schema and sent as `generate` sends (the spending
 * limits, waiting, downloading). --dry-run prints its estimate and sends nothing.
 */
export async function presetsApplyCommand(ctx: CliContext, args: PresetApplyArgs): Promise<void> {
  const preset = store(ctx).find(args.preset);
  const params: Record<string, unknown> = { ...preset.params, ...parseSets(preset.family, args.set) };
  if (args.prompt !== undefined) params.prompt = args.prompt;
  const request = validatedRequest(preset.family, preset.model, params);
  if (args.dryRun) {
    const estimate = dryRunPrices(ctx).estimate(request);
    ctx.out.result({ dryRun: true, sent: false, preset: preset.name, request, estimate }, () =>
      formatEstimate(estimate),
    );
    return;
  }
  await submitAndFollow(ctx, ctx.core(), request, {
    wait: args.wait,
    yes: args.yes,
    overBudget: args.overBudget,
  });
}
