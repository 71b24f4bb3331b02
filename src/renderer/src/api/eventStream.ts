// The console's live feed: Server-Sent Events from /_console/api/events.
import type { ConsoleStreamEvent } from '../../../shared/types';

const EVENT_TYPES: ConsoleStreamEvent['type'][] = [
  'link.changed',
  'delivery.changed',
  'delivery.deleted',
  'endpoint.changed',
  'endpoint.deleted',
  'queue.changed',
  'webhook_event.recorded',
  'settings.changed',
  'request.logged',
  'store.replaced',
  'clock.changed',
];

export interface EventStreamHandlers {
  /** The stream is open; after a reconnect, changes in between were missed. */
  onReady(reconnected: boolean): void;
  onEvent(event: ConsoleStreamEvent): void;
  onDisconnect(): void;
}

/** Opens the stream (EventSource reconnects by itself); returns a function that closes it. */
export function openEventStream(handlers: EventStreamHandlers): () => void {
  const source = new EventSource('/_console/api/events');
  let readyBefore = false;
  source.addEventListener('ready', () => {
    handlers.onReady(readyBefore);
    readyBefore = true;
  });
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (message) => {
      try {
        handlers.onEvent(JSON.parse((message as MessageEvent<string>).data) as ConsoleStreamEvent);
      } catch {
        // A malformed message is skipped; the next change brings fresh data.
      }
    });
  }
  source.onerror = () => handlers.onDisconnect();
  return () => source.close();
}
