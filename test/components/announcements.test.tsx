// Screen-reader speech about tasks does not flood: the real toast region (the app's one polite live region) and
// the real TaskAnnouncements fed the events 50 tasks send when they finish at once, and 20 when they fail. What
// is spoken is counted as it is added to the DOM: the first news at once, the rest of the window as one line;
// only failures are assertive (role="alert"), and those too come as one toast that counts them.
import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import type { TaskRecord } from '../../shared/studio/records';
import { ANNOUNCE_WINDOW_MS, politeAnnouncer } from '../../renderer/lib/announcer';
import { TaskAnnouncements } from '../../renderer/lib/task-announcements';
import { useStudioStore } from '../../renderer/store/studio-store';
import { CharCounter } from '../../renderer/ui/char-counter';
import { Toasts } from '../../renderer/ui/toasts';
import { sampleTask } from '../bridge/fixture-handlers';
import { renderWithStudio } from './render';

// The app's own i18next (set up in English by setup.ts).
const t = i18next.t.bind(i18next);

const event = (i: number, over: Partial<TaskRecord>): BridgeEvent => ({
  type: 'task',
  task: { ...sampleTask, id: `task-${i}`, remoteId: `remote-${i}`, ...over },
});

const refused = {
  httpStatus: 400,
  type: 'invalid_request_error' as const,
  code: '',
  message: 'The prompt was refused.',
  param: null,
  retryable: false,
  retryAfterMs: null,
};

/** Every node added to the live region from now on (what a screen reader is handed to speak). */
function spoken(): { polite: string[]; alerts: string[] } {
  const region = document.querySelector('.toasts');
  if (!region) throw new Error('no toast region');
  const heard = { polite: [] as string[], alerts: [] as string[] };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        if (node.dataset.testid === 'announcement') heard.polite.push(node.textContent ?? '');
        if (node.getAttribute('role') === 'alert') heard.alerts.push(node.textContent ?? '');
      }
    }
  }).observe(region, { childList: true });
  return heard;
}

beforeEach(() => {
  vi.useFakeTimers();
  politeAnnouncer.reset();
  useStudioStore.setState({ toasts: [] });
});
afterEach(() => {
  politeAnnouncer.reset();
  vi.useRealTimers();
});

function setUp() {
  renderWithStudio(<Toasts />);
  const heard = spoken();
  const tasks = new TaskAnnouncements((text) => useStudioStore.getState().pushToast('error', text));
  // Async act: the observer above hears of added nodes in a microtask.
  const send = (events: BridgeEvent[]) =>
    act(async () => {
      for (const e of events) tasks.onEvent(e, t);
    });
  return { heard, send };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('task announcements', () => {
  it('50 tasks finishing at once are two polite lines, not 50', async () => {
    const { heard, send } = setUp();
    await send(range(50).map((i) => event(i, { state: 'processing', progress: 10 })));
    await send(range(50).map((i) => event(i, { state: 'completed', progress: 100 })));
    expect(heard.polite).toEqual(['1 task finished.']);
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCE_WINDOW_MS));
    expect(heard.polite).toEqual(['1 task finished.', '49 tasks finished.']);
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCE_WINDOW_MS * 3));
    expect(heard.polite).toHaveLength(2);
    expect(heard.alerts).toEqual([]);
    // One polite region, and nothing assertive but the alerts.
    expect(document.querySelectorAll('[aria-live="polite"]')).toHaveLength(1);
    expect(document.querySelectorAll('[aria-live="assertive"]')).toHaveLength(0);
  });

  it('progress of many running tasks is one line per window, said as each passes a quarter', async () => {
    const { heard, send } = setUp();
    await send(range(10).map((i) => event(i, { state: 'processing', progress: 0 })));
    for (let step = 1; step <= 20; step += 1) {
      await send(range(10).map((i) => event(i, { state: 'processing', progress: step * 4 + (i % 3) })));
    }
    const line = /^10 tasks generating, (\d+)% done on average\.$/;
    expect(heard.polite).toHaveLength(1);
    expect(heard.polite[0]).toMatch(line);
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCE_WINDOW_MS));
    expect(heard.polite).toHaveLength(2);
    // The held line is the latest: further on than the first.
    const percent = (text: string | undefined) => Number(line.exec(text ?? '')?.[1]);
    expect(percent(heard.polite[1])).toBeGreaterThan(percent(heard.polite[0]) + 40);
    // No new quarter passed, nothing more to say.
    await send(range(10).map((i) => event(i, { state: 'processing', progress: 81 + (i % 3) })));
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCE_WINDOW_MS * 2));
    expect(heard.polite).toHaveLength(2);
  });

  it('20 failures in one burst are two alerts: the first as it is, then one that counts the rest', async () => {
    const { heard, send } = setUp();
    await send(range(20).map((i) => event(i, { state: 'processing', progress: 30 })));
    await send(range(20).map((i) => event(i, { state: 'failed', error: refused })));
    // A failed task's later events (its files, its cost) say nothing again.
    await send(range(20).map((i) => event(i, { state: 'failed', error: refused, cost: 0 })));
    expect(heard.alerts).toHaveLength(1);
    expect(heard.alerts[0]).toContain('The prompt was refused.');
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCE_WINDOW_MS));
    expect(heard.alerts).toHaveLength(2);
    expect(heard.alerts[1]).toMatch(/^19 tasks failed\. The latest: .*The prompt was refused\./);
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCE_WINDOW_MS * 3));
    expect(heard.alerts).toHaveLength(2);
    expect(heard.polite).toEqual([]);
  });

  it('a character counter is not read on every key: only going over the limit is said, once', async () => {
    const view = renderWithStudio(
      <>
        <CharCounter count={0} max={20} />
        <Toasts />
      </>,
    );
    const heard = spoken();
    for (let count = 1; count <= 30; count += 1) {
      await act(async () => {
        view.rerender(
          <>
            <CharCounter count={count} max={20} />
            <Toasts />
          </>,
        );
      });
      await act(() => vi.advanceTimersByTimeAsync(200));
    }
    expect(heard.polite).toEqual(['21 / 20']);
    expect(screen.getByText('30 / 20')).not.toHaveAttribute('aria-live');
  });
});
