// The Usage page's two queries fail apart: the chart's failure is said where the chart would be while the
// table still shows ([UREP-1] a failure envelope, [EP-USAGE-PARAM-4] the two groupings).
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UsageQuery } from '../../shared/bridge';
import { BridgeError } from '../../shared/bridge/errors';
import { UsagePage } from '../../renderer/features/usage/usage-page';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

const stats = { amountUsd: 1.25, credits: 12.5, requests: 3, promptTokens: 0, completionTokens: 0 };

describe('UsagePage', () => {
  it('[UREP-1] says the chart query failed in a sentence while the table query still shows its rows', async () => {
    serveBridge({
      usage: {
        query: async (query: UsageQuery) => {
          if (query?.groupBy === 'model,date')
            throw new BridgeError({
              httpStatus: 400,
              type: 'usage_query_error',
              code: 'invalid_tz',
              message: 'Unknown IANA timezone',
              retryable: false,
            });
          return {
            report: {
              scope: 'key',
              start: 0,
              end: 1,
              tz: 'UTC',
              groupBy: 'model',
              total: stats,
              items: [{ model: 'video_model_id_k', ...stats }],
            },
            cache: 'miss',
            asOf: Date.now(),
            windows: 1,
          };
        },
      },
    });
    renderWithStudio(<UsagePage />);
    expect(await screen.findByText(/^The daily chart could not be loaded: /)).toBeVisible();
    const table = await screen.findByRole('table', { name: 'By model' });
    expect(table).toBeVisible();
    expect(within(table).getByText('video_model_id_k')).toBeVisible();
    expect(screen.queryByText(/^The table could not be loaded/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
