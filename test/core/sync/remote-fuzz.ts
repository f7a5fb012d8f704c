// A fuzzer for the remote's reader and apply path: a seeded PRNG writes hostile objects onto a real remote
// (ops mutated field by field, truncated and bit-flipped heads and segments, random JSON, huge and deeply
// nested values, hostile names, ids and paths, damaged files; sealed and plain), and a real device with a real
// library folder runs real rounds against them. After each round: the round finished (no exception from the
// remote's bytes escaped it), nothing was written outside the library folder and the app's data folder (a
// sentinel tree around them is compared), and the library still answers. Shared by the unit test (CI size)
// and `npm run soak -- --sync` (a larger size); no vitest here.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PresetStore } from '../../../electron/core/presets';
import type { SyncConfig, SyncSecrets } from '../../../shared/studio/sync';
import { hostileWriter, putOp, stamp, treeOf } from './hostile-remote';
import type { HostileWriter } from './hostile-remote';
import { addImage, openDevice } from './sync-devices';
import type { Device } from './sync-devices';

/** mulberry32: small, fast, and the same sequence for a seed on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
const int = (rng: Rng, max: number) => Math.floor(rng() * max);

export const HOSTILE_STRINGS = [
  '../../../.config/autostart/x.desktop',
  '..',
  '.',
  '/etc/passwd',
  'C:\\Windows\\System32\\evil.dll',
  '\\\\server\\share\\x',
  '~/.ssh/authorized_keys',
  'a\u0000b',
  '\u202egnp.exe',
  'CON',
  'nul.png',
  '%2e%2e%2f%2e%2e%2fx',
  'device:../../x',
  '<script>alert(1)</script>',
  'text/html',
  'image/svg+xml',
  '',
  ' ',
  'x'.repeat(70_000),
  '😀'.repeat(5_000),
  'NaN',
] as const;

function randomJson(rng: Rng, depth = 0): unknown {
  const kind = int(rng, depth > 4 ? 4 : 7);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng() < 0.5;
    case 2:
      return pick(rng, [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, int(rng, 1000)]);
    case 3:
      return pick(rng, HOSTILE_STRINGS);
    case 4:
      return Array.from({ length: int(rng, 5) }, () => randomJson(rng, depth + 1));
    default: {
      const out: Record<string, unknown> = {};
      for (let i = int(rng, 5); i > 0; i--)
        out[pick(rng, ['op', 'id', 'hlc', 'record', 'tags', 'value', 'kind', '__proto__', 'x'])] = randomJson(
          rng,
          depth + 1,
        );
      return out;
    }
  }
}

const hostileValue = (rng: Rng): unknown =>
  pick(rng, [
    () => pick(rng, HOSTILE_STRINGS),
    () => randomJson(rng),
    () => Array.from({ length: 300 }, (_, i) => `${i}${'t'.repeat(2_000)}`),
    () => JSON.parse(`${'['.repeat(2_000)}${']'.repeat(2_000)}`) as unknown,
    () => ({ ...Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])) }),
    () => -1,
    () => 1e308,
    () => null,
    () => undefined,
  ])();

const SINGLE_OPS = (id: string): Record<string, unknown>[] => [
  { op: 'favourite', id, hlc: stamp(), value: true },
  { op: 'title', id, hlc: stamp(), value: 'a title' },
  { op: 'cost', id, hlc: stamp(), value: { cost: 0.1, creditsCost: null } },
  { op: 'tag', id, hlc: stamp(), tag: 'fox', present: true },
  { op: 'trash', id, hlc: stamp() },
  { op: 'restore', id, hlc: stamp() },
  {
    op: 'doc',
    kind: 'preset',
    id: randomUUID(),
    hlc: stamp(),
    value: {
      name: 'Fuzz',
      family: 'image.i3',
      body: JSON.stringify({ name: 'Fuzz', family: 'image.i3', model: 'm', params: {} }),
      updatedAt: 1,
    },
  },
  { op: 'doc', kind: 'pin', id: 'a pinned text', hlc: stamp(), value: { pinnedAt: 1 } },
];

/** Sets a value at a random path of an object (a field, or a field of a nested object), or deletes it. */
function mutate(rng: Rng, value: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(value);
  let target: Record<string, unknown> = copy;
  for (;;) {
    const keys = Object.keys(target);
    if (keys.length === 0) break;
    const key = pick(rng, keys);
    const inner = target[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner) && rng() < 0.5) {
      target = inner as Record<string, unknown>;
      continue;
    }
    // A field missing altogether (JSON.stringify leaves an undefined value out).
    target[key] = rng() < 0.15 ? undefined : hostileValue(rng);
    break;
  }
  if (rng() < 0.1) copy[pick(rng, ['extra', 'constructor', '__proto__'])] = hostileValue(rng);
  return copy;
}

/** One fuzzed op: a valid op mutated, a valid put with a hostile file name or id, or random JSON. */
function fuzzOp(rng: Rng, sha256: string, size: number, fresh: { sha256: string; size: number }[]): unknown {
  const roll = rng();
  const put = () => putOp(sha256, { record: { size } });
  if (roll < 0.15) return randomJson(rng);
  if (roll < 0.3) {
    // Bytes of its own when there are some left: a put whose bytes are already filed takes that file's path.
    const own = fresh.pop() ?? { sha256, size };
    return putOp(own.sha256, { record: { size: own.size, fileName: pick(rng, HOSTILE_STRINGS) || 'x' } });
  }
  if (roll < 0.4) return putOp(sha256, { id: pick(rng, HOSTILE_STRINGS), record: { size } });
  if (roll < 0.7) return mutate(rng, put());
  return mutate(rng, pick(rng, SINGLE_OPS(String(put().id))));
}

/** Damaged bytes of a valid object: truncated, bit-flipped, emptied, or replaced. */
function damage(rng: Rng, bytes: Buffer): Buffer {
  switch (int(rng, 5)) {
    case 0:
      return bytes.subarray(0, int(rng, bytes.length));
    case 1: {
      const flipped = Buffer.from(bytes);
      for (let i = 1 + int(rng, 4); i > 0; i--) {
        const at = int(rng, flipped.length);
        flipped[at] = (flipped[at] ?? 0) ^ (1 << int(rng, 8));
      }
      return flipped;
    }
    case 2:
      return Buffer.alloc(0);
    case 3:
      return Buffer.from(JSON.stringify(randomJson(rng)) ?? 'null');
    default:
      return Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0xa0, 0xa1]);
  }
}

export interface FuzzOptions {
  seed: number;
  /** Cases in all (ops, objects and files), at least. */
  cases: number;
  /** An empty folder of the fuzz's own: the victim's home, its library and the remote go under it. */
  root: string;
  encrypted: boolean;
  /** Hostile ops per segment (several segments a round). */
  opsPerRound?: number;
}

export interface FuzzResult {
  cases: number;
  rounds: number;
  /** Problems the rounds reported (objects unread, changes set aside). */
  reported: number;
  /** Rounds that rejected: each is a failure of the gate. */
  escaped: string[];
  /** Files that appeared or changed outside the library and data folders. */
  outside: string[];
  items: number;
}

/** Runs the fuzz: the caller asserts on the result (escaped and outside must be empty). */
export async function fuzzRemote(options: FuzzOptions): Promise<FuzzResult> {
  const rng = prng(options.seed);
  const remotePath = join(options.root, 'remote');
  const home = join(options.root, 'home');
  await mkdir(remotePath, { recursive: true });
  // A sentinel tree where a traversal would land: an autostart folder, ssh keys, a file beside the library.
  for (const path of ['.config/autostart/keep.desktop', '.ssh/authorized_keys', 'victim/beside.txt'])
    await mkdir(join(home, path, '..'), { recursive: true }).then(() =>
      writeFile(join(home, path), 'sentinel'),
    );
  const remote: SyncConfig['remote'] = { kind: 'folder', path: remotePath };
  const secrets: SyncSecrets = options.encrypted ? { passphrase: `fuzz ${options.seed}` } : {};
  const victim: Device = openDevice(home, 'victim', {
    remote,
    secrets,
    encrypted: options.encrypted,
    filesMode: 'all',
  });
  const result: FuzzResult = { cases: 0, rounds: 0, reported: 0, escaped: [], outside: [], items: 0 };
  try {
    await addImage(victim, 'the victim’s own fox');
    await victim.sync.runRound();
    const skip = [join(victim.dir, 'library'), join(victim.dir, 'data')];
    const before = await treeOf(home, skip);
    const perRound = options.opsPerRound ?? 60;
    const png = Buffer.from('fuzz bytes, not a picture');
    const base = await hostileWriter(remote, secrets);
    while (result.cases < options.cases) {
      const intruder: HostileWriter = base.as();
      const sha = await intruder.blob(png);
      // Ops: two segments of fuzzed ops under one head, the second with a damaged twin of the first.
      const fresh: { sha256: string; size: number }[] = [];
      for (let i = 0; i < 6; i++) {
        const bytes = Buffer.from(`fresh bytes ${result.rounds} ${i}`);
        fresh.push({ sha256: await intruder.blob(bytes), size: bytes.length });
      }
      const ops = Array.from({ length: perRound }, () => fuzzOp(rng, sha, png.length, fresh));
      await intruder.segment({ seq: 1, ops: ops.slice(0, perRound / 2) });
      await intruder.segment({ seq: 2, ops: ops.slice(perRound / 2) });
      await intruder.head({ segments: 2 + int(rng, 3) });
      result.cases += perRound;
      // Objects: a damaged head, a damaged segment, random bytes where a head is; sealed or not.
      const other = base.as();
      await other.segment({ seq: 1, ops: [putOp(sha, { record: { size: png.length } })] });
      const segmentKey = other.vault.segmentKey(other.device, 1);
      const segmentBytes = (await other.vault.remote.get(segmentKey)) ?? Buffer.alloc(0);
      await other.vault.remote.put(segmentKey, damage(rng, segmentBytes));
      await other.head({ segments: 1 });
      const headKey = other.vault.headKey(other.device);
      if (rng() < 0.5) {
        const headBytes = (await other.vault.remote.get(headKey)) ?? Buffer.alloc(0);
        await other.vault.remote.put(headKey, damage(rng, headBytes));
      }
      await other.raw(
        other.vault.headKey(randomUUID()),
        Buffer.from(JSON.stringify(randomJson(rng)) ?? 'null'),
        rng() < 0.5,
      );
      await other.raw(`devices/${pick(rng, ['a b', '.hidden', 'x%2f', 'device:zz'])}/head.json`, png, false);
      // A file whose bytes are damaged, named by a valid put.
      const good = Buffer.from(`good bytes ${result.rounds}`);
      const goodSha = await other.blob(good);
      await other.vault.remote.put(other.vault.blobKey(goodSha), damage(rng, other.vault.seal(good)));
      const extra = base.as();
      await extra.segment({ seq: 1, ops: [putOp(goodSha, { record: { size: good.length } })] });
      await extra.head({ segments: 1 });
      result.cases += 5;
      try {
        const report = await victim.sync.runRound();
        result.reported += report.unreadCount;
      } catch (error) {
        result.escaped.push(`round ${result.rounds}: ${String(error)}`);
      }
      result.rounds += 1;
      const after = await treeOf(home, skip);
      for (const [path, size] of after) if (before.get(path) !== size) result.outside.push(path);
      for (const path of before.keys()) if (!after.has(path)) result.outside.push(`${path} (removed)`);
    }
    // The library still answers, files a new item and syncs it; the presets room still lists.
    await addImage(victim, 'after the fuzz');
    await victim.sync
      .runRound()
      .catch((error: unknown) => result.escaped.push(`last round: ${String(error)}`));
    result.items = victim.library.query({ limit: 500 }).total;
    new PresetStore({ db: victim.db }).presets();
    return result;
  } finally {
    await victim.close();
  }
}
