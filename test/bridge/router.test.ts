import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import { bridgeContract } from '../../shared/bridge/contract';
import type { BridgeHandlers, ProcedureSpec } from '../../shared/bridge/contract';
import { notFound } from '../../shared/bridge/errors';
import { appRouter, createBridgeCaller } from '../../shared/bridge/router';
import { fixtureHandlers, sampleTask } from './fixture-handlers';

/** Calls the router through tRPC's fetch adapter, so the error formatter runs exactly as on the wire. */
async function call(
  handlers: BridgeHandlers | null,
  path: string,
  input?: unknown,
  method: 'GET' | 'POST' = 'POST',
): Promise<{
  status: number;
  body: { result?: { data: unknown }; error?: { message: string; data: Record<string, unknown> } };
}> {
  const url = new URL(`http://127.0.0.1/trpc/${path}`);
  let init: RequestInit = { method };
  if (method === 'GET') {
    if (input !== undefined) url.searchParams.set('input', JSON.stringify(input));
  } else {
    init = { method, body: JSON.stringify(input ?? null), headers: { 'content-type': 'application/json' } };
  }
  const res = await fetchRequestHandler({
    endpoint: '/trpc',
    req: new Request(url, init),
    router: appRouter,
    createContext: () => ({ handlers }),
  });
  return { status: res.status, body: (await res.json()) as never };
}

describe('bridge router', () => {
  // That the router has every procedure, and the handlers every handler, is checked at compile time
  // (contract.types.ts). This checks from outside, over HTTP, that each is served as the kind the contract says.
  it('serves each contract procedure as its kind: queries over GET, mutations only over POST', async () => {
    for (const [namespace, procedures] of Object.entries(bridgeContract)) {
      if ('kind' in procedures) continue; // the events subscription: see the streaming test below
      for (const [name, spec] of Object.entries(procedures as Record<string, ProcedureSpec>)) {
        if (spec.kind === 'subscription') continue; // a stream (usage.read): its own tests read it
        const res = await call(fixtureHandlers(), `${namespace}.${name}`, undefined, 'GET');
        if (spec.kind === 'mutation') expect(res.status, `${namespace}.${name}`).toBe(405);
        else expect(res.status, `${namespace}.${name}`).not.toBe(405);
      }
    }
  });

  it('delegates a valid call and returns the parsed output', async () => {
    const res = await call(fixtureHandlers(), 'tasks.list', { limit: 10 }, 'GET');
    expect(res.status).toBe(200);
    expect(res.body.result?.data).toEqual({ tasks: [sampleTask], total: 1 });
  });

  it('rejects bad input with a validation error naming the field, before any handler runs', async () => {
    let called = false;
    const handlers = fixtureHandlers({
      tasks: {
        ...fixtureHandlers().tasks,
        submit: async () => {
          called = true;
          return sampleTask;
        },
      },
    });
    const res = await call(handlers, 'tasks.submit', { family: 'image.nope', model: 'm', params: {} });
    expect(res.status).toBe(400);
    expect(called).toBe(false);
    expect(res.body.error?.data.error).toMatchObject({
      type: 'validation_error',
      code: 'invalid_input',
      param: 'family',
    });
    expect(res.body.error?.message).toMatch(/^family: /);
  });

  it('rejects unknown keys (strict inputs) and an over-long speech input [EP-SPEECH-1]', async () => {
    const extra = await call(fixtureHandlers(), 'tasks.list', { limit: 10, sneaky: true }, 'GET');
    expect(extra.status).toBe(400);
    const speech = await call(fixtureHandlers(), 'speech.synthesize', {
      model: 'speech_model_id',
      input: 'a'.repeat(4097),
    });
    expect(speech.status).toBe(400);
    expect(speech.body.error?.message).toContain('4096');
  });

  it('refuses a key with whitespace or an empty key, with a readable reason', async () => {
    const res = await call(fixtureHandlers(), 'secrets.setKey', { key: 'abc def' });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toMatch(/printable/);
    const empty = await call(fixtureHandlers(), 'secrets.setKey', { key: '   ' });
    expect(empty.body.error?.message).toMatch(/empty/);
  });

  it('fails loudly when a handler returns something outside the contract, without leaking it', async () => {
    const handlers = fixtureHandlers({
      session: {
        status: async () => ({
          mode: 'demo',
          baseUrl: null,
          hasKey: true,
          keyStorage: 'file',
          mediaBaseUrl: '/media/',
          libraryDir: '/l',
          demoAvailable: true,
          key: 'sk-secret',
        }),
        useDemo: async () => ({ mode: 'nonsense' }),
      },
    });
    const res = await call(handlers, 'session.useDemo');
    expect(res.status).toBe(500);
    expect(res.body.error?.data.error).toMatchObject({ type: 'internal_error' });
    // zod objects strip unknown keys: an accidental extra field never crosses the bridge.
    const ok = await call(handlers, 'session.status', undefined, 'GET');
    expect(JSON.stringify(ok.body)).not.toContain('sk-secret');
  });

  it('carries gateway errors as values with the matching status [ERR-3]', async () => {
    const gatewayError = Object.assign(new Error('Insufficient balance'), {
      httpStatus: 402,
      type: 'payment_required',
      code: 'insufficient_balance',
      param: null,
      retryable: false,
      retryAfterMs: null,
    });
    const handlers = fixtureHandlers({
      tasks: {
        ...fixtureHandlers().tasks,
        submit: async () => {
          throw gatewayError;
        },
      },
    });
    const res = await call(handlers, 'tasks.submit', { family: 'image.i3', model: 'm', params: {} });
    expect(res.status).toBe(402);
    expect(res.body.error?.data.error).toEqual({
      httpStatus: 402,
      type: 'payment_required',
      code: 'insufficient_balance',
      message: 'Insufficient balance',
      param: null,
      retryable: false,
      retryAfterMs: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/stack|at async|\.ts:/);
  });

  it('hides the text of unexpected errors (it may hold paths or secrets)', async () => {
    const handlers = fixtureHandlers({
      tasks: {
        ...fixtureHandlers().tasks,
        list: async () => {
          throw new Error('ENOENT /home/me/.secret with Bearer sk-live');
        },
      },
    });
    const res = await call(handlers, 'tasks.list', undefined, 'GET');
    expect(res.status).toBe(500);
    expect(res.body.error?.message).toBe('Something went wrong inside the studio.');
    expect(JSON.stringify(res.body)).not.toContain('sk-live');
  });

  it("maps the studio's own refusals (BridgeError) to their status", async () => {
    const handlers = fixtureHandlers({
      tasks: {
        ...fixtureHandlers().tasks,
        stop: async () => {
          throw notFound('task', 'x');
        },
      },
    });
    const res = await call(handlers, 'tasks.stop', { id: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.error?.message).toBe('No task with id x.');
  });

  it('answers FORBIDDEN to a caller the transport refused (null handlers)', async () => {
    const res = await call(null, 'session.status', undefined, 'GET');
    expect(res.status).toBe(403);
    expect(res.body.error?.data.error).toMatchObject({ type: 'permission_error' });
  });

  it('streams events through the subscription and validates each one', async () => {
    const controller = new AbortController();
    const caller = createBridgeCaller({ handlers: fixtureHandlers() }, { signal: controller.signal });
    const stream = await caller.events();
    const seen: string[] = [];
    for await (const event of stream) {
      if (event.type === 'task') seen.push(event.task.state);
    }
    expect(seen).toEqual(['processing', 'completed']);

    const bad = createBridgeCaller({
      handlers: fixtureHandlers({
        async *events() {
          yield { type: 'task', task: { id: 'half' } };
        },
      }),
    });
    const badStream = await bad.events();
    await expect(async () => {
      for await (const _ of badStream) {
        // drain
      }
    }).rejects.toThrow();
  });
});
