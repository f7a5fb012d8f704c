// The onboarding form's rules: the same key rules the bridge enforces, and an http(s) base URL. No sentences
// here: the one error map (shared/validation, in the user's language through i18n) says what is wrong. A chunk of
// its own, with zod: the page is painted without it and fetches it once idle or at the first check
// (onboarding-page.tsx), so zod's evaluation is not part of the start.
import { z } from 'zod';
// The error map is installed by the first module that parses with zod: on a first start, this one.
import '../../../shared/validation/error-map';
import { apiKeyInputSchema } from '../../../shared/bridge/session-schemas';

export const onboardingSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }),
  key: apiKeyInputSchema.shape.key,
});

export type OnboardingValues = z.infer<typeof onboardingSchema>;

export type OnboardingErrors = Partial<Record<keyof OnboardingValues, string>>;

/** Each field's first problem, as the form says it (none: the values may be sent). */
export function checkOnboarding(values: OnboardingValues): OnboardingErrors {
  const parsed = onboardingSchema.safeParse(values);
  const errors: OnboardingErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'baseUrl' || field === 'key') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
