// The server-data cache. Live updates arrive as bridge events (use-bridge-events.ts), so queries need no
// polling of their own and refetching on focus is enough of a safety net.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

/**
 * The keys bridge events and more than one feature touch, in one place so event handlers and pages agree on them.
 * A key only one feature uses lives with that feature's query (features/<f>/api).
 */
export const queryKeys = {
  session: ['session'] as const,
  settings: ['settings'] as const,
  balance: ['balance'] as const,
  /** Under 'balance', so every refresh of the balance refreshes the account's too. */
  userBalance: ['balance', 'account'] as const,
  /** What was spent today and this month: under 'balance', so it is counted again whenever money moves. */
  spending: ['balance', 'spending'] as const,
  /** The newest page of tasks (the shell's counts, the preview's live record); every key below starts here. */
  tasks: ['tasks'] as const,
  /** The Tasks page's pages, loaded one after another by "Load more". */
  taskPages: ['tasks', 'pages'] as const,
  /** What the listed tasks cost together: counted again when a task starts, is charged or fails. */
  taskTotal: ['tasks', 'total'] as const,
  /** The tracks and grids earlier tasks named as their source: read again when a music task or upscale is sent. */
  earlierSources: ['tasks', 'earlier-sources'] as const,
  /** One batch's tasks in press order (a compare group), kept current by task events like the lists above. */
  taskGroup: (batchId: string) => ['tasks', 'group', batchId] as const,
  library: ['library'] as const,
  downloads: ['downloads'] as const,
  /** Saved presets, styles and the prompt history: changed here by their own mutations, and by a sync round
   * that brought another device's (read again when a round completes). */
  presets: ['presets'] as const,
  styles: ['styles'] as const,
  promptHistory: ['prompt-history'] as const,
  /** Library sync's status: fetched by Settings › Sync, kept current by 'sync' events. */
  syncStatus: ['sync', 'status'] as const,
  /** The devices on the remote: read again when a round completes (a 'sync' event with a new lastCompletedAt). */
  syncDevices: ['sync', 'devices'] as const,
  /** The submission queue: read by the Tasks page, changed by Create's Queue button; 'queue' events re-read it. */
  queue: ['queue'] as const,
  /** Recipe runs: read by Create's Recipes card; 'recipe' events re-read them. */
  recipeRuns: ['recipe-runs'] as const,
  /** A board's runs (storyboardRuns + board id): read by the Storyboard page; 'storyboard' events re-read them. */
  storyboardRuns: ['storyboard-runs'] as const,
  /** The price book's estimates: re-asked whenever a completed task may have taught it something. */
  estimates: ['estimate'] as const,
  /** Models the gateway lists at run time (seen in public clients); under 'session', so another gateway reads its own list. */
  discoveredModels: ['session', 'discovered-models'] as const,
};
