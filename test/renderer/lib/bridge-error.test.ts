import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';
import { errorInfoOf, errorSentence, taskFailureSentence } from '../../../renderer/lib/bridge-error';
import { localErrorInfo } from '../../../shared/gateway/error-types';
import { translator } from '../i18n-instance';

const payment: GatewayErrorInfo = {
  httpStatus: 402,
  type: 'payment_required',
  code: 'payment_required',
  message: 'Insufficient balance',
  param: null,
  retryable: false,
  retryAfterMs: null,
};

describe('bridge errors become the value the UI shows', () => {
  it("reads GatewayErrorInfo from a tRPC error's data (shared/bridge/errors.ts formatter)", async () => {
    const error = new TRPCClientError('Insufficient balance', {
      result: {
        error: {
          code: -32603,
          message: 'Insufficient balance',
          data: { code: 'PAYMENT_REQUIRED', httpStatus: 402, path: 'tasks.submit', error: payment },
        },
      },
    });
    expect(errorInfoOf(error)).toEqual(payment);
    expect(errorSentence(error, await translator())).toMatch(/balance is too low/);
  });

  it('a call that never reached main says the studio could not complete it, not that the gateway is down', async () => {
    const error = new TRPCClientError('Failed to fetch');
    const info = errorInfoOf(error);
    expect(info.type).toBe('bridge_unreachable');
    const sentence = errorSentence(error, await translator());
    expect(sentence).toBe('The studio could not be reached. Is it still running?');
    expect(sentence).not.toContain('Failed to fetch');
  });

  it("an answer that is not JSON (a 431 with no body) is said in the studio's words, never the browser's", async () => {
    const error = new TRPCClientError("Failed to execute 'json' on 'Response': Unexpected end of JSON input");
    const sentence = errorSentence(error, await translator());
    expect(sentence).toBe('The studio could not complete that action: its answer could not be read.');
    expect(errorSentence(new TRPCClientError('the library folder is busy'), await translator())).toBe(
      'The studio could not complete that action: the library folder is busy',
    );
  });

  it("accepts a bare GatewayErrorInfo (a task row's error)", () => {
    expect(errorInfoOf(payment)).toEqual(payment);
  });
});

describe("a failed task's toast", () => {
  it('says "The task failed" once, whether or not the failure\'s own sentence already says it', async () => {
    const t = await translator();
    const failed = localErrorInfo('task_failed', 'The model could not render this prompt');
    const once = taskFailureSentence(failed, t);
    expect(once).toBe('The task failed: The model could not render this prompt');
    expect(once.match(/The task failed/g)).toHaveLength(1);
    // A failure with a sentence of its own is introduced as the task's failure.
    expect(taskFailureSentence(payment, t)).toMatch(/^The task failed: .*balance is too low/);
  });
});
