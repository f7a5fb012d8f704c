// `models`: the catalog as the CLI sees it — families, model ids, fields and limits. No network, unless
// `--listed` asks the gateway for the models it lists (GET /v1/models?expand=parameters), kept for offline use in
// discovered-models.json beside the library's database (the app's own file when STUDIO_DATA_DIR is its folder):
// a model the catalog does not name is marked new, with its family or "generic form".
import { join } from 'node:path';
import { FAMILY_LIST, familyModels, referenceImageFields } from '../../../shared/catalog';
import type { FieldSpec } from '../../../shared/catalog';
import { DiscoveredModels, type DiscoveredList } from '../../core/models/discovered-models';
import { requireGateway } from '../cli-config';
import { genericFields } from '../../../shared/catalog/generic-model';
import type { ListedLookup } from '../submission-plans';
import type { CliContext } from '../cli-context';

/** The gateway's listing, fetched now or the kept one when the gateway cannot be asked. */
async function listedModels(ctx: CliContext): Promise<DiscoveredList> {
  requireGateway(ctx.config);
  const core = ctx.core();
  const file = join(ctx.config.dataDir ?? ctx.config.libraryDir, 'discovered-models.json');
  return new DiscoveredModels(file, core.clock).get(
    core.gateway,
    {},
    {
      refresh: true,
    },
  );
}

/** The kept listing (asked again when older than an hour), for `generate` with a model only the gateway lists. */
export function listedLookup(ctx: CliContext): ListedLookup {
  return async (model) => {
    requireGateway(ctx.config);
    const core = ctx.core();
    const file = join(ctx.config.dataDir ?? ctx.config.libraryDir, 'discovered-models.json');
    const list = await new DiscoveredModels(file, core.clock).get(core.gateway, {});
    return list.models.find((m) => m.id === model && m.isNew) ?? null;
  };
}

function listedLine(m: DiscoveredList['models'][number]): string {
  const where = m.family ?? 'generic form';
  const head = `  ${m.id}${m.isNew ? ' (new on the gateway)' : ''}  ${where}${m.endpoint ? `  ${m.endpoint}` : ''}`;
  // A model of no known family: the fields its schema gives, as `generate --set` takes them.
  if (m.family !== null || !m.isNew) return head;
  const fields = genericFields(m).map((f) => {
    const extra = limits(f);
    return `      ${f.required ? '*' : ' '} ${f.name} (${f.type})${extra ? `  ${extra}` : ''}`;
  });
  const json = m.skipped?.length ? [`        as JSON: ${m.skipped.join(', ')}`] : [];
  return [head, ...fields, ...json].join('\n');
}

function limits(f: FieldSpec): string {
  const parts: string[] = [];
  if (f.values) parts.push(f.values.join('|'));
  // Usual values offered, not a limit: another is taken when it is a ratio (or, for an open field, not blank).
  if (f.choices) parts.push(`${f.choices.join('|')} or another ${f.ratio ? 'ratio' : 'value'}`);
  if (f.min !== undefined || f.max !== undefined)
    parts.push(`${f.exclusiveMin ? '>' : ''}${f.min ?? ''}..${f.max ?? ''}`);
  if (f.maxLength !== undefined) parts.push(`≤${f.maxLength} chars`);
  if (f.minItems || f.maxItems !== undefined) parts.push(`${f.minItems ?? 0}..${f.maxItems ?? '∞'} items`);
  if (f.default !== undefined) parts.push(`default ${String(f.default)}`);
  return parts.join(', ');
}

export async function modelsCommand(ctx: CliContext, options: { listed?: boolean } = {}): Promise<void> {
  const listed = options.listed ? await listedModels(ctx) : null;
  const families = FAMILY_LIST.map((family) => ({
    id: family.id,
    label: family.label,
    kind: family.kind,
    path: family.path,
    taskEndpoint: family.taskEndpoint,
    models: familyModels(family.id).map((v) => v.modelId),
    textOnly: family.textOnly,
    nsfwCheck: family.nsfwCheck,
    referenceImages: referenceImageFields(family.id).map((f) => ({
      field: f.name,
      maxItems: f.maxItems ?? null,
    })),
    fields: family.fields.map((f) => ({
      name: f.name,
      type: f.type,
      required: f.required,
      ...(f.default !== undefined && { default: f.default }),
      ...(f.values && { values: f.values }),
      ...(f.choices && { choices: f.choices }),
      ...(f.min !== undefined && { min: f.min }),
      ...(f.max !== undefined && { max: f.max }),
      ...(f.maxLength !== undefined && { maxLength: f.maxLength }),
      ...(f.minItems !== undefined && { minItems: f.minItems }),
      ...(f.maxItems !== undefined && { maxItems: f.maxItems }),
      clause: f.clause,
    })),
    notes: family.notes,
  }));
  const listing = listed && {
    source: listed.source,
    fetchedAt: listed.fetchedAt,
    models: listed.models.map((m) => ({
      id: m.id,
      family: m.family,
      isNew: m.isNew,
      endpoint: m.endpoint,
      ...(m.family === null && m.isNew
        ? { fields: genericFields(m), skipped: m.skipped ?? [], schemaProblem: m.schemaProblem }
        : {}),
    })),
  };
  const listedText = listed
    ? `\n\nlisted by the gateway (${listed.source === 'gateway' ? 'now' : listed.source === 'cache' ? 'kept list: the gateway could not be asked' : 'no list'}):\n${listed.models.map(listedLine).join('\n')}`
    : '';
  ctx.out.result(
    listing ? { families, listed: listing } : { families },
    () =>
      FAMILY_LIST.map((family) => {
        const models = familyModels(family.id).map((v) => v.modelId);
        const head = `${family.id}  ${family.label}  ${family.path}${models.length ? `\n  models: ${models.join(', ')}` : ''}`;
        const fields = family.fields.map((f) => {
          const extra = limits(f);
          return `  ${f.required ? '*' : ' '} ${f.name} (${f.type})${extra ? `  ${extra}` : ''}`;
        });
        return [head, ...fields, ...family.notes.map((n) => `  note: ${n}`)].join('\n');
      }).join('\n\n') + listedText,
  );
}
