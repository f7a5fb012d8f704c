// The onboarding form's rules: the same key rules the bridge enforces, and an http(s) base URL. No sentences
// here: the one error map (shared/validation, in the user's language through i18n) says what is wrong. A chunk of
// its own, with zod: the page is painted without it and fetches it once idle or at the first check
// (onboarding-page.tsx), so zod's evaluation is not part of the start.
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
// The error map is installed by the first module that parses with zod: on a first start, this one.
import '../../../shared/validation/error-map';
import { apiKeyInputSchema } from '../../../shared/bridge/session-schemas';

export const onboardingSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }),
  key: apiKeyInputSchema.shape.key,
});

export type OnboardingValues = z.infer<typeof onboardingSchema>;

export const onboardingResolver: Resolver<OnboardingValues> = zodResolver(onboardingSchema);
