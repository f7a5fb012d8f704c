// Submission keys on the renderer's side (shared/studio/submission-key.ts): one key per press, kept until that
// press is answered, so a repeat of it (a double click, a call tried again after a dropped connection) carries
// the same key and main answers with the task the first one made. An answered press, or a different request,
// gets a fresh key: pressing Generate again after the answer is a new take, as the person meant.
import { useState } from 'react';

export class PressKeys {
  readonly #keys = new Map<string, string>();

  /** The key for this request: the unanswered press's, or a new one. */
  keyFor(request: unknown): string {
    const text = JSON.stringify(request);
    let key = this.#keys.get(text);
    if (key === undefined) {
      key = crypto.randomUUID();
      this.#keys.set(text, key);
    }
    return key;
  }

  /** The press was answered with a task: the next press of the same request is a new one. */
  answered(request: unknown): void {
    this.#keys.delete(JSON.stringify(request));
  }
}

/** PressKeys that live as long as the component (a form, a list of Run again buttons). */
export function usePressKeys(): PressKeys {
  const [keys] = useState(() => new PressKeys());
  return keys;
}
