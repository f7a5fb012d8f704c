// The settings of a request that could change what it costs or how long it takes, as the learner sees them.
// We do not decide which ones matter (the observed costs do, see log-linear-model.ts); we only leave out what
// is content rather than a setting: prompts and other free text, media URLs (their count is kept: a model
// may bill per reference), and references to other tasks. Fields the catalog gives a default for are filled
// with it, so a run that omitted `resolution` and one that sent the default are the same configuration.
import { getFamily } from '../../../shared/catalog';
import type { FamilyId } from '../../../shared/catalog';

export type Features = Record<string, string | number>;

/** Longer strings, or strings with spaces, are content (a tag list, a title), not a choice among values. */
const MAX_CHOICE_LENGTH = 24;

const isChoice = (v: string): boolean => v.length <= MAX_CHOICE_LENGTH && !/\s/.test(v) && !v.includes('://');

export function priceFeatures(family: FamilyId, params: Readonly<Record<string, unknown>>): Features {
  const spec = getFamily(family);
  const features: Features = {};
  const known = new Map(spec.fields.map((f) => [f.name, f]));
  for (const f of spec.fields) {
    if (f.default !== undefined && params[f.name] === undefined) {
      features[f.name] = typeof f.default === 'number' ? f.default : String(f.default);
    }
  }
  for (const [name, value] of Object.entries(params)) {
    const field = known.get(name);
    if (value === undefined || value === null || name === 'webhook') continue;
    if (field?.type === 'text') {
      // Speech is billed by the characters of its input ([EP-SPEECH-1]); other long text is content.
      if (typeof value === 'string' && spec.kind === 'speech') features[`${name}.chars`] = [...value].length;
      continue;
    }
    if (field?.type === 'url') {
      features[`${name}.given`] = 'yes';
      continue;
    }
    if (Array.isArray(value)) {
      features[`${name}.count`] = String(value.length);
      continue;
    }
    if (typeof value === 'number' && Number.isFinite(value)) features[name] = value;
    else if (typeof value === 'boolean') features[name] = String(value);
    else if (typeof value === 'string' && field?.name !== 'task_id' && isChoice(value))
      features[name] = value;
  }
  return features;
}

/** The display name of a feature: `image_urls.count` → `image_urls`. */
export function settingName(feature: string): string {
  return feature.replace(/\.(count|given|chars|omitted)$/, '');
}

/**
 * The settings a price is proportional to where a family has them: images delivered ([EP-IMAGE-2] "billed by
 * images actually delivered") and seconds of video. They are not left to the learner, which cannot see from one
 * run of n=3 that n=1 costs a third: every run is learned per unit and an estimate multiplied back.
 */
const UNIT_SETTINGS = ['n', 'duration'] as const;

export function unitSettings(family: FamilyId): string[] {
  const names = new Set(getFamily(family).fields.map((f) => f.name));
  return UNIT_SETTINGS.filter((name) => names.has(name));
}

/** How many units a request is billed for: its n times its seconds, each 1 where the family has none. */
export function billedUnits(family: FamilyId, features: Readonly<Features>): number {
  let units = 1;
  for (const name of unitSettings(family)) {
    const value = features[name];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) units *= value;
  }
  return units;
}

/**
 * The features without the unit settings: what the per-unit price may still depend on. A unit setting the
 * request left to the gateway (no catalog default fills it) is kept as `n.omitted`: what the gateway bills
 * then is its own default, which the runs that omitted it show (billed as one unit, their whole cost is their
 * "per-unit" price), so the learner finds it as any other setting instead of it being guessed.
 */
export function perUnit(family: FamilyId, features: Readonly<Features>): Features {
  const units: readonly string[] = UNIT_SETTINGS;
  const kept: Features = Object.fromEntries(
    Object.entries(features).filter(([name]) => !units.includes(name)),
  );
  for (const name of unitSettings(family)) if (features[name] === undefined) kept[`${name}.omitted`] = 'yes';
  return kept;
}

/** The unit settings a request left to the gateway, by their `.omitted` feature names. */
export function omittedUnits(family: FamilyId, features: Readonly<Features>): string[] {
  return unitSettings(family)
    .filter((name) => features[name] === undefined)
    .map((name) => `${name}.omitted`);
}
