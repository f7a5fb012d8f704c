// Which source tracks a music operation takes, as the spec says: concat only an extend product
// ([EP-MUSIC-2]), add-instrumental only the caller's own uploaded track ([EP-MUSIC-5]); the others any track.
// Tracks made here by a music operation count as generated. A typed id of unknown origin is the gateway's to judge.
import type { FamilyId } from '../../../shared/catalog';
import type { TrackOrigin } from '../../../shared/bridge/source-schemas';

export interface SourceRule {
  origin: TrackOrigin;
  /** i18n keys: the rule above the list, the note on a track it refuses, the sentence when one is picked. */
  rule: 'create.source.rule.concat' | 'create.source.rule.addInstrumental';
  short: 'create.source.refusedShort.concat' | 'create.source.refusedShort.addInstrumental';
  refused: 'create.source.refused.concat' | 'create.source.refused.addInstrumental';
}

const RULES: Partial<Record<FamilyId, SourceRule>> = {
  'music.concat': {
    origin: 'extend',
    rule: 'create.source.rule.concat',
    short: 'create.source.refusedShort.concat',
    refused: 'create.source.refused.concat',
  },
  'music.addInstrumental': {
    origin: 'upload',
    rule: 'create.source.rule.addInstrumental',
    short: 'create.source.refusedShort.addInstrumental',
    refused: 'create.source.refused.addInstrumental',
  },
};

export function sourceRule(family: FamilyId): SourceRule | undefined {
  return RULES[family];
}

/** True when the family takes a track of this origin; a track of unknown origin (null) is the gateway's to judge. */
export function acceptsOrigin(family: FamilyId, origin: TrackOrigin | null): boolean {
  const rule = RULES[family];
  return rule === undefined || origin === null || rule.origin === origin;
}
