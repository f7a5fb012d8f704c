// Damage on the remote is repaired by whoever has the bytes. A device whose download of a file failed its check
// (sha256 or seal) lists that file in its head (`wants`); every device that has the file whole sends it again,
// its upload checking the bytes on the way, so only the right bytes can replace the bad ones.
import { describeThrown } from '../log';
import { fileFacts, uploadBlob } from './blob-transfer';
import { WANTS_MAX } from './sync-ops';
import type { RoundContext } from './sync-round';
import type { SyncState } from './sync-state';
import { UnreadableObjectError } from './remote-gate';

interface Upload {
  path: string;
  sha256: string;
  size: number;
}

/** Files sent again at most this often for other devices' asking, and at most this many a round. */
const RESEND_EVERY_MS = 24 * 60 * 60 * 1000;
const RESEND_PER_ROUND = 50;

/** A file of this library (an item's, or an item's thumbnail) whose bytes are `sha256`, or null. */
async function localCopy(context: RoundContext, sha256: string): Promise<Upload | null> {
  const { library, state } = context;
  const item = library.bySha256(sha256);
  if (item && !item.remoteOnly) return { path: item.path, sha256, size: item.size };
  const row = state.db
    .prepare(`SELECT id FROM sync_items WHERE json_extract(record, '$.thumbSha256') = ? LIMIT 1`)
    .get(sha256) as { id: string } | undefined;
  const thumbnail = row ? library.get(row.id)?.thumbnailPath : null;
  if (!thumbnail) return null;
  const facts = await fileFacts(thumbnail);
  return facts?.sha256 === sha256 ? { path: thumbnail, ...facts } : null;
}

/**
 * Sends again the files other devices found damaged on the remote, when this device has them whole: the upload
 * checks the bytes on the way, so only the right bytes can replace the bad ones. A file is sent again at most
 * once a day for such asking, and a few a round, so a head that asks for everything costs little.
 */
export async function resendWanted(context: RoundContext): Promise<number> {
  const { state, vault, signal } = context;
  let sent = 0;
  for (const sha256 of context.othersWant) {
    if (sent >= RESEND_PER_ROUND) break;
    const last = resentAt(state, sha256);
    if (last !== null && Date.now() - last < RESEND_EVERY_MS) continue;
    const copy = await localCopy(context, sha256);
    if (!copy) continue;
    try {
      await uploadBlob(vault, copy, () => undefined, signal);
    } catch (error) {
      if (signal.aborted || !/content check failed/.test(describeThrown(error))) throw error;
      continue; // this copy is not those bytes either
    }
    state.setMeta(`resent:${sha256}`, String(Date.now()));
    sent += 1;
  }
  return sent;
}

/**
 * Damage is repaired by whoever has the bytes: the files others found bad are sent again from here, and the
 * files found bad here are asked for in this device's head.
 */
export async function repairFiles(context: RoundContext): Promise<void> {
  await resendWanted(context);
  await publishWants(context);
}

/** Rewrites this device's head when the files it asks for changed since the last head it wrote. */
export async function publishWants(context: RoundContext): Promise<void> {
  const { state, vault, signal } = context;
  const wants = wantsOf(state);
  if (JSON.stringify(wants) === JSON.stringify(shaList(state, 'wantsPublished'))) return;
  await vault.writeHead(
    {
      format: 1,
      device: state.device,
      name: context.deviceName,
      segments: state.segmentsPushed(),
      ...(wants.length > 0 ? { wants } : {}),
    },
    signal,
  );
  state.setMeta('wantsPublished', JSON.stringify(wants));
}

function shaList(state: SyncState, key: string): string[] {
  try {
    const list: unknown = JSON.parse(state.meta(key) ?? '[]');
    return Array.isArray(list) ? list.filter((sha): sha is string => typeof sha === 'string') : [];
  } catch {
    return [];
  }
}

/** Files whose bytes on the remote failed their check here, asked for again in this device's head. */
export const wantsOf = (state: SyncState): string[] => shaList(state, 'wants');

/** The wants the last head written carried: pushOutbox writes them too. */
export const markWantsPublished = (state: SyncState, wants: readonly string[]): void =>
  state.setMeta('wantsPublished', JSON.stringify(wants));

/** A file failed its check here (true) or came down whole (false). */
export function want(state: SyncState, sha256: string, wanted: boolean): void {
  const list = wantsOf(state);
  if (!wanted && !list.includes(sha256)) return;
  const next = list.filter((sha) => sha !== sha256);
  if (wanted) next.push(sha256);
  state.setMeta('wants', JSON.stringify(next.slice(-WANTS_MAX)));
}

/** When this device last sent a file again because another device asked (ms): at most once a day. */
function resentAt(state: SyncState, sha256: string): number | null {
  const at = state.meta(`resent:${sha256}`);
  return at === null ? null : Number(at);
}

/** Runs a download of one file, noting in the wants whether its bytes on the remote were damaged or came whole. */
export async function noteDamage<T>(state: SyncState, sha256: string, run: () => Promise<T>): Promise<T> {
  try {
    const result = await run();
    want(state, sha256, false);
    return result;
  } catch (error) {
    if (error instanceof UnreadableObjectError && error.damaged) want(state, error.damaged, true);
    throw error;
  }
}
