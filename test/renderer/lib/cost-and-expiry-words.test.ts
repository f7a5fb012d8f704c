// The rule behind the Tasks page's link flag ([TASK-10] expires_at, [LIM-12]): a result not downloaded yet is
// flagged when its link runs out within the hour, with the time left as people say it; past it, or once a file
// is missing because its link ran out, it reads as expired; otherwise nothing is said.
import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_MS, linkExpiry, timeLeftWords } from '../../../renderer/lib/link-expiry';
import type { DownloadProgress, MissingFile } from '../../../shared/studio/records';
import { costTotalWords } from '../../../renderer/lib/cost-words';
import { translator } from '../i18n-instance';

const NOW = 1_700_000_000_000;

function downloads(patch: Partial<DownloadProgress>): { downloads: DownloadProgress } {
  return {
    downloads: { total: 1, done: 0, failed: 0, expired: 0, missing: [], deleted: 0, ...patch },
  };
}
const missing = (reason: MissingFile['reason']): MissingFile => ({
  ordinal: 0,
  kind: 'image',
  reason,
  detail: null,
  retryAt: null,
});

describe('linkExpiry', () => {
  it('flags a link that runs out within the hour with the time left, not one further away', () => {
    expect(linkExpiry(downloads({ linkExpiresAt: NOW + 12 * 60_000 }), NOW)).toEqual({
      kind: 'soon',
      msLeft: 12 * 60_000,
    });
    expect(linkExpiry(downloads({ linkExpiresAt: NOW + EXPIRY_WARNING_MS }), NOW)?.kind).toBe('soon');
    expect(linkExpiry(downloads({ linkExpiresAt: NOW + EXPIRY_WARNING_MS + 1 }), NOW)).toBeNull();
  });

  it('counts down as time passes, then says expired', () => {
    const task = downloads({ linkExpiresAt: NOW + 90_000 });
    expect(linkExpiry(task, NOW + 60_000)).toEqual({ kind: 'soon', msLeft: 30_000 });
    expect(linkExpiry(task, NOW + 90_000)).toEqual({ kind: 'expired' });
  });

  it('says expired for a file missing because its link ran out or is lost; nothing for other failures', () => {
    expect(linkExpiry(downloads({ missing: [missing('expired')] }), NOW)).toEqual({ kind: 'expired' });
    expect(linkExpiry(downloads({ missing: [missing('lost')] }), NOW)).toEqual({ kind: 'expired' });
    expect(linkExpiry(downloads({ missing: [missing('refused')] }), NOW)).toBeNull();
    // A link still running beats an older one that ran out: the one that can still be saved is said.
    expect(
      linkExpiry(downloads({ missing: [missing('expired')], linkExpiresAt: NOW + 5 * 60_000 }), NOW)?.kind,
    ).toBe('soon');
  });

  it('says nothing when every file is saved or the links carry no date (absent where nobody counted)', () => {
    expect(linkExpiry(downloads({ done: 1, linkExpiresAt: null }), NOW)).toBeNull();
    expect(linkExpiry(downloads({}), NOW)).toBeNull();
  });
});

describe('timeLeftWords', () => {
  it('rounds minutes up from a minute, seconds below, in the language', () => {
    expect(timeLeftWords(12 * 60_000, 'en')).toBe('12 min');
    expect(timeLeftWords(11 * 60_000 + 1, 'en')).toBe('12 min');
    expect(timeLeftWords(60_000, 'en')).toBe('1 min');
    expect(timeLeftWords(58_500, 'en')).toBe('59 sec');
    expect(timeLeftWords(42_000, 'en')).toBe('42 sec');
    expect(timeLeftWords(12 * 60_000, 'zh-CN')).toBe('12分钟');
  });

  it('reads in the flag as the user sees it', async () => {
    const t = await translator();
    expect(t('costs.expiresIn', { time: timeLeftWords(12 * 60_000, 'en') })).toBe(
      'Link expires in 12 min: not downloaded yet',
    );
  });
});

describe('costTotalWords', () => {
  it('says the count, the amount by the one rule, and how many are unknown (never as 0)', async () => {
    const t = await translator();
    const total = { count: 12, usd: 0.48, credits: 4.8, unknown: 2 };
    expect(costTotalWords(total, 'items', 'usd', t, 'en')).toBe('12 items · 0.4800 USD, 2 with unknown cost');
    expect(costTotalWords(total, 'tasks', 'credits', t, 'en')).toBe(
      '12 tasks · 4.80 credits, 2 with unknown cost',
    );
    // Credits preferred but not known for every charge: said in USD rather than short.
    expect(costTotalWords({ ...total, credits: null }, 'items', 'credits', t, 'en')).toBe(
      '12 items · 0.4800 USD, 2 with unknown cost',
    );
    expect(costTotalWords({ count: 1, usd: null, credits: null, unknown: 1 }, 'items', 'usd', t, 'en')).toBe(
      '1 item · cost unknown',
    );
    expect(costTotalWords({ count: 3, usd: 1.5, credits: 15, unknown: 0 }, 'tasks', 'usd', t, 'en')).toBe(
      '3 tasks · 1.50 USD',
    );
  });

  it('says that the tasks of other gateways are in the list but not in the sum', async () => {
    const t = await translator();
    const total = { count: 3, usd: 1.5, credits: 15, unknown: 0, elsewhere: 4 };
    expect(costTotalWords(total, 'tasks', 'usd', t, 'en')).toBe(
      '3 tasks · 1.50 USD on this gateway; 4 tasks sent to other gateways are not counted',
    );
    expect(costTotalWords({ ...total, elsewhere: 1 }, 'tasks', 'usd', t, 'en')).toBe(
      '3 tasks · 1.50 USD on this gateway; 1 task sent to another gateway is not counted',
    );
    expect(costTotalWords({ ...total, elsewhere: 0 }, 'tasks', 'usd', t, 'en')).toBe('3 tasks · 1.50 USD');
    const none = { count: 0, usd: null, credits: null, unknown: 0, elsewhere: 4 };
    expect(costTotalWords(none, 'tasks', 'usd', t, 'en')).toBe(
      'No tasks on this gateway; 4 tasks sent to other gateways are not counted',
    );
  });
});
