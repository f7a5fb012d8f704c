// `models`: the catalog as the CLI sees it — families, model ids, fields and limits. No network.
import { FAMILY_LIST, familyModels, referenceImageFields } from '../../../shared/catalog';
import type { FieldSpec } from '../../../shared/catalog';
import type { CliContext } from '../cli-context';

function limits(f: FieldSpec): string {
  const parts: string[] = [];
  if (f.values) parts.push(f.values.join('|'));
  if (f.min !== undefined || f.max !== undefined)
    parts.push(`${f.exclusiveMin ? '>' : ''}${f.min ?? ''}..${f.max ?? ''}`);
  if (f.maxLength !== undefined) parts.push(`≤${f.maxLength} chars`);
  if (f.minItems || f.maxItems !== undefined) parts.push(`${f.minItems ?? 0}..${f.maxItems ?? '∞'} items`);
  if (f.default !== undefined) parts.push(`default ${String(f.default)}`);
  return parts.join(', ');
}

export function modelsCommand(ctx: CliContext): void {
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
      ...(f.min !== undefined && { min: f.min }),
      ...(f.max !== undefined && { max: f.max }),
      ...(f.maxLength !== undefined && { maxLength: f.maxLength }),
      ...(f.minItems !== undefined && { minItems: f.minItems }),
      ...(f.maxItems !== undefined && { maxItems: f.maxItems }),
      clause: f.clause,
    })),
    notes: family.notes,
  }));
  ctx.out.result({ families }, () =>
    FAMILY_LIST.map((family) => {
      const models = familyModels(family.id).map((v) => v.modelId);
      const head = `${family.id}  ${family.label}  ${family.path}${models.length ? `\n  models: ${models.join(', ')}` : ''}`;
      const fields = family.fields.map((f) => {
        const extra = limits(f);
        return `  ${f.required ? '*' : ' '} ${f.name} (${f.type})${extra ? `  ${extra}` : ''}`;
      });
      return [head, ...fields, ...family.notes.map((n) => `  note: ${n}`)].join('\n');
    }).join('\n\n'),
  );
}
