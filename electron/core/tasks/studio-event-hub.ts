// A tiny typed fan-out for StudioEvent. Listeners are isolated: one that throws cannot stop the others or
// the engine that emitted, and its failure is logged with the event it choked on.
import type { StudioEvent } from '../../../shared/studio/records';
import { describeThrown, silentLogger } from '../log';
import type { Logger } from '../log';

export type StudioEventType = StudioEvent['type'];
export type StudioEventOf<T extends StudioEventType> = Extract<StudioEvent, { type: T }>;
export type Unsubscribe = () => void;

export class StudioEventHub {
  private readonly listeners = new Set<(event: StudioEvent) => void>();

  constructor(private readonly logger: Logger = silentLogger) {}

  subscribe(listener: (event: StudioEvent) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on<T extends StudioEventType>(type: T, listener: (event: StudioEventOf<T>) => void): Unsubscribe {
    return this.subscribe((event) => {
      if (event.type === type) listener(event as StudioEventOf<T>);
    });
  }

  emit(event: StudioEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (thrown) {
        // A broken listener is its owner's bug: told, and the engine keeps going.
        this.logger.error('an event listener failed', { event: event.type, reason: describeThrown(thrown) });
      }
    }
  }
}
