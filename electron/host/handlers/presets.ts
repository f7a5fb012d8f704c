// presets.* and styles.*: the preset store over the studio's database. Files go out as JSON text the renderer
// saves, and come in as text it read; the store judges them.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import type { HostDeps } from './host-deps';

const done = { ok: true as const };
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function presetsHandlers({ presets }: HostDeps): BridgeHandlers['presets'] {
  return {
    list: async (input) => presets.presets(input?.family),
    save: async (draft) => presets.savePreset(draft),
    update: async ({ id, ...patch }) => presets.updatePreset(id, patch),
    delete: async ({ id }) => (presets.deletePreset(id), done),
    export: async (input) => ({
      fileName: 'gateway-studio-presets.json',
      text: json(presets.exportPresets(input?.ids)),
    }),
    import: async ({ text }) => presets.importPresets(text),
  };
}

export function stylesHandlers({ presets }: HostDeps): BridgeHandlers['styles'] {
  return {
    list: async () => presets.styles(),
    save: async ({ id, style }) => presets.saveStyle(style, id),
    delete: async ({ id }) => (presets.deleteStyle(id), done),
    export: async () => ({ fileName: 'gateway-studio-styles.json', text: json(presets.exportStyles()) }),
    import: async ({ text }) => presets.importStyles(text),
    forTask: async ({ taskId }) => presets.taskStyles(taskId),
  };
}
