// The way out to the gateway: direct or through the creator's proxy.
export { ProxyAddressError, ProxyRoute } from './proxy-route';
