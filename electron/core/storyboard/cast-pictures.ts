// A cast member's pictures on this device. The cast syncs with its pictures as `studio-ref:<sha256>`, the same
// hash on every device, but the reference-picture store is each device's own: on a second device the member
// arrives before any of its pictures is stored there. The pictures are library items (the cast editor picks them
// from the library, and the library syncs), so before a board is priced, checked or sent each picture it names
// is taken from the library by its hash into this device's store, linked rather than copied. One found nowhere
// is said by the member it belongs to and what to do, before anything is paid, never as a failed shot.
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { CastMemberDraft } from '../../../shared/studio/cast';
import type { LibraryItem } from '../../../shared/studio/records';
import { referenceSha, REFERENCE_SCHEME } from '../../../shared/studio/references';
import type { Storyboard } from '../../../shared/studio/storyboard';
import { boardCast, type StoryboardPlan } from './storyboard-plan';

export interface CastPicturePorts {
  /** Whether this device's store holds the picture whole (its row and its bytes). */
  stored(uri: string): Promise<boolean>;
  /** The library item holding these bytes, if the library in use has one. */
  bySha256(sha256: string): Promise<LibraryItem | null>;
  /** A library file into this device's store (a link, the library keeps the file). */
  store(path: string): Promise<void>;
}

export interface MissingPicture {
  shot: number;
  uri: string;
  /** The cast member whose picture it is; null for another picture of the shot (its end frame). */
  member: string | null;
  /** Said to the person: whose picture, why it is not here, and how to fix it. */
  message: string;
}

/** Every stored picture each shot sends, in shot order, each once. */
function picturesOf(plan: StoryboardPlan): { shot: number; uri: string }[] {
  const seen = new Set<string>();
  const found: { shot: number; uri: string }[] = [];
  plan.shots.forEach((request, shot) => {
    const visit = (value: unknown): void => {
      if (typeof value === 'string') {
        if (value.startsWith(REFERENCE_SCHEME) && !seen.has(value)) {
          seen.add(value);
          found.push({ shot, uri: value });
        }
      } else if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') Object.values(value).forEach(visit);
    };
    visit(request.params);
  });
  return found;
}

function missingSentence(shot: number, member: string | null, inLibrary: boolean): string {
  const whose = member ? `A picture of @${member}` : `A picture shot ${shot + 1} sends`;
  const why = inLibrary
    ? 'is in the library, but its file is not on this device yet: open it in the library (that fetches it), then try again.'
    : 'is not on this device, nor in the library synced here: sync the device it was picked on, or pick the picture again in the cast.';
  return `${whose} (shot ${shot + 1}) ${why}`;
}

/**
 * Fills this device's store with every stored picture the plan sends, from the library by hash; answers the
 * pictures found nowhere, each with its sentence (none: the board can be sent as it is).
 */
export async function fillCastPictures(
  board: Storyboard,
  stored: readonly CastMemberDraft[],
  plan: StoryboardPlan,
  ports: CastPicturePorts,
): Promise<MissingPicture[]> {
  const cast = boardCast(board, stored);
  const missing: MissingPicture[] = [];
  for (const { shot, uri } of picturesOf(plan)) {
    if (await ports.stored(uri)) continue;
    const sha256 = referenceSha(uri);
    const item = sha256 ? await ports.bySha256(sha256) : null;
    const local = item && !item.remoteOnly ? item : null;
    if (
      local &&
      (await ports.store(local.path).then(
        () => ports.stored(uri),
        () => false,
      ))
    )
      continue;
    const member = cast.find((m) => m.references.includes(uri))?.name ?? null;
    missing.push({ shot, uri, member, message: missingSentence(shot, member, item !== null) });
  }
  return missing;
}

/** The pictures found nowhere as the one error said before anything is sent. */
export function missingPicturesError(missing: readonly MissingPicture[]): GatewayError {
  const first = missing[0];
  const more = missing.length > 1 ? ` (and ${missing.length - 1} more picture(s) of the cast)` : '';
  return new GatewayError(
    localErrorInfo(
      'validation_error',
      `${first?.message ?? 'A picture of the cast is missing.'}${more} Nothing was sent.`,
      { param: first ? `shots.${first.shot}.cast` : 'cast' },
    ),
  );
}
