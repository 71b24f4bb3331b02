// Feeds the event stream into the store: link changes in batches; settings, endpoints, deliveries
// and the queue as they change; logged requests and inbox messages in batches too.
import { useEffect } from 'react';
import type { InboxMessageSummary, PaymentLink, RequestLogSummary } from '../../../shared/types';
import { openEventStream } from '../api/eventStream';
import { useConsoleStore } from '../store/consoleStore';

/** Changes are gathered for this long, so a burst of thousands costs one render. */
const BATCH_MS = 50;

export function useLiveEvents(): void {
  useEffect(() => {
    const store = useConsoleStore.getState;
    let pending: PaymentLink[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const changed = pending;
      pending = [];
      store().applyLinkChanges(changed);
    };
    let pendingRequests: RequestLogSummary[] = [];
    let requestTimer: ReturnType<typeof setTimeout> | undefined;
    const flushRequests = () => {
      requestTimer = undefined;
      const logged = pendingRequests;
      pendingRequests = [];
      store().applyRequestsLogged(logged);
    };
    let pendingInbox: InboxMessageSummary[] = [];
    let inboxTimer: ReturnType<typeof setTimeout> | undefined;
    const flushInbox = () => {
      inboxTimer = undefined;
      const received = pendingInbox;
      pendingInbox = [];
      store().applyInboxReceived(received);
    };

    const close = openEventStream({
      onReady(reconnected) {
        store().setConnection('live');
        // Reload once the stream is open, so no change between the two is missed.
        void store().loadLinks();
        void store().loadEndpoints();
        void store().loadDeliveries();
        void store().loadQueue();
        void store().loadRequests();
        void store().loadInbox();
        void store().loadFaults();
        void store().loadClock();
        if (reconnected) void store().loadSettings();
        const openLink = store().linkDetail.id;
        if (reconnected && openLink) store().openLinkDetail(openLink);
      },
      onEvent(event) {
        if (event.type === 'link.changed') {
          store().applyLinkDetailChange(event.link);
          pending.push(event.link);
          timer ??= setTimeout(flush, BATCH_MS);
        } else if (event.type === 'settings.changed') {
          store().setSettings(event.settings);
        } else if (event.type === 'webhook_event.recorded') {
          store().applyLinkDetailEvent(event.event);
          store().noteWebhookEventsChanged();
        } else if (event.type === 'delivery.changed') {
          store().applyLinkDetailDelivery(event.delivery);
          store().applyDeliveryChange(event.delivery);
          store().noteWebhookEventsChanged();
        } else if (event.type === 'delivery.deleted') {
          store().applyDeliveryDeleted(event.id);
        } else if (event.type === 'endpoint.changed') {
          store().applyEndpointChange(event.endpoint);
        } else if (event.type === 'endpoint.deleted') {
          store().applyEndpointDeleted(event.id);
        } else if (event.type === 'queue.changed') {
          store().applyQueuePaused(event.paused);
        } else if (event.type === 'clock.changed') {
          store().applyClock(event.clock);
        } else if (event.type === 'store.replaced') {
          // Changes still waiting for their batch belong to the store that is gone.
          pending = [];
          pendingRequests = [];
          store().reloadAfterReplace();
          void store().loadFaults();
        } else if (event.type === 'inbox.received') {
          pendingInbox.push(event.message);
          inboxTimer ??= setTimeout(flushInbox, BATCH_MS);
        } else if (event.type === 'inbox.changed') {
          store().applyInboxChanged(event.inbox);
        } else if (event.type === 'faults.changed') {
          store().applyFaultsChanged(event.rules);
        } else if (event.type === 'request.logged') {
          pendingRequests.push(event.entry);
          requestTimer ??= setTimeout(flushRequests, BATCH_MS);
        }
      },
      onDisconnect() {
        store().setConnection('offline');
      },
    });
    return () => {
      close();
      if (timer) clearTimeout(timer);
      if (requestTimer) clearTimeout(requestTimer);
      if (inboxTimer) clearTimeout(inboxTimer);
    };
  }, []);
}
