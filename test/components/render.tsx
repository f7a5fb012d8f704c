// Renders a piece of the renderer as the app does: react-query and wouter around it, and the real bridge client
// talking to the real tRPC router (the contract's parsing included) through tRPC's fetch adapter. Only the
// handlers behind the router are fixtures, so a request the contract refuses is refused here too.
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';
import type { BridgeHandlers } from '../../shared/bridge/contract';
import { appRouter } from '../../shared/bridge/router';
import { WEB_BRIDGE_PATH } from '../../renderer/lib/bridge';
import { fixtureHandlers } from '../bridge/fixture-handlers';

export interface Rendered extends RenderResult {
  client: QueryClient;
}

/** Routes the page's bridge requests (web mode's /trpc on this origin) to the router; anything else fails. */
export function serveBridge(overrides: Partial<Record<string, unknown>> = {}): BridgeHandlers {
  const handlers = fixtureHandlers(overrides);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!new URL(request.url).pathname.startsWith(WEB_BRIDGE_PATH))
      throw new Error(`component test fetched ${request.url}`);
    return fetchRequestHandler({
      endpoint: WEB_BRIDGE_PATH,
      req: request,
      router: appRouter,
      createContext: () => ({ handlers }),
    });
  });
  return handlers;
}

export function renderWithStudio(ui: ReactElement, path = '/'): Rendered {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const { hook } = memoryLocation({ path });
  const result = render(ui, {
    // A wrapper rather than JSX around ui, so rerender() keeps the providers.
    wrapper: ({ children }) => (
      <QueryClientProvider client={client}>
        <Router hook={hook}>{children}</Router>
      </QueryClientProvider>
    ),
  });
  return { ...result, client };
}

/** jsdom lays nothing out and has no ResizeObserver: this one observes nothing (vi.unstubAllGlobals removes it). */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
  );
}
