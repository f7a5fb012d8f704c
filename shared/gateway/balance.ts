// [TBAL-1..8] token balance, [UBAL-1] user balance. A failed lookup is HTTP 200 with success false and a
// message ([EP-TBAL-2], [EP-UBAL-2], [ERR-OTHER-1]): parseTokenBalance / parseUserBalance turn it into a GatewayError.
import { z } from 'zod';
import { localErrorInfo } from './error-types';
import { GatewayError, invalidResponse } from './gateway-error';
import { looseInt, looseNumber } from './wire-values';

const amounts = {
  /** [TBAL-3] -1 when unlimited_quota is true. */
  remain_balance: looseNumber,
  /** [TBAL-4] -1 when unlimited_quota is true. */
  remain_credits: looseInt,
  used_balance: looseNumber,
  used_credits: looseInt,
};

export const tokenBalanceSchema = z.looseObject({
  success: z.literal(true),
  ...amounts,
  /** [TBAL-7] Not every deployment sends it on success; absent means limited. */
  unlimited_quota: z.boolean().default(false),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

export const userBalanceSchema = z.looseObject({ success: z.literal(true), ...amounts });
export type UserBalance = z.infer<typeof userBalanceSchema>;

/** [ERR-OTHER-1] */
export const balanceFailureSchema = z.looseObject({
  success: z.literal(false),
  message: z.string().default(''),
});
export type BalanceFailure = z.infer<typeof balanceFailureSchema>;

export function balanceLookupFailed(message: string): GatewayError {
  return new GatewayError(
    localErrorInfo('balance_lookup_failed', message || 'The gateway could not look up the balance.', {
      httpStatus: 200,
    }),
  );
}

function parseBalance<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const failure = balanceFailureSchema.safeParse(body);
  if (failure.success) throw balanceLookupFailed(failure.data.message);
  const ok = schema.safeParse(body);
  if (!ok.success) throw invalidResponse(what, z.prettifyError(ok.error), 200);
  return ok.data;
}

export const parseTokenBalance = (body: unknown): TokenBalance =>
  parseBalance(tokenBalanceSchema, body, 'token balance');

export const parseUserBalance = (body: unknown): UserBalance =>
  parseBalance(userBalanceSchema, body, 'user balance');
