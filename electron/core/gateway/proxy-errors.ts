// A call that found no gateway while a proxy was in use most likely never got past the proxy: say that, with the
// proxy's host:port (never its credentials), instead of blaming the gateway (seen in public clients, "A proxy").
import type { GatewayErrorInfo } from '../../../shared/gateway/normalized';
import type { ProxyRoute } from '../proxy/proxy-route';

export async function throughProxy(
  error: GatewayErrorInfo,
  proxy: ProxyRoute,
  baseUrl: string,
): Promise<GatewayErrorInfo> {
  if (error.type !== 'network_error') return error;
  let via: string | null;
  try {
    via = await proxy.describe(baseUrl);
  } catch {
    via = null;
  }
  if (via === null) {
    // An address that cannot be used at all is said as such (describe() swallows it; proxyFor() does not).
    const bad = await proxy.proxyFor(baseUrl).then(
      () => null,
      (thrown: unknown) => (thrown instanceof Error ? thrown.message : null),
    );
    return bad ? { ...error, code: 'bad_proxy', retryable: false, message: bad } : error;
  }
  const code = error.code && error.code !== 'network_error' ? ` (${error.code})` : '';
  return {
    ...error,
    message: `The gateway could not be reached through the proxy ${via}${code}: check the proxy address in Settings, --proxy or HTTPS_PROXY.`,
  };
}
