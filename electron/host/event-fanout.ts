// The core's events handed to whoever listens (the bridge's events stream, desktop notifications). A listener
// that throws is logged and the others still hear the event: one broken subscriber must not deafen the rest.
import type { StudioEvent } from '../../shared/studio/records';

export type StudioListener = (event: StudioEvent) => void;

export class EventFanOut<E extends { type: string } = StudioEvent> {
  readonly #listeners = new Set<(event: E) => void>();
  readonly #log: (message: string) => void;

  constructor(log: (message: string) => void) {
    this.#log = log;
  }

  subscribe(listener: (event: E) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: E): void {
    // A copy: a listener may unsubscribe itself (or another) while hearing the event.
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.#log(`host: an event listener failed on a ${event.type} event: ${(error as Error).message}`);
      }
    }
  }
}
