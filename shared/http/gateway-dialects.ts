// The dialects: what the real gateway sends beyond its spec, as its public clients meet it, by name. The one list
// of them, read by the simulator (electron/simulator/dialects.ts, which speaks each one) and by the app's
// Settings › Demo gateway (shared/studio/demo-dialects.ts, which offers them). It lives here, beside the other
// server plumbing the simulator may import, because it is names only: what each dialect does is written once, in
// the simulator, and the client's own reading of each is written apart from it (electron/core/gateway), so
// sharing the names shares no reading of the spec.
export const GATEWAY_DIALECTS = [
  /** Task states in other words, any case: queued, in_progress, RUNNING, success, failure, … */
  'status-words',
  /** n > 1 on an image model answers Shape A's array with one task per image. */
  'multi-task',
  /** Every acknowledgement is {code, data: {id, status, object, task_info, poll_url}}. */
  'object-envelope',
  /** The acknowledgement is the finished task (object "generation.result"): nothing to poll. */
  'inline-result',
  /** Errors as {error: {message, type, code: "<status>", param: null}}. */
  'errors-openai',
  /** Errors as {success: false, message}. */
  'errors-success-false',
  /** Errors as {code: <status>, message}. */
  'errors-code-message',
  /** Every error answer comes with HTTP 200 (its body still says what went wrong). */
  'errors-http-200',
  /** A 502 is a proxy's HTML page, not JSON. */
  'html-502',
  /** Balances with decimals in CNY (unit "CNY"). */
  'balance-cny',
  /** Balances with decimals in credits (unit "credits"). */
  'balance-credits',
  /** Task polls honour ?language=zh|en|ko|ja in a failed task's message. */
  'localised',
  /** The first poll after a task completes says `failed` while carrying the result links; the next, `completed`. */
  'failed-then-completed',
  /** The first poll after a task completes says `completed` with no result links; they come on the next poll. */
  'late-results',
  /** Result links relative to the gateway's address (`/files/…`), not absolute URLs. */
  'relative-links',
  /** Progress as text: "45%", "100%". */
  'progress-percent',
  /** A failed task's error is {code: 451, type: "policy"}, with no message: refused by a content policy. */
  'policy-errors',
  /** Task states the spec does not name: `UNKNOWN` while running, `EXPIRED` for a finished task whose links ran out. */
  'odd-status-words',
  /** A result file answers 425 "not ready" to its first fetch, right after the task completed. */
  'files-not-ready',
  /** Insufficient balance as 403 with text (new-api's insufficient_user_quota), not 402. */
  'balance-403',
  /** A 429 (the injected fault) with no Retry-After: the upstream pool is saturated, not the key's quota. */
  'upstream-429',
  /** A submission whose prompt carries [no-channel] answers 503 "no available channel" (a configuration problem). */
  'no-channel',
  /** Error messages in Chinese unless Accept-Language asks for another language. */
  'chinese-errors',
  /** I2's response version is read from X-APIMart-Response-Version, the real gateway's own header name. */
  'apimart-version-header',
] as const;
export type GatewayDialect = (typeof GATEWAY_DIALECTS)[number];
