// The agents' account in the core: a session's spending counts each task once (a retried call's answer is not
// counted again), the cap refuses past it and asks when nothing can estimate, and keys from the same caller key
// meet while a request id keys only its own session's call.
import { describe, expect, it } from 'vitest';
import { AgentSessions, agentSubmissionKey, capVerdict } from '../../../electron/core/agents';
import { ManualClock } from '../../../electron/core/clock';
import { isSubmissionKey } from '../../../shared/studio/submission-key';
import type { SpendCheck } from '../../../shared/studio/spending';

const check = (estimate: number | null, unknown = 0): SpendCheck => ({
  unit: 'usd',
  timeZone: 'UTC',
  estimate,
  unknown,
  unpricedModels: unknown ? ['new-model'] : [],
  confirmAbove: null,
  needsConfirmation: false,
  refusal: null,
});

describe('agent sessions', () => {
  it('count a task once, whatever number of calls answer with it', () => {
    const sessions = new AgentSessions({ clock: new ManualClock(1_000) });
    const id = sessions.open({
      client: 'agent\u0000x',
      clientVersion: '1',
      transport: 'stdio',
      unit: 'usd',
      cap: 1,
    });
    sessions.count(id, 'task-1', 0.25);
    sessions.count(id, 'task-1', 0.25);
    sessions.count(id, 'task-2', null);
    const view = sessions.get(id);
    expect(view?.spent).toBe(0.25);
    expect(view?.unpriced).toBe(1);
    expect(view?.client).toBe('agentx');
  });

  it('tell listeners of every change and end a session once', async () => {
    const clock = new ManualClock(5);
    const sessions = new AgentSessions({ clock });
    let told = 0;
    sessions.subscribe(() => (told += 1));
    const id = sessions.open({ client: 'a', clientVersion: '', transport: 'http', unit: 'usd', cap: null });
    sessions.record(id, { tool: 'balance', outcome: 'done', summary: 'Key: 1 remaining.', taskIds: [] });
    await clock.advance(10);
    sessions.end(id);
    sessions.end(id);
    expect(told).toBe(3);
    expect(sessions.get(id)?.endedAt).toBe(15);
    expect(sessions.list()[0]?.activity[0]?.tool).toBe('balance');
  });
});

describe('the session cap', () => {
  const sessions = new AgentSessions();
  const open = (cap: number | null) =>
    sessions.open({ client: 'a', clientVersion: '', transport: 'stdio', unit: 'usd', cap });

  it('lets a call within it go, refuses one past it, and asks when nothing can estimate the call', () => {
    const id = open(0.1);
    sessions.count(id, 't', 0.08);
    const view = sessions.get(id);
    if (!view) throw new Error('no session');
    expect(capVerdict(view, check(0.02)).kind).toBe('within');
    const refused = capVerdict(view, check(0.03));
    expect(refused.kind).toBe('refused');
    expect(refused.kind === 'refused' && refused.sentence).toMatch(
      /^Not sent: this agent session may spend at most 0\.10(00)? USD; it has spent about 0\.08(00)? USD/,
    );
    expect(capVerdict(view, check(null, 1)).kind).toBe('ask');
  });

  it('is not there when no cap is set', () => {
    const view = sessions.get(open(null));
    if (!view) throw new Error('no session');
    expect(capVerdict(view, check(1000)).kind).toBe('within');
  });
});

describe('agent submission keys', () => {
  it('are the same for a retried caller key, differ by tool, and follow the engine key rule', () => {
    const a = agentSubmissionKey('generate_image_i3', { kind: 'caller', key: 'k 1 / ünïcode' });
    expect(agentSubmissionKey('generate_image_i3', { kind: 'caller', key: 'k 1 / ünïcode' })).toBe(a);
    expect(agentSubmissionKey('run_preset', { kind: 'caller', key: 'k 1 / ünïcode' })).not.toBe(a);
    expect(isSubmissionKey(a)).toBe(true);
  });

  it('from a request id, name that session alone: ids start again in every session', () => {
    const one = agentSubmissionKey('generate_image_i3', { kind: 'request', session: 's1', id: 3 });
    const two = agentSubmissionKey('generate_image_i3', { kind: 'request', session: 's2', id: 3 });
    expect(one).not.toBe(two);
  });
});
