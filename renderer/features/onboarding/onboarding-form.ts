// The onboarding form's rules: the same key rules the bridge enforces, and an http(s) base URL.
import { z } from 'zod';
import { apiKeyInputSchema } from '../../../shared/bridge/session-schemas';

export function onboardingSchema(messages: { invalidUrl: string; keyRequired: string }) {
  return z.object({
    baseUrl: z.url({ protocol: /^https?$/, error: messages.invalidUrl }),
    key: apiKeyInputSchema.shape.key.pipe(z.string().min(1, messages.keyRequired)),
  });
}

export type OnboardingValues = z.infer<ReturnType<typeof onboardingSchema>>;
