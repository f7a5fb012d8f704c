// The words beside the Generate button, for each kind of estimate, in both languages.
import { describe, expect, it } from 'vitest';
import { estimateWords } from '../../renderer/features/create/generate-estimate';
import { formatUsd } from '../../renderer/lib/format';
import { NO_ESTIMATE } from '../../shared/studio/estimates';
import type { CostEstimate } from '../../shared/studio/estimates';
import { translator } from '../renderer/i18n-instance';

const learned: CostEstimate = {
  usd: 0.04,
  credits: 0.4,
  basis: 'runs',
  observations: 12,
  dependsOn: ['resolution'],
  seconds: 40,
};

describe('generate estimate words', () => {
  it('[TASK-8] [TASK-6] says the price, the runs it stands on and the time', async () => {
    const t = await translator('en');
    expect(estimateWords(learned, 'usd', t, 'en')).toEqual([
      `≈ ${formatUsd(0.04, 'en')} USD`,
      'from 12 runs',
      'about 40 s',
    ]);
    expect(estimateWords({ ...learned, observations: 1 }, 'usd', t, 'en')[1]).toBe('from 1 run');
  });

  it('[TASK-9] in credits when the user prefers them, in dollars when credits are unknown', async () => {
    const t = await translator('en');
    expect(estimateWords(learned, 'credits', t, 'en')[0]).toBe(`≈ ${formatUsd(0.4, 'en')} credits`);
    expect(estimateWords({ ...learned, credits: null }, 'credits', t, 'en')[0]).toBe(
      `≈ ${formatUsd(0.04, 'en')} USD`,
    );
  });

  it('in the gateway’s currency where its balance is kept in one (CNY)', async () => {
    const t = await translator('en');
    expect(estimateWords(learned, { code: 'CNY', perUsd: 7.1 }, t, 'en')[0]).toBe('≈ 0.2840 CNY');
  });

  it('says when there is nothing to go on, and where a usage-history average comes from', async () => {
    const t = await translator('en');
    expect(estimateWords(NO_ESTIMATE, 'usd', t, 'en')).toEqual(['first run of this model: no estimate yet']);
    const usage = { ...learned, basis: 'usage' as const, observations: 7, seconds: null };
    expect(estimateWords(usage, 'usd', t, 'en')).toEqual([
      `≈ ${formatUsd(0.04, 'en')} USD`,
      'average of 7 billed requests',
    ]);
    const zh = await translator('zh-CN');
    expect(estimateWords(NO_ESTIMATE, 'usd', zh, 'zh-CN')).toEqual(['首次运行此模型：暂无估算']);
  });

  it('says when the estimate is the starting price, not yet charged here', async () => {
    const t = await translator('en');
    const table = { ...learned, basis: 'table' as const, observations: 0, seconds: null };
    expect(estimateWords(table, 'usd', t, 'en')).toEqual([
      `≈ ${formatUsd(0.04, 'en')} USD`,
      'starting price, not yet charged here',
    ]);
  });
});
