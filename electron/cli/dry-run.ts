// --dry-run (generate, a batch, presets apply, recipes run): what the requests would cost, with nothing sent.
import type { CostEstimate } from '../../shared/studio/estimates';
import type { PriceBook } from '../core/pricing';
import type { CliContext } from './cli-context';
import { invalidArgument } from './cli-errors';

/** The price book a dry run reads: prices are kept per gateway, so the base URL is needed; the key is not. */
export function dryRunPrices(ctx: CliContext): PriceBook {
  if (!ctx.config.baseUrl)
    throw invalidArgument(
      '--dry-run needs --base-url (or GATEWAY_BASE_URL): prices are kept per gateway.',
      'base-url',
    );
  return ctx.core(false).prices;
}

/** The estimates' sum in USD; null while any of them has none yet (a sum of the known ones would mislead). */
export function totalUsdOf(estimates: readonly Pick<CostEstimate, 'usd'>[]): number | null {
  let total = 0;
  for (const { usd } of estimates) {
    if (usd === null) return null;
    total += usd;
  }
  return total;
}
