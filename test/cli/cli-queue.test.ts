// `generate --queue` and `queue list|pause|resume|move|cancel|retry|schedule` on the database the app sends the
// queue from: items are held, not sent (a counting server proves the gateway heard nothing), reordered, paused,
// cancelled for nothing, scheduled, and a failed one tried again; one at the gateway is cancelled only with
// --at-gateway.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStudioDatabase } from '../../electron/core/studio-database';
import { QueueStore } from '../../electron/core/tasks/queue-store';
import { localErrorInfo } from '../../shared/gateway/error-types';
import type { QueueView } from '../../shared/studio/queue';
import { CONFIRM_ASK } from '../../shared/studio/spending';
import { cli, useCountingCli } from './cli-harness';

const t = useCountingCli('sk-test-queue-cli', { dataDir: true });

async function view(): Promise<QueueView> {
  const run = await cli(['--json', 'queue', 'list'], t.env, t.dir);
  expect(run.code, run.stderr).toBe(0);
  return run.json() as unknown as QueueView;
}

const waitingPrompts = (v: QueueView) =>
  v.items.filter((i) => i.state === 'waiting').map((i) => [i.prompt, i.position]);

/** The queue's rows, as the app would find them (to play the parts only the app's sending can). */
function rows(): { store: QueueStore; close: () => void } {
  const db = openStudioDatabase(join(t.dir, 'data', 'studio.db'));
  return { store: new QueueStore(db), close: () => db.close() };
}

describe('queue commands', () => {
  it('queues without sending, then lists, moves, pauses, resumes, schedules and cancels', async () => {
    for (const prompt of ['first', 'second', 'third']) {
      const run = await cli(['generate', 'image_model_id_i3', '--prompt', prompt, '--queue'], t.env, t.dir);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Queued 1, not sent');
    }
    expect(t.gateway.requests()).toBe(0);
    let v = await view();
    expect(waitingPrompts(v)).toEqual([
      ['first', 1],
      ['second', 2],
      ['third', 3],
    ]);
    const id = (prompt: string) => v.items.find((i) => i.prompt === prompt)?.id ?? '';

    const moved = await cli(['queue', 'move', id('third').slice(0, 8), 'front'], t.env, t.dir);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(/#1 {2}\S+ {2}image\.i3 {2}"third"/);
    await cli(['queue', 'move', id('first'), id('third')], t.env, t.dir);
    v = await view();
    expect(waitingPrompts(v)).toEqual([
      ['first', 1],
      ['third', 2],
      ['second', 3],
    ]);

    const paused = await cli(['queue', 'pause'], t.env, t.dir);
    expect(paused.stdout).toContain('Paused (queue resume sends again)');
    expect((await view()).paused).toBe(true);
    // As the app's sending leaves it when the threshold asks about an item: the answer named is the command.
    const { store, close } = rows();
    const facts = 'This will probably cost about 0.30 USD, above your confirmation threshold of 0.10 USD.';
    store.setSettings({ paused: true, pausedReason: `${facts} ${CONFIRM_ASK}`, confirmItem: id('first') });
    close();
    const asking = await cli(['queue', 'list'], t.env, t.dir);
    expect(asking.stdout).toContain(`Paused: ${facts} Run \`queue resume\` to send it.`);
    expect(asking.stdout).not.toContain(CONFIRM_ASK);
    const resumed = await cli(['queue', 'resume'], t.env, t.dir);
    expect(resumed.stdout).toContain('Running, up to 2 at once');

    const scheduled = await cli(['--json', 'queue', 'schedule', '02:00'], t.env, t.dir);
    const startAt = (scheduled.json() as unknown as QueueView).startAt ?? 0;
    expect(new Date(startAt).getHours()).toBe(2);
    expect(startAt).toBeGreaterThan(Date.now());
    expect(startAt - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await cli(['queue', 'schedule', 'now'], t.env, t.dir)).stdout).not.toContain(
      'Nothing is sent before',
    );

    const cancelled = await cli(['queue', 'cancel', id('second'), id('first')], t.env, t.dir);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toContain('Cancelled 2 before sending: not charged.');
    v = await view();
    expect(waitingPrompts(v)).toEqual([['third', 1]]);
    expect(v.items.find((i) => i.prompt === 'first')).toMatchObject({
      state: 'cancelled',
      charge: 'not-charged',
    });
    expect(t.gateway.requests()).toBe(0);
  });

  it('tries a failed item again, and cancels one at the gateway only with --at-gateway', async () => {
    const queued = await cli(
      ['--json', 'generate', 'image_model_id_i3', '--prompt', 'flaky', '--queue'],
      t.env,
      t.dir,
    );
    const [flaky] = (queued.json() as { queued: string[] }).queued;
    const sending = await cli(
      ['--json', 'generate', 'image_model_id_i3', '--prompt', 'out', '--queue'],
      t.env,
      t.dir,
    );
    const [out] = (sending.json() as { queued: string[] }).queued;
    const { store, close } = rows();
    // What the app's sending would leave: one refused before it left, one on its way to the gateway.
    store.update(flaky ?? '', {
      state: 'failed',
      error: localErrorInfo('validation_error', 'A reference image went missing.'),
      updatedAt: Date.now(),
    });
    store.update(out ?? '', { state: 'sending', updatedAt: Date.now() });
    close();

    const retried = await cli(['queue', 'retry', flaky ?? ''], t.env, t.dir);
    expect(retried.code, retried.stderr).toBe(0);
    expect(waitingPrompts(await view()).at(-1)).toEqual(['flaky', 2]);
    const notTwice = await cli(['queue', 'retry', flaky ?? ''], t.env, t.dir);
    expect(notTwice.code).not.toBe(0);
    expect(notTwice.stderr).toContain('Only a failed queue item can be tried again.');

    const asked = await cli(['queue', 'cancel', out ?? ''], t.env, t.dir);
    expect(asked.stdout).toContain('already at the gateway, which may still charge it');
    expect((await view()).items.find((i) => i.id === out)?.state).toBe('sending');
    const confirmed = await cli(['queue', 'cancel', out ?? '', '--at-gateway'], t.env, t.dir);
    expect(confirmed.stdout).toContain('may still be charged');
    expect((await view()).items.find((i) => i.id === out)).toMatchObject({
      state: 'cancelled',
      charge: 'may-be-charged',
    });
    expect((await cli(['queue', 'move', 'nosuchitem', 'front'], t.env, t.dir)).stderr).toContain(
      'No queue item nosuchitem.',
    );
    expect(t.gateway.requests()).toBe(0);
  });
});
