// A submission carries the caller's key, kept on the task row before anything
// is sent, so a repeat of the same press (a double click, a bridge call tried again, a restart between sending
// and the answer) answers with the task the first made and never creates a second paid one, for every family.
import { describe, expect, it } from 'vitest';
import { driveUntil, i3, useEngineRig } from './engine-rig';
import type { CountingGateway } from './engine-rig';

const bench = useEngineRig();
const engine = bench.engine;

const v1 = (prompt: string) => ({
  family: 'video.v1' as const,
  model: 'video_model_id_v1_pro',
  params: { prompt, duration: 5 },
});
const i2 = (prompt: string) => ({
  family: 'image.i2' as const,
  model: 'image_model_id_i2',
  params: { prompt, n: 1 },
});

const KEY = 'press-0001-aaaaaaaaaaaa';
const OTHER_KEY = 'press-0002-bbbbbbbbbbbb';
const submits = (gw: CountingGateway) => gw.log.filter((r) => r.kind === 'submit').length;
/** Tasks the simulator created for this prompt: more than one is a second charge. */
const upstream = (prompt: string) => bench.rig.sim.createdTasks().filter((t) => t.body.prompt === prompt);

describe('submission keys: a repeat of the same press is the same task', () => {
  it('a repeated key after the answer returns the first task and sends nothing (a family without a gateway key)', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw);
    await e.start();
    const first = await e.submit(i3('a kestrel hovering'), { key: KEY });
    expect(first.remoteId).not.toBeNull();
    const again = await e.submit(i3('a kestrel hovering'), { key: KEY });
    expect(again.id).toBe(first.id);
    expect(again.remoteId).toBe(first.remoteId);
    expect(submits(gw)).toBe(1);
    expect(e.list()).toHaveLength(1);
    expect(upstream('a kestrel hovering')).toHaveLength(1);
    // A new press (a new key) with the same settings is a new take, as the person asked.
    const another = await e.submit(i3('a kestrel hovering'), { key: OTHER_KEY });
    expect(another.id).not.toBe(first.id);
    expect(upstream('a kestrel hovering')).toHaveLength(2);
  });

  it('a double click (two calls at once, same key) sends once and both get the same task', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw);
    await e.start();
    const [a, b, c] = await Promise.all([
      e.submit(v1('waves at night'), { key: KEY }),
      e.submit(v1('waves at night'), { key: KEY }),
      e.submit(v1('waves at night'), { key: KEY }),
    ]);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(submits(gw)).toBe(1);
    expect(upstream('waves at night')).toHaveLength(1);
  });

  it('the same key with a different request is refused, and nothing is written or sent', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw);
    await e.start();
    await e.submit(i3('first words'), { key: KEY });
    await expect(e.submit(i3('other words'), { key: KEY })).rejects.toMatchObject({
      info: { type: 'validation_error', param: 'key' },
    });
    // Also while the first is still on its way.
    gw.holdSubmissions = true;
    const held = e.submit(i3('third words'), { key: OTHER_KEY });
    await expect(e.submit(i3('fourth words'), { key: OTHER_KEY })).rejects.toMatchObject({
      info: { param: 'key' },
    });
    void held.catch(() => undefined);
    expect(e.list().map((t) => t.params.prompt)).not.toContain('fourth words');
    expect(e.list().map((t) => t.params.prompt)).not.toContain('other words');
  });

  it('a key that is not a safe header value is refused before anything is written', async () => {
    const e = engine(bench.rig.gateway());
    await e.start();
    await expect(e.submit(i3('bad key'), { key: 'short' })).rejects.toMatchObject({
      info: { type: 'validation_error', param: 'key' },
    });
    await expect(e.submit(i3('bad key'), { key: 'has spaces in it, 1234567' })).rejects.toThrow(/16 to 128/);
    expect(e.list()).toHaveLength(0);
  });

  it('a lost answer (the task may exist) is not sent again when the call is repeated: the row says interrupted', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw, { downloads: null });
    await e.start();
    gw.loseNextAck = true;
    const lost = await e.submit(i3('answer lost'), { key: KEY });
    expect(lost.state).toBe('interrupted');
    // The renderer saw a failure and tries the same press again: the row answers, nothing is re-POSTed.
    const again = await e.submit(i3('answer lost'), { key: KEY });
    expect(again.id).toBe(lost.id);
    expect(again.state).toBe('interrupted');
    expect(submits(gw)).toBe(1);
    expect(upstream('answer lost')).toHaveLength(1);
  });

  it('a restart between sending and the answer: the repeat after the restart finds the row and sends nothing', async () => {
    const gw1 = bench.rig.gateway();
    const first = engine(gw1, { downloads: null });
    await first.start();
    gw1.holdSubmissions = true; // the POST leaves; the answer never comes back to this process
    void first.submit(i3('cut off by a restart'), { key: KEY }).catch(() => undefined);
    await expect.poll(() => submits(gw1)).toBe(1);
    // As a SIGKILL leaves it: close() would mark it, a killed process leaves the row 'submitting', sent_at set.
    await first.close();
    bench.rig.openDb().prepare("UPDATE tasks SET state = 'submitting', error = NULL").run();

    const gw2 = bench.rig.gateway();
    const second = engine(gw2, { downloads: null });
    await second.start();
    const again = await second.submit(i3('cut off by a restart'), { key: KEY });
    expect(again.state).toBe('interrupted'); // may have been charged: said, and reconciled, never resent blindly
    expect(second.list()).toHaveLength(1);
    expect(submits(gw2)).toBe(0);
  });

  it('[EP-IMAGE-I2HDR-1] I2 sends the caller key as its Idempotency-Key, so a resend after a restart finds the original', async () => {
    const gw1 = bench.rig.gateway();
    const first = engine(gw1, { downloads: null });
    await first.start();
    let sentKey: string | undefined;
    gw1.loseNextAck = true;
    const wrapped = gw1.submit.bind(gw1);
    gw1.submit = (family, body, options) => {
      sentKey = options?.idempotencyKey;
      return wrapped(family, body, options);
    };
    void first.submit(i2('fox in the snow'), { key: KEY }).catch(() => undefined);
    await expect.poll(() => sentKey).toBe(KEY);
    await first.close();
    bench.rig.openDb().prepare("UPDATE tasks SET state = 'submitting', error = NULL").run();

    const gw2 = bench.rig.gateway();
    const second = engine(gw2, { downloads: null });
    await second.start();
    const repeat = await second.submit(i2('fox in the snow'), { key: KEY });
    const id = repeat.id;
    expect(await driveUntil(bench.rig, second, () => second.get(id)?.state === 'completed')).toBe(true);
    expect(second.list()).toHaveLength(1);
    // Resent by start() under the same key: the gateway answered with the original task, not a second one.
    expect(upstream('fox in the snow')).toHaveLength(1);
  });

  it('rerun with a key: a repeated Run again starts one task, not two', async () => {
    const gw = bench.rig.gateway();
    const e = engine(gw, { downloads: null });
    await e.start();
    const source = await e.submit(i3('run me again'));
    const [a, b] = await Promise.all([e.rerun(source.id, { key: KEY }), e.rerun(source.id, { key: KEY })]);
    expect(a.id).toBe(b.id);
    expect(a.parentTaskId).toBe(source.id);
    const c = await e.rerun(source.id, { key: KEY });
    expect(c.id).toBe(a.id);
    expect(e.list()).toHaveLength(2);
    expect(upstream('run me again')).toHaveLength(2);
  });

  it('two processes on one database (the app and the CLI): the second finds the key the first wrote', async () => {
    const app = engine(bench.rig.gateway(), { downloads: null });
    const cliGateway = bench.rig.gateway();
    const cli = engine(cliGateway, { downloads: null });
    await app.start();
    const made = await app.submit(i3('shared database'), { key: KEY });
    const repeat = await cli.submit(i3('shared database'), { key: KEY });
    expect(repeat.id).toBe(made.id);
    expect(submits(cliGateway)).toBe(0);
  });

  it('a refused press (over the budget) writes no row, so the same key may go once the user confirms', async () => {
    let refuse = true;
    const gw = bench.rig.gateway();
    const e = engine(gw, {
      downloads: null,
      guard: {
        admit: () => {
          if (refuse) throw new Error('confirm first');
        },
        admitAll: () => undefined,
      },
    });
    await e.start();
    await expect(e.submit(i3('confirm me'), { key: KEY })).rejects.toThrow('confirm first');
    refuse = false;
    const sent = await e.submit(i3('confirm me'), { key: KEY, confirmed: true });
    expect(sent.remoteId).not.toBeNull();
    expect(submits(gw)).toBe(1);
  });
});
