/// <reference lib="dom" />
// Records everything the page receives from the studio: every HTTP response body (bridge answers, HTML, JS,
// media) and every server-sent event, so a test can assert that a secret never reached the browser.
import type { BrowserContext, Page, Response } from 'playwright-core';

export interface Traffic {
  /** url → body text (binary bodies as latin1, so a secret's bytes are still findable). */
  responses: { url: string; body: string }[];
  /** Starts recording a page's responses (call before its first navigation). */
  attach: (page: Page) => void;
  /** data of every SSE message any page's EventSources received. */
  events: string[];
  /** Waits for bodies still being read. */
  settle: () => Promise<void>;
}

// Playwright cannot read a streaming (SSE) body until it ends, so the page reports its own EventSource traffic
// to the test through a binding (which, unlike page state, survives reloads).
const RECORD_EVENT_SOURCE = `
(() => {
  const Original = window.EventSource;
  if (!Original) return;
  window.EventSource = class extends Original {
    constructor(url, init) {
      super(url, init);
      const record = (e) => window.__studioRecordSse(String(e.data ?? ''));
      const add = EventTarget.prototype.addEventListener;
      add.call(this, 'message', record);
      this.addEventListener = (type, listener, options) => {
        if (type !== 'message') add.call(this, type, record);
        return add.call(this, type, listener, options);
      };
    }
  };
})();
`;

export async function recordTraffic(context: BrowserContext): Promise<Traffic> {
  const events: string[] = [];
  await context.exposeBinding('__studioRecordSse', (_source, data: string) => {
    events.push(data);
  });
  await context.addInitScript({ content: RECORD_EVENT_SOURCE });
  const responses: Traffic['responses'] = [];
  const pending = new Set<Promise<void>>();
  const onResponse = (response: Response) => {
    if ((response.headers()['content-type'] ?? '').includes('text/event-stream')) return;
    const read = response
      .body()
      .then((body) => {
        responses.push({ url: response.url(), body: body.toString('latin1') });
      })
      .catch(() => {
        // Redirects and aborted loads have no body to leak.
      })
      .finally(() => pending.delete(read));
    pending.add(read);
  };
  return {
    responses,
    attach: (page) => page.on('response', onResponse),
    events,
    settle: async () => {
      await Promise.all([...pending]);
    },
  };
}
