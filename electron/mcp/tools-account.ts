// Money read, never spent: the key's and the account's balance, the usage report over a range (split into the
// gateway's 31-day windows by the core's reader, as the app and the CLI ask it), and what this agent session has
// spent against its cap.
import { z } from 'zod';
import { usageQuerySchema } from '../../shared/gateway/usage';
import { moneyText } from '../../shared/studio/money-text';
import { readBalance } from '../core/gateway';
import { defineTool } from './tool-registry';
import type { StudioTool } from './tool-registry';

export const balance = defineTool({
  name: 'balance',
  title: 'Balance',
  description:
    "The key's and the account's balance at the gateway, what this agent session has spent (estimated) and its cap.",
  readOnly: true,
  input: z.strictObject({}),
  async run(_input, call) {
    const { gateway, agents } = call.studio;
    const [token, user] = await Promise.allSettled([
      readBalance((options) => gateway.tokenBalance(options), call.signal),
      readBalance((options) => gateway.userBalance(options), call.signal),
    ]);
    if (token.status === 'rejected' && user.status === 'rejected') throw token.reason;
    const session = agents.get(call.session);
    const spent = session ? moneyText(session.spent, session.unit) : 'nothing';
    const cap = session?.cap == null ? 'no cap' : `a cap of ${moneyText(session.cap, session.unit)}`;
    const key = token.status === 'fulfilled' ? token.value : null;
    const account = user.status === 'fulfilled' ? user.value : null;
    const keyText = key
      ? key.unlimited_quota
        ? 'unlimited quota'
        : `${key.remain_balance} remaining`
      : 'could not be read';
    return {
      text: `Key: ${keyText}. Account: ${account ? `${account.remain_balance} remaining` : 'could not be read'}. This session has spent about ${spent}, with ${cap}.`,
      data: {
        token: key,
        user: account,
        session: session
          ? { spent: session.spent, unpriced: session.unpriced, cap: session.cap, unit: session.unit }
          : null,
      },
    };
  },
});

export const usage = defineTool({
  name: 'usage',
  title: 'Usage',
  description:
    'Spending and requests over a time range (start and end as Unix seconds or RFC 3339; group_by none, model, ' +
    'date or model,date; tz an IANA zone; scope key or account).',
  readOnly: true,
  input: usageQuerySchema,
  async run(input, call) {
    const reading = await call.studio.usage.read(
      { ...input, ...(input.model !== undefined && { model: input.model.join(',') }) },
      { signal: call.signal },
    );
    return {
      text: `Usage read in ${reading.windows} window${reading.windows === 1 ? '' : 's'}.`,
      data: { usage: reading.report, cache: reading.cache, windows: reading.windows },
    };
  },
});

export const accountTools: readonly StudioTool[] = [balance, usage];
