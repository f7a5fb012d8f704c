// The way out to the gateway and its file hosts: direct, or through the creator's HTTP(S) or SOCKS proxy
// ("A proxy", seen in public clients). The address set in Settings or by --proxy wins; otherwise the
// usual environment (HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NO_PROXY, lower case too) decides per URL. Every gateway
// call goes through agent() and every result download through tunnel(), both from the well-kept proxy-agent
// library, so what one proxies the other does too.
import { EventEmitter } from 'node:events';
import type { ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import { ProxyAgent, proxies } from 'proxy-agent';
import { checkProxyAddress, proxyHostOf } from '../../../shared/gateway/proxy-address';

/** The address set by the creator; null: the environment decides; false: direct, whatever it says. */
type Explicit = () => string | null | undefined | false;
type ProxyScheme = keyof typeof proxies;
export type AgentProtocol = 'http:' | 'https:';

/** proxy-agent's own reading of the environment (proxy-from-env), borrowed so NO_PROXY means what it means there. */
const fromEnvironment = new ProxyAgent().getProxyForUrl;

export class ProxyRoute {
  readonly #explicit: Explicit;
  readonly #agents = new Map<AgentProtocol, ProxyAgent>();

  /** `explicit` is read at every request, so a changed setting applies at once. */
  constructor(explicit: Explicit = () => null) {
    this.#explicit = explicit;
  }

  /** The proxy for this URL, or null for a direct connection. A bad explicit address throws its sentence. */
  async proxyFor(url: string): Promise<string | null> {
    const explicit = this.#explicit();
    if (explicit === false) return null;
    const set = explicit?.trim();
    if (set) {
      const checked = checkProxyAddress(set);
      if (!checked.ok) throw new ProxyAddressError(checked.sentence);
      return checked.url;
    }
    const env = await fromEnvironment(url, undefined as unknown as ClientRequest);
    return env ? env : null;
  }

  /**
   * The agent for one protocol's requests (axios' httpAgent or httpsAgent); it picks the proxy per URL. Each is
   * told its protocol: an agent left to guess it (agent-base's `protocol` getter) reads a fresh stack trace
   * at every request, which was a fifth of a gateway call's own cost.
   */
  agent(protocol: AgentProtocol): ProxyAgent {
    let agent = this.#agents.get(protocol);
    if (!agent) {
      agent = new ProxyAgent({
        getProxyForUrl: async (url: string) => (await this.proxyFor(url)) ?? '',
        keepAlive: false,
      });
      agent.protocol = protocol;
      this.#agents.set(protocol, agent);
    }
    return agent;
  }

  /**
   * A plain TCP stream to host:port through the proxy (HTTP CONNECT or SOCKS), or null when this URL goes
   * direct. The downloader speaks HTTP, and TLS for https, over it itself.
   */
  async tunnel(url: URL, signal?: AbortSignal): Promise<Socket | null> {
    const proxy = await this.proxyFor(url.href);
    if (!proxy) return null;
    const scheme = new URL(proxy).protocol.replace(/:$/, '') as ProxyScheme;
    const make = proxies[scheme];
    if (!make || scheme.startsWith('pac'))
      throw new ProxyAddressError(`${proxy} is not an HTTP(S) or SOCKS proxy.`);
    // The CONNECT-speaking agent for HTTP(S) proxies, the SOCKS one for SOCKS: a tunnel whatever the target.
    const Agent = await make[1]();
    const agent = new Agent(proxy);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    // The agents talk to node:http's request through events; a bare emitter stands in for it.
    const request = Object.assign(new EventEmitter(), { destroy: () => undefined });
    const connect = agent.connect(request as unknown as ClientRequest, {
      host,
      port,
      secureEndpoint: false,
    }) as Promise<Socket>;
    const socket = await abortable(connect, signal);
    // A refused CONNECT comes back as a socket replaying the proxy's answer once 'socket' is seen: the caller
    // attaches its reader first, then calls the returned start().
    return Object.assign(socket, { startTunnel: () => request.emit('socket', socket) });
  }

  /** host:port of the proxy a URL would use, for sentences (null: direct). */
  async describe(url: string): Promise<string | null> {
    try {
      const proxy = await this.proxyFor(url);
      return proxy ? proxyHostOf(proxy) : null;
    } catch {
      return null;
    }
  }
}

/** A proxy address that cannot be used, with the sentence to show. */
export class ProxyAddressError extends Error {
  override readonly name = 'ProxyAddressError';
}

async function abortable<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) throw signal.reason as Error;
  return await new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
