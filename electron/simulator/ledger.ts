// Every billed call, the single source of the usage report ([UREP-*]). Failed tasks never get a row
// ([STATE-7]); a completed task gets its row at its completion instant.
import type { Accounts, SimToken } from './accounts';
import type { Prng } from './prng';

export interface LedgerEntry {
  tokenId: string;
  userId: string;
  /** The model name exactly as submitted; the usage filter compares it case-insensitively. */
  model: string;
  atMs: number;
  amountUsd: number;
  promptTokens: number;
  completionTokens: number;
}

export class Ledger {
  readonly entries: LedgerEntry[] = [];

  add(
    token: SimToken,
    model: string,
    atMs: number,
    amountUsd: number,
    promptTokens = 0,
    completionTokens = 0,
  ): void {
    this.entries.push({
      tokenId: token.id,
      userId: token.user.id,
      model,
      atMs,
      amountUsd,
      promptTokens,
      completionTokens,
    });
  }
}

/** What the seeded history draws from: [model, cost range in USD, prompt tokens per call]. */
const HISTORY_MODELS: readonly (readonly [string, number, number, number])[] = [
  ['image_model_id_i1', 0.03, 0.06, 0],
  ['image_model_id_i2', 0.04, 0.4, 0],
  ['image_model_id_i3', 0.02, 0.035, 0],
  ['image_model_id_i5', 0.035, 0.18, 0],
  ['video_model_id_v1_pro', 0.6, 1.9, 0],
  ['video_model_id_s_fast', 0.4, 0.8, 0],
  ['video_model_id_k', 0.35, 1.4, 0],
  ['music_model_id', 0.01, 0.04, 0],
  ['speech_model_id', 0.0005, 0.03, 1],
];

export const HISTORY_DAYS = 42;
/** [LIM-6] usage data exists only after April 27, 2026. */
export const HISTORY_FLOOR_MS = Date.UTC(2026, 3, 27);

/**
 * Seeds several weeks of billed calls before `nowMs` for the keys that have a history, deterministic from
 * the seed (times are offsets from the start instant). The money is added to each token's used balance.
 */
export function seedHistory(
  ledger: Ledger,
  accounts: Accounts,
  prng: Prng,
  nowMs: number,
  tokenIds: string[],
): void {
  const dayMs = 86_400_000;
  for (const tokenId of tokenIds) {
    const token = accounts.tokenById(tokenId);
    if (!token) continue;
    const busy = tokenId === 'tok-default' ? 6 : tokenId === 'tok-empty' ? 1 : 3;
    for (let day = HISTORY_DAYS; day >= 1; day--) {
      const calls = prng.int(0, busy);
      for (let i = 0; i < calls; i++) {
        const [model, low, high, tokensPerChar] = prng.pick(HISTORY_MODELS);
        const amount = Math.round((low + (high - low) * prng.next()) * 1e6) / 1e6;
        const atMs = nowMs - day * dayMs + Math.floor(prng.next() * dayMs);
        if (atMs >= nowMs - 60_000 || atMs < HISTORY_FLOOR_MS) continue;
        const prompt = tokensPerChar ? Math.round(amount / 0.000015) : 0;
        ledger.add(token, model, atMs, amount, prompt, 0);
        accounts.recordHistory(token, amount);
      }
    }
  }
  ledger.entries.sort((a, b) => a.atMs - b.atMs);
}
