// The recipe runner on a real core (engine, downloads, library, reference store) over the simulator: a picture
// then a video from it, each step sent only once the one before is saved and filed with its made-from link; a
// failed step stops the run and nothing after it is sent, then it is tried alone; and a restart of the core mid-run
// resumes at the step reached without sending a paid step twice (the gateway's own count of submissions says so).
import { describe, expect, it } from 'vitest';
import { RecipeStore } from '../../../electron/core/recipes';
import { runMigrations } from '../../../electron/core/db';
import { studioMigrations } from '../../../electron/core/studio-database';
import { driveUntil } from '../tasks/engine-rig';
import { pictureThenVideo, recipeRig, submissions } from './recipe-rig';

const { rig: currentRig, boot, busyOf, until } = recipeRig();

describe('RecipeRunner', () => {
  it('sends each step once the one before is saved, binding its picture, filed with its made-from link', async () => {
    const p = await boot();
    const [started] = p.runner.start(pictureThenVideo(), { prompts: ['a lighthouse at dusk'] });
    const run = await until(p, started?.id ?? '', (r) => r.state !== 'running');
    expect(run.state).toBe('completed');
    const [picture, video] = run.steps.map((s) => p.engine.get(s.taskId ?? ''));
    expect(picture?.params.prompt).toBe('a lighthouse at dusk');
    // The picture went in as a stored reference, and the video names the picture as its parent.
    expect(video?.params.image_urls).toEqual([expect.stringMatching(/^studio-ref:/)]);
    expect(video?.parentTaskId).toBe(picture?.id);
    expect(p.library.forTask(video?.id ?? '')).not.toEqual([]);
    expect(submissions(p.gateway)).toBe(2);
  });

  it('a failed step stops the run, nothing after it is sent; the step can then be tried alone', async () => {
    const p = await boot();
    const recipe = pictureThenVideo('push in [fail]');
    recipe.steps.push({
      family: 'video.s',
      model: 'video_model_id_s',
      params: { prompt: 'never sent', duration: 5 },
      bind: 'video',
    });
    const told: string[] = [];
    p.runner.subscribe((run) => told.push(run.steps.map((s) => s.state).join(',')));
    const [started] = p.runner.start(recipe, { prompts: ['a lighthouse'] });
    const stopped = await until(p, started?.id ?? '', (r) => r.state !== 'running');
    expect(stopped).toMatchObject({ state: 'failed', failedAt: 1 });
    // Every change was told as it was kept (what the app forwards as 'recipe' events), and the run's job ended
    // failed with the step's sentence.
    expect(told.at(-1)).toBe('completed,failed,waiting');
    expect(told).toContain('completed,running,waiting');
    expect(p.jobs.store.byKey('recipe-run', stopped.id)).toMatchObject({ state: 'failed' });
    expect(p.jobs.store.byKey('recipe-run', stopped.id)?.error).toContain('[fail]');
    expect(stopped.steps.map((s) => s.state)).toEqual(['completed', 'failed', 'waiting']);
    expect(stopped.steps[1]?.error?.message).toContain('[fail]');
    expect(submissions(p.gateway)).toBe(2);
    // What a retry would send, asked before it (the spend question measures it): the failed step alone, unbound.
    expect(p.runner.retryRequests(stopped.id)).toEqual([
      {
        family: 'video.s',
        model: 'video_model_id_s',
        params: expect.objectContaining({ prompt: 'push in [fail]' }),
      },
    ]);
    expect(submissions(p.gateway)).toBe(2);
    // Tried again it fails again (the marker is in its prompt): one more send, still nothing after it.
    p.runner.retry(stopped.id);
    expect(() => p.runner.retryRequests(stopped.id)).toThrow('Only a recipe that stopped at a step');
    const again = await until(p, stopped.id, (r) => r.state !== 'running');
    expect(again.state).toBe('failed');
    expect(again.steps[1]?.taskId).not.toBe(stopped.steps[1]?.taskId);
    expect(submissions(p.gateway)).toBe(3);
    expect(p.engine.list().some((t) => t.params.prompt === 'never sent')).toBe(false);
  });

  it('a restart mid-run resumes at the step reached and never sends a paid step twice', async () => {
    const first = await boot();
    const [started] = first.runner.start(pictureThenVideo(), { prompts: ['a lighthouse'] });
    const id = started?.id ?? '';
    // The picture is sent and on its way: the process stops here.
    await until(first, id, (r) => r.steps[0]?.taskId !== null);
    const pictureId = first.runner.get(id)?.steps[0]?.taskId;
    await first.close();
    expect(submissions(first.gateway)).toBe(1);

    const second = await boot();
    second.runner.resume();
    expect(second.runner.get(id)?.state).toBe('running');
    const run = await until(second, id, (r) => r.state !== 'running');
    expect(run.state).toBe('completed');
    // The picture was waited for, not sent again; only the video was sent by the second process.
    expect(run.steps[0]?.taskId).toBe(pictureId);
    expect(submissions(second.gateway)).toBe(1);
    expect(second.engine.get(run.steps[1]?.taskId ?? '')?.parentTaskId).toBe(pictureId);
  });

  it('a restart while a step was being sent does not send it again: the run stops there, saying why', async () => {
    const rig = currentRig();
    const gateway = rig.gateway();
    // The video's request leaves and its answer never comes: the process stops before knowing its task.
    let sends = 0;
    const videoOnTheWire = new Promise<void>((resolve) => {
      gateway.onSubmit = () => {
        sends += 1;
        if (sends < 2) return;
        gateway.holdSubmissions = true;
        resolve();
      };
    });
    const first = await boot(gateway);
    const [started] = first.runner.start(pictureThenVideo(), { prompts: ['a lighthouse'] });
    const id = started?.id ?? '';
    // The held send keeps the engine busy for ever; the clock is driven until it leaves, not past it.
    const busy = busyOf(first, videoOnTheWire);
    const untilHeld = { ...busy, isBusy: () => !gateway.holdSubmissions && busy.isBusy() };
    expect(await driveUntil(rig, untilHeld, () => gateway.holdSubmissions)).toBe(true);
    expect(first.runner.get(id)?.steps[1]?.taskId).toBeNull();
    await first.close();

    const second = await boot();
    second.runner.resume();
    const run = await until(second, id, (r) => r.state !== 'running');
    // The gateway may have made (and charged) that video: nothing is sent again under a new key.
    expect(submissions(second.gateway)).toBe(0);
    expect(run).toMatchObject({ state: 'failed', failedAt: 1 });
    expect(second.engine.get(run.steps[1]?.taskId ?? '')?.state).toBe('interrupted');
  });

  // A saved recipe carries its id and updatedAt; its kept run failed the draft's strict schema when
  // read back, vanished, and its second step was never sent though the first was paid.
  it('a run of a saved recipe survives a restart: step 2 is sent, step 1 never again', async () => {
    const first = await boot();
    const saved = new RecipeStore({ db: currentRig().openDb() }).save(pictureThenVideo());
    const [started] = first.runner.start(saved, { prompts: ['a harbour'] });
    const id = started?.id ?? '';
    await until(first, id, (r) => r.steps[0]?.taskId !== null);
    const pictureId = first.runner.get(id)?.steps[0]?.taskId;
    await first.close();
    expect(submissions(first.gateway)).toBe(1);

    const second = await boot();
    second.runner.resume();
    expect(second.runner.get(id)?.state).toBe('running');
    const run = await until(second, id, (r) => r.state !== 'running');
    expect(run.state).toBe('completed');
    expect(run.steps[0]?.taskId).toBe(pictureId);
    expect(submissions(second.gateway)).toBe(1);
  });

  it('a run kept by an earlier version (its saved recipe whole, no version) is migrated and resumed', async () => {
    const first = await boot();
    const saved = new RecipeStore({ db: currentRig().openDb() }).save(pictureThenVideo());
    const [started] = first.runner.start(saved, { prompts: ['a quay'] });
    const id = started?.id ?? '';
    await until(first, id, (r) => r.steps[0]?.taskId !== null);
    await first.close();
    // The row as version 1 wrote it: no version, the saved recipe with its id and updatedAt.
    const db = currentRig().openDb();
    const row = db.prepare('SELECT body FROM recipe_runs WHERE id = ?').get(id) as { body: string };
    const { version: _version, ...old } = JSON.parse(row.body) as Record<string, unknown>;
    db.prepare('UPDATE recipe_runs SET body = ? WHERE id = ?').run(
      JSON.stringify({ ...old, recipe: saved }),
      id,
    );
    db.prepare("DELETE FROM schema_migrations WHERE id = 'recipes-003-run-records'").run();
    runMigrations(db, studioMigrations(currentRig().dir));

    const second = await boot();
    second.runner.resume();
    const run = await until(second, id, (r) => r.state !== 'running');
    expect(run.state).toBe('completed');
    expect(submissions(second.gateway)).toBe(1);
  });

  // Checked step by step only as each was sent, a recipe whose step 2 lacked its required prompt
  // paid for step 1 and then stopped. The run is checked whole before step 1 leaves.
  it('a recipe some step of which would be refused is refused before its first step is sent', async () => {
    const p = await boot();
    const cannotFinish = {
      name: 'Cannot finish',
      steps: [
        { family: 'image.i3' as const, model: 'image_model_id_i3', params: { size: '16:9' } },
        { family: 'video.v2' as const, model: 'video_model_id_v2', params: {}, bind: 'image' as const },
      ],
    };
    expect(() => p.runner.start(cannotFinish, { prompts: ['a lighthouse'] })).toThrow(
      'Step 2 (Video V2 (reference-to-video)) cannot be sent: prompt: This field is required. Nothing was sent.',
    );
    expect(() => p.runner.start(pictureThenVideo())).toThrow(
      'Step 1 (Image I3) cannot be sent: prompt: This field is required. Nothing was sent.',
    );
    expect(p.runner.list()).toEqual([]);
    expect(submissions(p.gateway)).toBe(0);
  });
});
