// Presets and styles: what a creator keeps to avoid typing the same thing twice, and the files they travel in.
// A preset is a family, a model and every parameter of its form (references only when asked for); a style is a
// named snippet placed before the prompt, after it, or around it through a `{prompt}` template. Files carry a
// format name and version, and are read with these schemas: a bad file is refused with a sentence, never
// half-imported. No file carries a secret: a webhook (which may hold a token) and stored references (which
// mean nothing on another machine) are left out on export.
import { z } from 'zod';
import { familyIdSchema } from '../catalog/family-ids';
import { because } from '../validation';
import { isReferenceUri } from './references';

export const PRESET_FILE_FORMAT = 'gateway-studio-presets';
export const STYLE_FILE_FORMAT = 'gateway-studio-styles';
export const STUDIO_FILE_VERSION = 1;

/** The one placeholder a template style puts the typed prompt in. */
export const PROMPT_SLOT = '{prompt}';

const name = z.string().trim().min(1).max(80);
/** A form's parameters: JSON of bounded size (a preset is settings, not media). */
const params = z
  .record(z.string().max(100), z.unknown())
  .refine((p) => JSON.stringify(p).length <= 64 * 1024, { params: because('presetTooLarge') });

export const presetDraftSchema = z.strictObject({
  name,
  family: familyIdSchema,
  model: z.string().min(1).max(200),
  params,
});
export type PresetDraft = z.infer<typeof presetDraftSchema>;

export const presetSchema = presetDraftSchema.extend({
  id: z.string().min(1).max(100),
  updatedAt: z.number(),
});
export type Preset = z.infer<typeof presetSchema>;

export const stylePlacementSchema = z.enum(['before', 'after', 'template']);
export type StylePlacement = z.infer<typeof stylePlacementSchema>;

export const styleDraftSchema = z
  .strictObject({
    name,
    text: z.string().trim().min(1).max(2_000),
    placement: stylePlacementSchema,
  })
  .refine((s) => s.placement !== 'template' || s.text.includes(PROMPT_SLOT), {
    params: because('styleTemplate'),
    path: ['text'],
  });
export type StyleDraft = z.infer<typeof styleDraftSchema>;

export const styleSchema = z.object({
  id: z.string().min(1).max(100),
  name,
  text: z.string(),
  placement: stylePlacementSchema,
  updatedAt: z.number(),
});
export type Style = z.infer<typeof styleSchema>;

/** A style as a task records it: enough to show the chip again and to know what was added. */
export const appliedStyleSchema = styleSchema.pick({ id: true, name: true, text: true, placement: true });
export type AppliedStyle = z.infer<typeof appliedStyleSchema>;

/** A task's prompt as typed and the styles it was sent with (the sent prompt is applyStyles of the two). */
/** The longest prompt the app keeps as typed with a task (and takes with an item from another device). */
export const PROMPT_MAX = 20_000;

export const taskStylesSchema = z.object({
  typed: z.string().max(PROMPT_MAX),
  styles: z.array(appliedStyleSchema).max(20),
});
export type TaskStyles = z.infer<typeof taskStylesSchema>;

/**
 * The prompt as sent: each style in turn, in the order the chips show. Before and after join with ", " (the
 * way people write style words); a template replaces its `{prompt}` with the prompt so far. The Create
 * preview and the submission both use this one function, so what is sent is what the preview shows.
 */
export function applyStyles(prompt: string, styles: readonly Pick<Style, 'text' | 'placement'>[]): string {
  return styles.reduce((text, style) => {
    const snippet = style.text.trim();
    if (style.placement === 'template') return snippet.split(PROMPT_SLOT).join(text);
    if (!text.trim()) return snippet;
    return style.placement === 'before' ? `${snippet}, ${text}` : `${text}, ${snippet}`;
  }, prompt);
}

/** What a shared file may not carry: stored references (this machine's) and the webhook (it may hold a token). */
export function shareableParams(source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'webhook') continue;
    if (typeof value === 'string' && isReferenceUri(value)) continue;
    if (Array.isArray(value)) {
      const kept = value.filter(
        (v) =>
          !(typeof v === 'string' && isReferenceUri(v)) &&
          !(typeof v === 'object' && v !== null && 'url' in v && isReferenceUri(String(v.url))),
      );
      if (kept.length > 0) out[key] = kept;
      continue;
    }
    out[key] = value;
  }
  return out;
}

const presetEntrySchema = presetDraftSchema;
export const presetFileSchema = z.strictObject({
  format: z.literal(PRESET_FILE_FORMAT),
  version: z.literal(STUDIO_FILE_VERSION),
  presets: z.array(presetEntrySchema).min(1).max(500),
});
export type PresetFile = z.infer<typeof presetFileSchema>;

export const styleFileSchema = z.strictObject({
  format: z.literal(STYLE_FILE_FORMAT),
  version: z.literal(STUDIO_FILE_VERSION),
  styles: z.array(styleDraftSchema).min(1).max(500),
});
export type StyleFile = z.infer<typeof styleFileSchema>;
