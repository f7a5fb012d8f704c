// A submission key: chosen by the caller (the Create form, Run again, a batch) once per press, sent again with
// every repeat of that press. The task row keeps it before anything is sent, so a repeat (a double click, a
// bridge call tried again, a restart between sending and the answer) finds the task instead of paying for a
// second one. For family I2 the same string is the gateway's Idempotency-Key ([EP-IMAGE-I2HDR-1]), so it must
// be a valid header value: letters, digits, '-' and '_' only.
import { VALIDATION_EN } from '../validation';
export const SUBMISSION_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The rule in words, for the core's refusal; the bridge's schema says the same key through the error map. */
export const SUBMISSION_KEY_RULE = VALIDATION_EN.submissionKey;

export function isSubmissionKey(value: string): boolean {
  return SUBMISSION_KEY_PATTERN.test(value);
}
