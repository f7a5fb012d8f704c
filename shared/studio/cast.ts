// The cast: named characters, products and places that stay the same from shot to shot. Each member holds
// reference pictures (stored `studio-ref:` images from the library, or links) and, for speech, a voice. `@Name` in
// a prompt sends that member's pictures to a model that takes reference images (V2's image_urls, S's
// image_with_roles, an image family's reference list) and is named in a note for a model that takes none, so a
// creator knows which shots keep the face and which only read the name.
import { z } from 'zod';
import { FAMILIES } from '../catalog';
import type { FamilyId } from '../catalog/family-ids';
import type { FieldSpec } from '../catalog';
import { because } from '../validation';

/** What `@Name` matches: a letter first, then letters, digits, "_" or "-" (a trailing "." ends the name). */
export const CAST_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;
const MENTION = /@([A-Za-z][A-Za-z0-9_-]{0,39})/g;
/** At most as many pictures as the most generous family takes in one request (V2: 7). */
export const MAX_CAST_REFERENCES = 7;
export const MAX_CAST = 50;

export const castKindSchema = z.enum(['character', 'product', 'place']);
export type CastKind = z.infer<typeof castKindSchema>;

export const castMemberDraftSchema = z.strictObject({
  name: z.string().refine((name) => CAST_NAME_PATTERN.test(name), { params: because('castName') }),
  kind: castKindSchema,
  /** Stored references (`studio-ref:<sha256>`) or http(s) links, first the most telling. */
  references: z.array(z.string().min(1).max(2048)).max(MAX_CAST_REFERENCES),
  /** The speech voice this member narrates with; none: the board's voice. */
  voice: z.string().trim().min(1).max(100).optional(),
  description: z.string().max(500).optional(),
});
export type CastMemberDraft = z.infer<typeof castMemberDraftSchema>;

export const castMemberSchema = castMemberDraftSchema.extend({ id: z.string(), updatedAt: z.number() });
export type CastMember = z.infer<typeof castMemberSchema>;

/** A list of cast members whose names are each used once (compared without case, as mentions are). */
export const castListSchema = z
  .array(castMemberDraftSchema)
  .max(MAX_CAST)
  .superRefine((cast, ctx) => {
    const seen = new Set<string>();
    cast.forEach((member, i) => {
      const key = member.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'name'],
          params: because('castNameTaken', { name: member.name }),
        });
      seen.add(key);
    });
  });

/** The names `@`-mentioned in a prompt, in order, each once. */
export function mentionsIn(prompt: string): string[] {
  const names: string[] = [];
  for (const match of prompt.matchAll(MENTION)) {
    const name = match[1] ?? '';
    if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return names;
}

/**
 * The field of a family that carries reference pictures for the cast: S's image_with_roles first (the spec's
 * list for reference roles), else the family's list of image URLs. None: the family takes no references.
 */
export function castField(family: FamilyId): FieldSpec | undefined {
  const { fields } = FAMILIES[family];
  return (
    fields.find((f) => f.type === 'image-roles') ??
    fields.find((f) => f.type === 'urls' && f.media?.media === 'image')
  );
}

export interface CastResolution {
  /** The prompt as sent: each `@Name` of a known member becomes the plain name. */
  prompt: string;
  /** The params to merge into the request: the references in the family's cast field (none when it has none). */
  params: Record<string, unknown>;
  /** The members whose pictures were sent. */
  sent: string[];
  /** Members whose pictures were not sent: the model takes no references, or more than it takes. */
  notSent: string[];
  /** Mentioned names no member has (left in the prompt as typed). */
  unknown: string[];
}

/**
 * Resolves the cast a prompt mentions (and any named beside it, a shot's cast list) for one family's request.
 * A family with no reference field sends none and names them in `notSent`; one with a limit takes the
 * pictures in mention order up to it, the members past it named in `notSent`.
 */
export function resolveCast(
  family: FamilyId,
  prompt: string,
  cast: readonly CastMemberDraft[],
  alsoNamed: readonly string[] = [],
): CastResolution {
  const byName = new Map(cast.map((m) => [m.name.toLowerCase(), m]));
  const named = [...mentionsIn(prompt), ...alsoNamed].filter(
    (name, i, all) => all.findIndex((n) => n.toLowerCase() === name.toLowerCase()) === i,
  );
  const members = named.flatMap((name) => byName.get(name.toLowerCase()) ?? []);
  const unknown = named.filter((name) => !byName.has(name.toLowerCase()));
  const sentPrompt = prompt.replace(
    MENTION,
    (whole, name: string) => byName.get(name.toLowerCase())?.name ?? whole,
  );
  const field = castField(family);
  if (!field)
    return { prompt: sentPrompt, params: {}, sent: [], notSent: members.map((m) => m.name), unknown };
  const limit = field.maxItems ?? Number.POSITIVE_INFINITY;
  const urls: string[] = [];
  const sent: string[] = [];
  const notSent: string[] = [];
  for (const member of members) {
    const pictures = member.references.filter((r) => !urls.includes(r));
    if (pictures.length === 0 || urls.length + pictures.length > limit) {
      notSent.push(member.name);
      continue;
    }
    urls.push(...pictures);
    sent.push(member.name);
  }
  if (urls.length === 0) return { prompt: sentPrompt, params: {}, sent, notSent, unknown };
  const value = field.type === 'image-roles' ? urls.map((url) => ({ url })) : urls;
  return { prompt: sentPrompt, params: { [field.name]: value }, sent, notSent, unknown };
}

/** The families (of those given) that cannot take the cast's pictures: what a note names before sending. */
export function familiesWithoutCast(families: readonly FamilyId[]): FamilyId[] {
  return [...new Set(families)].filter((f) => castField(f) === undefined);
}
