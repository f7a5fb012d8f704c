// The paid parts of a board run, each on the recipe machinery's public interface: a shot's narration spoken (the
// speech service serves a take it already has from the library, unpaid) and joined; a shot sent under its kept
// key, from the last frame of the shot before when it continues it; the music bed. Each part is kept before it is
// sent and again once it is saved, so a restart goes on from the part reached without paying for one twice.
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { GatewayError } from '../../../shared/gateway/gateway-error';
import type { LibraryItem, TaskRecord } from '../../../shared/studio/records';
import { FRAME_FIELDS } from '../../../shared/studio/storyboard';
import type { SpeechRequest } from '../speech/speech-request';
import { lastFrameReference, narrationClip } from './storyboard-media';
import type { Running } from './storyboard-run-state';
import type { StoryboardPorts } from './storyboard-runner';
import { sendPart } from './storyboard-send';
import { internal, isSaved, notSaved } from './storyboard-stops';

/** What a part needs of its runner: the ports, the way a run is kept (and told), and local work tracked. */
export interface PartContext {
  ports: StoryboardPorts;
  keep(running: Running): void;
  local<T>(work: Promise<T>): Promise<T>;
}

export async function narratePart(
  ctx: PartContext,
  running: Running,
  shot: number,
  takes: readonly SpeechRequest[],
): Promise<void> {
  if (running.narrationPaths[shot] && running.run.narration[shot]) return;
  const options = { confirmed: true, overBudget: running.overBudget };
  const { items, path } = await ctx.local(
    (async () => {
      const spoken: LibraryItem[] = [];
      for (const take of takes) spoken.push(await ctx.ports.speak(take, options));
      const clip = await narrationClip(
        spoken.map((item) => item.path),
        await ctx.ports.scratchDir(),
        `${running.run.id}-narration-${shot + 1}`,
      );
      return { items: spoken, path: clip };
    })(),
  );
  running.narrationPaths[shot] = path;
  running.run.narration[shot] = items[0]?.id ?? null;
  ctx.keep(running);
}

export async function shotPart(ctx: PartContext, running: Running, i: number): Promise<void> {
  const { run, board } = running;
  const slot = run.shots[i];
  const shot = board.shots[i];
  const planned = running.plan.shots[i];
  if (!slot || !shot || !planned || slot.state === 'completed') return;
  slot.state = 'running';
  slot.error = null;
  try {
    const engine = await ctx.ports.engine();
    if (slot.taskId === null) {
      const params = { ...planned.params };
      const frames = FRAME_FIELDS[shot.family];
      if (shot.continuePrevious && frames) {
        const before = run.shots[i - 1]?.itemId;
        const previous = before
          ? (await ctx.ports.itemsOf(run.shots[i - 1]?.taskId ?? '')).find((it) => it.id === before)
          : undefined;
        if (!previous)
          throw new GatewayError(
            localErrorInfo('task_failed', `Shot ${i} has no saved video to continue from.`),
          );
        slot.firstFrame ??= await ctx.local(
          (async () =>
            ctx.ports.referenceOf(
              await lastFrameReference(
                previous.path,
                await ctx.ports.scratchDir(),
                `${run.id}-shot-${i + 1}-first`,
              ),
            ))(),
        );
        params[frames.first] = slot.firstFrame;
      }
      let key = running.shotKeys[i] ?? null;
      if (key === null) {
        running.attempts += 1;
        key = `${run.id}-shot-${i + 1}-${running.attempts}`;
        running.shotKeys[i] = key;
      }
      // Kept before the send: a restart from here sends under the same key, never a second paid task.
      ctx.keep(running);
      const previousTask = i > 0 ? (run.shots[i - 1]?.taskId ?? null) : null;
      slot.taskId = await sendPart(
        engine,
        { ...planned, params },
        {
          key,
          parentTaskId: shot.continuePrevious ? previousTask : null,
          overBudget: running.overBudget,
          label: label(running, i + 1),
          onQueued: (cancel) => (running.queued = { cancel }),
        },
      );
      running.queued = null;
      ctx.keep(running);
    }
    const settled = await engine.waitFor(slot.taskId);
    const item = (await savedItems(ctx, settled)).find((it) => it.kind === 'video');
    if (!item) throw new GatewayError(settled.error ?? notSaved(`Shot ${i + 1}`));
    slot.itemId = item.id;
    slot.state = 'completed';
    ctx.keep(running);
  } catch (thrown) {
    slot.state = 'failed';
    slot.error = thrown instanceof GatewayError ? thrown.info : internal(thrown);
    throw new GatewayError({
      ...slot.error,
      message: `Stopped at shot ${i + 1}: ${slot.error.message} Nothing after it was sent.`,
    });
  }
}

export async function musicPart(ctx: PartContext, running: Running): Promise<void> {
  const { run } = running;
  const request = running.plan.music;
  const slot = run.music;
  if (!request || !slot || slot.state === 'completed') return;
  slot.state = 'running';
  try {
    const engine = await ctx.ports.engine();
    if (slot.taskId === null) {
      running.musicKey ??= `${run.id}-music-${++running.attempts}`;
      ctx.keep(running);
      slot.taskId = await sendPart(engine, request, {
        key: running.musicKey,
        parentTaskId: null,
        overBudget: running.overBudget,
        label: label(running, run.shots.length + 1),
        onQueued: (cancel) => (running.queued = { cancel }),
      });
      running.queued = null;
      ctx.keep(running);
    }
    const settled = await engine.waitFor(slot.taskId);
    if ((await savedItems(ctx, settled)).length === 0)
      throw new GatewayError(settled.error ?? notSaved('The music bed'));
    slot.state = 'completed';
    ctx.keep(running);
  } catch (thrown) {
    slot.state = 'failed';
    const info = thrown instanceof GatewayError ? thrown.info : internal(thrown);
    throw new GatewayError({ ...info, message: `Stopped at the music bed: ${info.message}` });
  }
}

async function savedItems(ctx: PartContext, task: TaskRecord): Promise<LibraryItem[]> {
  return isSaved(task) ? ctx.ports.itemsOf(task.id) : [];
}

/** How a part is marked in the queue on Tasks: the board's name and the part's place, as a recipe's step. */
function label(running: Running, step: number) {
  const { run, board } = running;
  return { run: run.id, name: board.name, step, steps: run.shots.length + (run.music ? 1 : 0) };
}
