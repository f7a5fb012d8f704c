// The onboarding form's rules: the same key rules the bridge enforces, and an http(s) base URL. No sentences
// here: the one error map (shared/validation, in the user's language through i18n) says what is wrong.
import { z } from 'zod';
import { apiKeyInputSchema } from '../../../shared/bridge/session-schemas';

export const onboardingSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }),
  key: apiKeyInputSchema.shape.key,
});

export type OnboardingValues = z.infer<typeof onboardingSchema>;
