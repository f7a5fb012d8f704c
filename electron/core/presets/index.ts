export { presetMigrations } from './presets-migrations';
export { PromptHistory } from './prompt-history';
export type { PromptSend } from './prompt-history';
export { PresetStore } from './preset-store';
