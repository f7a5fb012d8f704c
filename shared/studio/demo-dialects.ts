// The dialects of the real gateway the demo gateway can be set to speak (Settings › Demo gateway). The simulator
// keeps its own list (electron/simulator/dialects.ts: it imports nothing of the app); a test holds the two equal.
import { z } from 'zod';

export const DEMO_DIALECTS = [
  'status-words',
  'multi-task',
  'object-envelope',
  'inline-result',
  'errors-openai',
  'errors-success-false',
  'errors-code-message',
  'errors-http-200',
  'html-502',
  'balance-cny',
  'balance-credits',
  'localised',
] as const;

export const demoDialectSchema = z.enum(DEMO_DIALECTS);
export type DemoDialect = z.infer<typeof demoDialectSchema>;
