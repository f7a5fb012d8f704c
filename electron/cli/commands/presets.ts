// presets list|show|export|import and recipe run --dry-run: the presets, styles and recipes the app keeps in the
// same database, from a terminal. Files are the app's own (zod-checked, no secrets).
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FamilyId } from '../../../shared/catalog/family-ids';
import { moneyText } from '../../../shared/studio/money-text';
import { PresetStore } from '../../core/presets';
import { RecipeRunner, RecipeStore } from '../../core/recipes';
import type { CliContext } from '../cli-context';
import { invalidArgument } from '../cli-errors';

const store = (ctx: CliContext) => new PresetStore({ db: ctx.database() });

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
      `use it: gateway-studio generate ${preset.model} --family ${preset.family} ${Object.entries(
        preset.params,
      )
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

/** `recipe run FILE --prompt P --dry-run`: every step's estimate and the total; nothing is sent. */
export async function recipeRunCommand(
  ctx: CliContext,
  args: { file: string; prompt: string[]; dryRun?: boolean },
): Promise<void> {
  const text = await readFile(resolve(ctx.io.cwd, args.file), 'utf8').catch(() => {
    throw invalidArgument(`Cannot read ${args.file}.`, 'file');
  });
  const recipe = RecipeStore.read(text);
  if (!args.dryRun) {
    throw invalidArgument(
      'Only --dry-run is available from the command line for now; run recipes from the app.',
      'dry-run',
    );
  }
  // Prices are per gateway, so the base URL is needed; the key is not: nothing is sent.
  if (!ctx.config.baseUrl) {
    throw invalidArgument(
      '--dry-run needs --base-url (or GATEWAY_BASE_URL): prices are kept per gateway.',
      'base-url',
    );
  }
  const prices = ctx.core(false).prices;
  const requests = RecipeRunner.requests(recipe, args.prompt.length ? args.prompt : [null]);
  const estimates = requests.map((request) => ({ request, estimate: prices.estimate(request) }));
  const known = estimates.every((e) => e.estimate.usd !== null);
  const totalUsd = known ? estimates.reduce((sum, e) => sum + (e.estimate.usd ?? 0), 0) : null;
  ctx.out.result({ dryRun: true, sent: false, recipe: recipe.name, steps: estimates, totalUsd }, () =>
    [
      ...estimates.map(
        (e, i) =>
          `step ${(i % recipe.steps.length) + 1} ${e.request.family}: ${e.estimate.usd === null ? 'no estimate yet' : `≈ ${moneyText(e.estimate.usd, 'usd')}`}`,
      ),
      totalUsd === null
        ? `total: not known yet (a step has no estimate). Nothing was sent.`
        : `total ≈ ${moneyText(totalUsd, 'usd')} for ${requests.length} tasks. Nothing was sent.`,
    ].join('\n'),
  );
}
