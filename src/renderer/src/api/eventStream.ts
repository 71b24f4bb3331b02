// The console's live feed: Server-Sent Events from /_console/api/events.
import type { ConsoleStreamEvent } from '../../../shared/types';
import { inShownWorkspace } from '../lib/consoleWorkspace';

// A record, not a list: a new event type that is not listened for fails the type check.
const LISTENED: Record<ConsoleStreamEvent['type'], true> = {
  'link.changed': true,
  'delivery.changed': true,
  'delivery.deleted': true,
  'endpoint.changed': true,
  'endpoint.deleted': true,
  'queue.changed': true,
  'webhook_event.recorded': true,
  'settings.changed': true,
  'request.logged': true,
  'store.replaced': true,
  'inbox.received': true,
  'inbox.changed': true,
  'faults.changed': true,
  'clock.changed': true,
  'changes.skipped': true,
};
const EVENT_TYPES = Object.keys(LISTENED) as ConsoleStreamEvent['type'][];

export interface EventStreamHandlers {
  /** The stream is open; after a reconnect, changes in between were missed. */
  onReady(reconnected: boolean): void;
  onEvent(event: ConsoleStreamEvent): void;
  onDisconnect(): void;
}

/** Opens the stream (EventSource reconnects by itself); returns a function that closes it. */
export function openEventStream(handlers: EventStreamHandlers): () => void {
  const source = new EventSource(inShownWorkspace('/_console/api/events'));
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
