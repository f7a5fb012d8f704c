// The dialects of the real gateway the demo gateway can be set to speak (Settings › Demo gateway): every one the
// simulator speaks, from the one list of their names (shared/http/gateway-dialects.ts).
import { z } from 'zod';
import { GATEWAY_DIALECTS } from '../http/gateway-dialects';

export const DEMO_DIALECTS = GATEWAY_DIALECTS;

/**
 * How the demo gateway hands out links, takes uploads and lists its models: switches of the simulator beside its
 * dialects (links.ts, routes/uploads.ts, routes/models.ts), kept in the same setting so Settings › Demo gateway
 * offers every way the real gateway is seen to behave. electron/host/demo-gateway.ts turns each into its switch.
 */
export const DEMO_SWITCHES = [
  'links-separate-host',
  'links-varied-expiry',
  'links-missing-expiry',
  'links-propagation',
  'no-uploads',
  'models-listed',
  'models-without-schemas',
  'models-schema-pages',
] as const;
export type DemoSwitch = (typeof DEMO_SWITCHES)[number];

export const demoDialectSchema = z.enum([...DEMO_DIALECTS, ...DEMO_SWITCHES]);
export type DemoDialect = z.infer<typeof demoDialectSchema>;
