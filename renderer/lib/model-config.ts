// Settings keep model overrides as "spec placeholder id → id to send"; the catalog wants them per family/variant.
import { FAMILY_LIST, type ModelConfig } from '../../shared/catalog';

export function modelConfigFrom(overrides: Readonly<Record<string, string>>): ModelConfig {
  const config: ModelConfig = {};
  for (const family of FAMILY_LIST) {
    for (const variant of family.variants) {
      const override = overrides[variant.defaultModelId];
      if (override) config[family.id] = { ...config[family.id], [variant.key]: override };
    }
  }
  return config;
}
