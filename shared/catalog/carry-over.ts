// One prompt on several models ("Also run on…" on Create): which models of the same kind a form can also be sent
// to, and what each of them takes of the form. A parameter carries over when the other model's family has a field
// of that name that accepts the value; every other one is named (`ignored`), never dropped silently. The form,
// its estimate and the press all build the other models' requests here, so what is shown is what is sent.
import type { FamilyId } from './family-ids';
import { FAMILY_LIST, familyModels, getFamily } from './families';
import { checkBody, fieldValueSchema } from './schema';
import type { FamilyKind, ModelConfig } from './types';

/** One model a form can also be sent to: a family and one of its variants, by the model id in effect. */
export interface ModelChoice {
  family: FamilyId;
  /** The variant's key ('default', 'pro'…): with the family, what its label is built from. */
  variant: string;
  /** The model id sent (the user's override, or the spec's placeholder). */
  model: string;
  /** Whether the family lists more than one variant, so a label must name the variant too. */
  several: boolean;
}

/** Every model of this kind, family by family in catalog order, each variant of a family on its own. */
export function modelsOfKind(kind: FamilyKind, models?: ModelConfig): ModelChoice[] {
  return FAMILY_LIST.filter((f) => f.kind === kind && f.variants.length > 0).flatMap((f) => {
    const variants = familyModels(f.id, models);
    return variants.map((v) => ({
      family: f.id,
      variant: v.key,
      model: v.modelId,
      several: variants.length > 1,
    }));
  });
}

/** A model's identity in a list of choices: family and model id (one model id may serve several families). */
export const choiceKey = (choice: Pick<ModelChoice, 'family' | 'model'>): string =>
  `${choice.family}|${choice.model}`;

export interface CarriedOver {
  /** The parameters the other model takes, values as the form had them. */
  params: Record<string, unknown>;
  /** The form's parameters it does not take (no such field, or a value its field refuses), in the form's order. */
  ignored: string[];
  /**
   * What its family's own rules refuse in what was carried (a prompt over its length limit, a field it needs and
   * the form had no value for), each as `path: message`; empty when it can be sent as it is.
   */
  problems: string[];
}

/** What one other model takes of a form's parameters (already compacted: unset values dropped). */
export function carryOver(
  params: Readonly<Record<string, unknown>>,
  to: Pick<ModelChoice, 'family' | 'model'>,
  models?: ModelConfig,
): CarriedOver {
  const family = getFamily(to.family);
  const carried: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    const field = family.fields.find((f) => f.name === name);
    if (field && fieldValueSchema(field).safeParse(value).success) carried[name] = value;
    else ignored.push(name);
  }
  const body = family.variants.length > 0 ? { model: to.model, ...carried } : carried;
  const check = checkBody(to.family, body, models);
  const problems = check.ok
    ? []
    : check.problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
  return { params: carried, ignored, problems };
}
