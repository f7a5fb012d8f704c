// The GatewayError a call fails with; the test fails when the call succeeds or throws anything else.
import { expect } from 'vitest';
import { GatewayError } from '../../shared/gateway/gateway-error';

export async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(GatewayError);
    return e as GatewayError;
  }
  throw new Error('expected the call to fail');
}
