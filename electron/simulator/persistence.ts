// The demo gateway's memory across restarts. A real gateway does not forget a task because the app closed,
// so the demo gateway (run in-process by the desktop app and by web mode's --demo) writes what it knows to one
// JSON file in the data folder: tasks with their result files, balances, the usage ledger, Idempotency-Key
// replies and where the id sequence stopped. A task resumed after a restart then completes exactly as on the
// real gateway. Webhook deliveries in flight and injected faults are not kept (a restart ends them).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { SimFile } from './files';
import { createPrng } from './prng';
import type { SimState } from './state';
import type { MusicTrack, SimTask, TaskOutput } from './tasks';

const FORMAT = 1;

const paintSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gradient'), seed: z.number() }),
  z.object({ kind: z.literal('grid'), seed: z.number() }),
  z.object({ kind: z.literal('quadrant'), seed: z.number(), column: z.number(), row: z.number() }),
]);

const fileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  availableFromMs: z.number(),
  expiresAtMs: z.number(),
  source: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('png'), width: z.number(), height: z.number(), paint: paintSchema }),
    z.object({ kind: z.literal('fixture'), name: z.enum(['music.mp3', 'video.mp4']) }),
    z.object({ kind: z.literal('bytes'), base64: z.string() }),
    z.object({
      kind: z.literal('edit'),
      base64: z.string(),
      seed: z.number(),
      width: z.number(),
      height: z.number(),
    }),
  ]),
});

const trackSchema = z.object({
  title: z.string(),
  durationSeconds: z.number(),
  origin: z.enum(['extend', 'upload', 'generated']),
  audio: z.string(),
  image: z.string(),
  video: z.string().nullable(),
});

const taskSchema = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video', 'music', 'upscale', 'grid']),
  model: z.string(),
  tokenId: z.string(),
  initialStatus: z.enum(['submitted', 'pending', 'processing']),
  createdMs: z.number(),
  terminalMs: z.number(),
  estimatedSeconds: z.number(),
  costUsd: z.number(),
  failure: z.object({ message: z.string(), code: z.string() }).nullable(),
  output: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('images'), files: z.array(z.string()) }),
    z.object({ kind: z.literal('videos'), files: z.array(z.string()) }),
    z.object({ kind: z.literal('music'), tracks: z.array(trackSchema) }),
  ]),
  webhook: z.string().nullable(),
  enveloped: z.boolean(),
  endpoint: z.enum(['tasks', 'music']),
  settled: z.boolean(),
});

const money = z.object({ id: z.string(), remainUsd: z.number().nullable(), usedUsd: z.number() });

export const snapshotSchema = z.object({
  format: z.literal(FORMAT),
  prng: z.number().int(),
  tokens: z.array(money),
  users: z.array(money.extend({ remainUsd: z.number() })),
  ledger: z.array(
    z.object({
      tokenId: z.string(),
      userId: z.string(),
      model: z.string(),
      atMs: z.number(),
      amountUsd: z.number(),
      promptTokens: z.number(),
      completionTokens: z.number(),
    }),
  ),
  fileCounter: z.number().int(),
  files: z.array(fileSchema),
  tasks: z.array(taskSchema),
  idempotency: z.array(
    z.tuple([
      z.string(),
      z.object({
        bodyHash: z.string(),
        expiresAtMs: z.number(),
        reply: z.object({
          status: z.number(),
          headers: z.record(z.string(), z.string()).optional(),
          body: z.string(),
        }),
      }),
    ]),
  ),
});
export type SimSnapshot = z.infer<typeof snapshotSchema>;

function outputIds(output: TaskOutput): z.infer<typeof taskSchema>['output'] {
  if (output.kind !== 'music') return { kind: output.kind, files: output.files.map((f) => f.id) };
  return {
    kind: 'music',
    tracks: output.tracks.map((t) => ({
      title: t.title,
      durationSeconds: t.durationSeconds,
      origin: t.origin,
      audio: t.audio.id,
      image: t.image.id,
      video: t.video?.id ?? null,
    })),
  };
}

export function snapshotOf(state: SimState): SimSnapshot {
  const { files, counter } = state.files.export();
  return {
    format: FORMAT,
    prng: state.prng.state(),
    tokens: state.accounts.allTokens().map((t) => ({ id: t.id, remainUsd: t.remainUsd, usedUsd: t.usedUsd })),
    users: [...state.accounts.users.values()].map((u) => ({
      id: u.id,
      remainUsd: u.remainUsd,
      usedUsd: u.usedUsd,
    })),
    ledger: state.ledger.entries.map((e) => ({ ...e })),
    fileCounter: counter,
    files: files.map((f) => ({ ...f })),
    // The body is for tests counting submissions; it may hold megabytes of references and is not kept.
    tasks: state.tasks.all().map(({ token, output, body: _body, ...task }) => ({
      ...task,
      tokenId: token.id,
      output: outputIds(output),
    })),
    // Only JSON acknowledgements are remembered (every submission answers one), so the body is a string.
    idempotency: state.idempotency
      .export()
      .flatMap(([key, r]) =>
        typeof r.reply.body === 'string'
          ? [
              [key, { ...r, reply: { ...r.reply, body: r.reply.body } }] as [
                string,
                SimSnapshot['idempotency'][number][1],
              ],
            ]
          : [],
      ),
  };
}

/** Puts a saved state in place of the fresh one; throws when the file names a token or file that does not exist. */
export function restoreSnapshot(state: SimState, snapshot: SimSnapshot): void {
  const fileById = new Map<string, SimFile>(snapshot.files.map((f) => [f.id, f]));
  const file = (id: string): SimFile => {
    const found = fileById.get(id);
    if (!found) throw new Error(`the saved state names a file it does not hold (${id})`);
    return found;
  };
  const tasks: SimTask[] = snapshot.tasks.map(({ tokenId, output, ...saved }) => {
    const token = state.accounts.tokenById(tokenId);
    if (!token) throw new Error(`the saved state names an unknown key (${tokenId})`);
    const restored: TaskOutput =
      output.kind === 'music'
        ? {
            kind: 'music',
            tracks: output.tracks.map((t): MusicTrack => ({
              title: t.title,
              durationSeconds: t.durationSeconds,
              origin: t.origin,
              audio: file(t.audio),
              image: file(t.image),
              video: t.video === null ? null : file(t.video),
            })),
          }
        : { kind: output.kind, files: output.files.map(file) };
    return { ...saved, token, output: restored, body: {} };
  });

  for (const saved of snapshot.tokens) {
    const token = state.accounts.tokenById(saved.id);
    if (token) Object.assign(token, { remainUsd: saved.remainUsd, usedUsd: saved.usedUsd });
  }
  for (const saved of snapshot.users) {
    const user = state.accounts.users.get(saved.id);
    if (user) Object.assign(user, { remainUsd: saved.remainUsd, usedUsd: saved.usedUsd });
  }
  state.ledger.entries.splice(0, state.ledger.entries.length, ...snapshot.ledger);
  state.files.restore([...fileById.values()], snapshot.fileCounter);
  state.tasks.clear();
  for (const task of tasks) {
    state.tasks.add(task);
    state.scheduleSettlement(task);
  }
  state.idempotency.restore(snapshot.idempotency);
  state.prng = createPrng(snapshot.prng);
}

export type StateFileLog = (message: string) => void;

/**
 * Keeps a SimState in a file: restores it at start (a missing file is a first start; an unreadable one is set
 * aside as <file>.broken and the gateway starts fresh, saying so) and writes it after every change, coalesced to
 * one atomic write (temp file + rename) per turn of the event loop.
 */
export class StateFile {
  private pending = false;

  constructor(
    private readonly path: string,
    private readonly log: StateFileLog = (m) => console.warn(m),
  ) {}

  /** Restores the saved state into `state` if there is one; true when it did. */
  restoreInto(state: SimState): boolean {
    if (!existsSync(this.path)) return false;
    try {
      const parsed = snapshotSchema.parse(JSON.parse(readFileSync(this.path, 'utf8')));
      restoreSnapshot(state, parsed);
      return true;
    } catch (error) {
      const aside = `${this.path}.broken`;
      renameSync(this.path, aside);
      this.log(
        `demo gateway: could not read its saved state (${(error as Error).message}); it was moved to ${aside} and the demo gateway starts fresh.`,
      );
      return false;
    }
  }

  /** Follows the state: every change is written soon after. */
  follow(state: SimState): void {
    state.onChange(() => {
      if (this.pending) return;
      this.pending = true;
      setImmediate(() => {
        if (!this.pending) return; // flushed meanwhile
        this.pending = false;
        this.write(state);
      });
    });
  }

  write(state: SimState): void {
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      const temp = `${this.path}.tmp`;
      writeFileSync(temp, JSON.stringify(snapshotOf(state)));
      renameSync(temp, this.path);
    } catch (error) {
      this.log(`demo gateway: could not save its state to ${this.path}: ${(error as Error).message}`);
    }
  }

  /** Writes now if a write is waiting (on close, so nothing of the last moment is lost). */
  flush(state: SimState): void {
    if (!this.pending) return;
    this.pending = false;
    this.write(state);
  }
}
