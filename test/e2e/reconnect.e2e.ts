/// <reference lib="dom" />
// The events stream is live only while it is connected: events sent while it is down are not replayed. This
// checks that a page which lost the stream catches up when it comes back: a task finished meanwhile shows in the
// library the user is looking at, without navigating away and back. The browser reaches web mode through a small
// HTTP relay the test can cut (Chromium's offline emulation leaves an open stream alone).
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startWebMode, type WebMode } from '../../electron/host/web-mode';
import { launchChromium, type LaunchedBrowser } from './browser';

let web: WebMode;
let dataDir: string;
let chromium: LaunchedBrowser;
let page: Page;

/** The bridge called from the test itself, as another client of the same studio would. */
async function call<T>(path: string, input?: unknown): Promise<T> {
  const init: RequestInit =
    input === undefined
      ? { headers: { 'x-studio-token': web.token } }
      : {
          method: 'POST',
          headers: { 'x-studio-token': web.token, 'content-type': 'application/json' },
          body: JSON.stringify(input),
        };
  const res = await fetch(`${web.origin}/trpc/${path}`, init);
  const body = (await res.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${path}: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

/** How many EventSource connections the page opened, and how many failed (the page counts them itself). */
const COUNT_EVENT_SOURCES = `
(() => {
  const Original = window.EventSource;
  window.__streams = { opened: 0, failed: 0 };
  window.EventSource = class extends Original {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('open', () => (window.__streams.opened += 1));
      this.addEventListener('error', () => (window.__streams.failed += 1));
    }
  };
})();
`;

/**
 * Relays the browser to web mode, presenting itself as web mode's own origin (its Host and Origin checks stay
 * on). cut() drops every open connection and refuses new ones until restore().
 */
interface Relay {
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

async function startRelay(target: string): Promise<Relay> {
  const to = new URL(target);
  const sockets = new Set<Socket>();
  let down = false;
  const server: Server = createServer((req, res) => {
    const headers = { ...req.headers, host: to.host };
    if (headers.origin) headers.origin = to.origin;
    const upstream = request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    if (down) return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () => {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let relay: Relay;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'studio-e2e-reconnect-'));
  web = await startWebMode({ port: 0, demo: true, dataDir });
  relay = await startRelay(web.origin);
  chromium = await launchChromium();
  await chromium.context.addInitScript({ content: COUNT_EVENT_SOURCES });
  page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
});

afterAll(async () => {
  await chromium?.close();
  await relay?.close();
  await web?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('web mode, events stream interrupted', () => {
  it('refetches what changed while the stream was down once it reconnects', async () => {
    await page.goto(`${relay.url}/?token=${web.token}`);
    await page.getByTestId('try-demo').click();
    await page.getByTestId('nav-library').click();
    await page.locator('h1').first().waitFor();
    const streams = () =>
      page.evaluate(() => (window as unknown as { __streams: { opened: number; failed: number } }).__streams);
    await expect.poll(async () => (await streams()).opened, { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('library-item').count()).toBe(0);

    // The stream drops (a sleeping laptop, a flaky network); meanwhile a task finishes in the studio.
    relay.cut();
    const task = await call<{ id: string }>('tasks.submit', {
      family: 'image.i3',
      model: 'image_model_id_i3',
      params: { prompt: 'A lighthouse painted while nobody was watching', size: '1:1', resolution: '1K' },
    });
    await expect
      .poll(
        async () =>
          (
            await call<{ tasks: { id: string; state: string }[] }>(
              `tasks.list?input=${JSON.stringify({ limit: 1000 })}`,
            )
          ).tasks.find((t) => t.id === task.id)?.state,
        {
          timeout: 60_000,
          interval: 250,
        },
      )
      .toBe('completed');
    await expect
      .poll(async () => (await call<{ items: unknown[] }>('library.query')).items.length, { timeout: 30_000 })
      .toBe(1);
    // Nothing reached the page while the connection was down, and the browser noticed the stream had failed.
    expect(await page.getByTestId('library-item').count()).toBe(0);
    expect((await streams()).failed).toBeGreaterThan(0);

    relay.restore();
    await expect.poll(async () => (await streams()).opened, { timeout: 30_000 }).toBeGreaterThan(1);
    await page.getByTestId('library-item').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('library-item').count()).toBe(1);
  });
});
