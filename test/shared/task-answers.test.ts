// The task body as the real gateway writes it beyond the spec: progress as text, relative result
// links, a `failed` that carries links, and a failure said by its code and type alone.
import { describe, expect, it } from 'vitest';
import { parseTask, withAbsoluteLinks } from '../../shared/gateway/task';
import { taskFailureInfo } from '../../shared/gateway/task-failure';

describe('progress', () => {
  it('[TASK-3] "45%", "45", " 100 % " and 45 are 45, 45, 100 and 45', () => {
    expect(parseTask({ id: 'a', status: 'processing', progress: '45%' }).progress).toBe(45);
    expect(parseTask({ id: 'a', status: 'processing', progress: '45' }).progress).toBe(45);
    expect(parseTask({ id: 'a', status: 'completed', progress: ' 100 % ' }).progress).toBe(100);
    expect(parseTask({ id: 'a', status: 'processing', progress: 45.4 }).progress).toBe(45);
  });

  it('[TASK-3] progress nobody can read is no progress, never an unreadable answer', () => {
    expect(parseTask({ id: 'a', status: 'processing', progress: 'half' }).progress).toBe(0);
    expect(parseTask({ id: 'a', status: 'completed', progress: { at: 1 } }).progress).toBe(100);
  });
});

describe('result links', () => {
  const completed = (url: string) =>
    parseTask({ id: 'a', status: 'completed', result: { images: [{ url: [url] }] } });

  it('a relative link is resolved against the gateway’s address, its path prefix kept for a bare name', () => {
    expect(withAbsoluteLinks(completed('/f/abc.png'), 'https://gw.example.com').files[0]?.url).toBe(
      'https://gw.example.com/f/abc.png',
    );
    expect(withAbsoluteLinks(completed('/f/abc.png'), 'https://gw.example.com/gw').files[0]?.url).toBe(
      'https://gw.example.com/f/abc.png',
    );
    expect(withAbsoluteLinks(completed('f/abc.png'), 'https://gw.example.com/gw').files[0]?.url).toBe(
      'https://gw.example.com/gw/f/abc.png',
    );
    expect(
      withAbsoluteLinks(completed('//cdn.example.com/a.png'), 'https://gw.example.com').files[0]?.url,
    ).toBe('https://cdn.example.com/a.png');
  });

  it('an absolute link, of any scheme, is left for the downloader to judge', () => {
    const snapshot = completed('ftp://files.example.com/a.png');
    expect(withAbsoluteLinks(snapshot, 'https://gw.example.com')).toBe(snapshot);
  });

  it('a `failed` that carries result links says how many (the engine asks again before believing it)', () => {
    const failed = parseTask({
      id: 'a',
      status: 'failed',
      result: { images: [{ url: ['/x.png', '/y.png'] }] },
    });
    expect(failed).toMatchObject({ status: 'failed', files: [], linksWhileFailed: 2 });
  });
});

describe('a failed task said', () => {
  it('{code: 451, type: "policy"} without a message: refused by a content policy', () => {
    const snapshot = parseTask({ id: 'a', status: 'failed', error: { code: 451, type: 'policy' } });
    expect(taskFailureInfo(snapshot)).toMatchObject({
      type: 'task_failed',
      code: 'content_policy',
      message: 'The gateway refused this task under its content policy (451, policy).',
    });
  });

  it('a policy type with the gateway’s words keeps them; a moderation type without 451 is policy too', () => {
    const snapshot = parseTask({
      id: 'a',
      status: 'failed',
      error: { code: 'E_MOD', type: 'content_moderation', message: 'flagged' },
    });
    expect(taskFailureInfo(snapshot).message).toBe(
      'The gateway refused this task under its content policy (E_MOD, content_moderation): flagged',
    );
  });

  it('any other failure is the gateway’s message, or the plain sentence', () => {
    expect(
      taskFailureInfo(parseTask({ id: 'a', status: 'failed', error: { code: 500, message: 'boom' } })),
    ).toMatchObject({
      code: '500',
      message: 'boom',
    });
    expect(taskFailureInfo(parseTask({ id: 'a', status: 'failed' })).message).toBe(
      'The gateway reported the task as failed.',
    );
  });
});

describe('status words the spec lacks', () => {
  it('EXPIRED (any case) with result links is completed: a billed success is never a timeout', () => {
    const t = parseTask({ id: 'a', status: 'EXPIRED', result: { images: [{ url: ['https://cdn/x.png'] }] } });
    expect(t).toMatchObject({ status: 'completed', statusWord: null });
    expect(t.files).toHaveLength(1);
  });

  it('any word nobody knows, with result links, is a delivered task', () => {
    expect(
      parseTask({ id: 'a', status: 'Finalised', result: { images: ['https://cdn/x.png'] } }).status,
    ).toBe('completed');
  });

  it('EXPIRED or timeout without any result ends the task with a sentence; UNKNOWN is still running', () => {
    expect(parseTask({ id: 'a', status: 'Expired' })).toMatchObject({
      status: 'failed',
      error: { message: 'The gateway says the task ran out of time (Expired) and gave no result.' },
    });
    expect(parseTask({ id: 'a', status: 'TIMEOUT' }).status).toBe('failed');
    expect(parseTask({ id: 'a', status: 'UNKNOWN' })).toMatchObject({
      status: 'processing',
      statusWord: 'UNKNOWN',
    });
  });
});
