// A model as people read it wherever several are side by side ("Also run on…", a compare group): the family's chip
// ("I1") and, when the family has more than one model, which ("I1 · Pro"). One function, so the picker that chose a
// model and the grid that shows its result name it alike.
import type { TFunction } from 'i18next';
import { familyModels, type FamilyId, type ModelConfig } from '../../shared/catalog';

export function modelLabel(family: FamilyId, model: string, models: ModelConfig, t: TFunction): string {
  const chip = t(`create.chips.${family}`);
  const variants = familyModels(family, models);
  if (variants.length <= 1) return chip;
  const variant = variants.find((v) => v.modelId === model);
  // A model id the settings no longer name (overridden since): its own id says which it was.
  if (!variant) return `${chip} · ${model}`;
  return `${chip} · ${t(`create.variants.${variant.key}` as 'create.variants.default', { defaultValue: variant.label })}`;
}
