// Feeds the event stream into the store: link changes in batches; settings, endpoints, deliveries
// and the queue as they change; logged requests and inbox messages in batches too.
import { useEffect } from 'react';
import type { InboxMessageSummary, PaymentLink, RequestLogSummary } from '../../../shared/types';
import { openEventStream } from '../api/eventStream';
import { LIVE_BATCH, createBatcher } from '../lib/batcher';
import { useConsoleStore } from '../store/consoleStore';

export function useLiveEvents(): void {
  useEffect(() => {
    const store = useConsoleStore.getState;
    const links = createBatcher<PaymentLink>((changed) => store().applyLinkChanges(changed), LIVE_BATCH);
    const requests = createBatcher<RequestLogSummary>(
      (logged) => store().applyRequestsLogged(logged),
      LIVE_BATCH,
    );
    const inbox = createBatcher<InboxMessageSummary>(
      (received) => store().applyInboxReceived(received),
      LIVE_BATCH,
    );

    /** Everything read afresh: after a (re)connect, or changes the stream skipped. */
    const readAll = (missed: boolean) => {
      void store().loadLinks();
      void store().loadEndpoints();
      void store().loadDeliveries();
      void store().loadQueue();
      void store().loadRequests();
      void store().loadInbox();
      void store().loadFaults();
      void store().loadClock();
      if (missed) void store().loadSettings();
      const openLink = store().linkDetail.id;
      if (missed && openLink) store().openLinkDetail(openLink);
    };

    const close = openEventStream({
      onReady(reconnected) {
        store().setConnection('live');
        // Reload once the stream is open, so no change between the two is missed.
        readAll(reconnected);
      },
      onEvent(event) {
        if (event.type === 'link.changed') {
          store().applyLinkDetailChange(event.link);
          links.push(event.link);
        } else if (event.type === 'settings.changed') {
          store().setSettings(event.settings);
        } else if (event.type === 'webhook_event.recorded') {
          store().applyLinkDetailEvent(event.event);
          store().noteWebhookEventsChanged();
        } else if (event.type === 'delivery.changed') {
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
          links.clear();
          requests.clear();
          store().reloadAfterReplace();
          void store().loadFaults();
        } else if (event.type === 'inbox.received') {
          inbox.push(event.message);
        } else if (event.type === 'inbox.changed') {
          store().applyInboxChanged(event.inbox);
        } else if (event.type === 'faults.changed') {
          store().applyFaultsChanged(event.rules);
        } else if (event.type === 'request.logged') {
          requests.push(event.entry);
        } else if (event.type === 'changes.skipped') {
          // A burst (thousands of samples) outran this tab: the server sent this instead of it.
          readAll(true);
          store().noteWebhookEventsChanged();
        }
      },
      onDisconnect() {
        store().setConnection('offline');
      },
    });
    return () => {
      close();
      links.close();
      requests.close();
      inbox.close();
    };
  }, []);
}
