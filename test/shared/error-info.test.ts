// The renderer reads a GatewayErrorInfo without zod (gatewayErrorInfoOf, on the first screen's path); the schema
// is what the bridge and main parse with. Both must give the same verdict, and the same fields, on anything.
import { describe, expect, it } from 'vitest';
import { gatewayErrorInfoOf, localErrorInfo } from '../../shared/gateway/error-types';
import { gatewayErrorInfoSchema } from '../../shared/gateway/normalized';

const good = { ...localErrorInfo('authentication_error', 'Invalid key.'), httpStatus: 401 };

const samples: unknown[] = [
  good,
  { ...good, extra: 'dropped' },
  { ...good, param: 'key', retryAfterMs: 1500, retryable: true },
  { ...good, httpStatus: null },
  { ...good, httpStatus: 401.5 },
  { ...good, httpStatus: '401' },
  { ...good, type: 'no_such_type' },
  { ...good, type: 'toString' },
  { ...good, code: 3 },
  { ...good, message: undefined },
  { ...good, param: undefined },
  { ...good, retryable: 'yes' },
  { ...good, retryAfterMs: undefined },
  { ...good, retryAfterMs: Number.NaN },
  { ...good, retryAfterMs: Number.POSITIVE_INFINITY },
  { ...good, httpStatus: 2 ** 60 },
  (({ code: _code, ...rest }) => rest)(good),
  [good],
  null,
  undefined,
  'Invalid key.',
  new Error('Invalid key.'),
];

describe('gatewayErrorInfoOf, the schema without zod', () => {
  it('accepts what gatewayErrorInfoSchema accepts, with the same fields, and refuses what it refuses', () => {
    for (const sample of samples) {
      const parsed = gatewayErrorInfoSchema.safeParse(sample);
      expect(gatewayErrorInfoOf(sample), JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
