// Money reads the same in the CLI as on the screen: every amount the CLI prints goes through the one rule in
// shared/studio/money-text.ts (two decimals from one unit up, four below), which the renderer's formatUsd and
// formatCredits use too. A CLI line that rounded on its own (toFixed(4)) printed "$1.2000" where the app shows
// "1.20 USD".
import { describe, expect, it } from 'vitest';
import { formatEstimate, formatTask } from '../../electron/cli/formatting';
import { formatCredits, formatUsd } from '../../renderer/lib/format';
import type { TaskRecord } from '../../shared/studio/records';

const task = (cost: number): TaskRecord =>
  ({
    id: 't1',
    remoteId: null,
    family: 'image.i3',
    model: 'image_model_id_i3',
    state: 'completed',
    progress: 100,
    cost,
    error: null,
  }) as unknown as TaskRecord;

describe('the CLI speaks money by the app rule', () => {
  it.each([0.0005, 0.04, 1.2, 1234.5])('a task that cost %s', (cost) => {
    expect(formatTask(task(cost), Date.UTC(2026, 0, 1))).toContain(` ${formatUsd(cost, 'en')} USD`);
  });

  it('an estimate, in USD and credits', () => {
    const text = formatEstimate({
      usd: 1.2,
      credits: 0.3,
      seconds: null,
      basis: 'runs',
      observations: 3,
      dependsOn: [],
    } as unknown as Parameters<typeof formatEstimate>[0]);
    expect(text).toContain(`≈ ${formatUsd(1.2, 'en')} USD (${formatCredits(0.3, 'en')} credits)`);
    expect(text).toContain('1.20 USD (0.3000 credits)');
  });
});
