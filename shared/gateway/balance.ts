// [TBAL-1..8] token balance, [UBAL-1] user balance. A failed lookup is HTTP 200 with success false and a
// message ([EP-TBAL-2], [EP-UBAL-2], [ERR-OTHER-1]): parseTokenBalance / parseUserBalance turn it into a GatewayError.
import { z } from 'zod';
import { localErrorInfo } from './error-types';
import { GatewayError, invalidResponse } from './gateway-error';
import { looseNumber } from './wire-values';

const amounts = {
  /** [TBAL-3] -1 when unlimited_quota is true. */
  remain_balance: looseNumber,
  /** [TBAL-4] -1 when unlimited_quota is true. An integer in the spec; decimals where public clients meet them. */
  remain_credits: looseNumber,
  used_balance: looseNumber,
  used_credits: looseNumber,
  /**
   * [TBAL-8] The unit of the balance fields depends on the gateway's configuration: USD, CNY or credits, as the
   * gateway says in `unit` (or `currency`). null when it says nothing: never assumed to be USD here.
   */
  unit: z.string().trim().min(1).max(20).nullish(),
  currency: z.string().trim().min(1).max(20).nullish(),
};

interface Amounts {
  success: true;
  remain_balance: number;
  remain_credits: number;
  used_balance: number;
  used_credits: number;
  unit: string | null;
}

const amountsOf = (b: {
  remain_balance: number;
  remain_credits: number;
  used_balance: number;
  used_credits: number;
  unit?: string | null | undefined;
  currency?: string | null | undefined;
}): Amounts => ({
  success: true,
  remain_balance: b.remain_balance,
  remain_credits: b.remain_credits,
  used_balance: b.used_balance,
  used_credits: b.used_credits,
  unit: b.unit ?? b.currency ?? null,
});

export const tokenBalanceSchema = z
  .looseObject({
    success: z.literal(true),
    ...amounts,
    /** [TBAL-7] Not every deployment sends it on success; absent means limited. */
    unlimited_quota: z.boolean().default(false),
  })
  .transform((b) => ({ ...amountsOf(b), unlimited_quota: b.unlimited_quota }));
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

export const userBalanceSchema = z
  .looseObject({ success: z.literal(true), ...amounts })
  .transform((b) => amountsOf(b));
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
