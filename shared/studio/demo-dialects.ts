// The dialects of the real gateway the demo gateway can be set to speak (Settings › Demo gateway): every one the
// simulator speaks, from the one list of their names (shared/http/gateway-dialects.ts).
import { z } from 'zod';
import { GATEWAY_DIALECTS } from '../http/gateway-dialects';

export const DEMO_DIALECTS = GATEWAY_DIALECTS;

export const demoDialectSchema = z.enum(DEMO_DIALECTS);
export type DemoDialect = z.infer<typeof demoDialectSchema>;
