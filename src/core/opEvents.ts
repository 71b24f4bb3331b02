import { isWaiting } from '../shared/deliveryStatus';
import type { PresentedDelivery } from '../shared/deliverySummary';
import type { ClockView, SandboxEvent, WebhookDelivery } from '../shared/types';
import type { Op } from './store/ops';

/** What turning committed ops into events needs to read besides the ops. */
export interface OpEventSources {
  clock(): ClockView;
  delivery(id: string): WebhookDelivery | undefined;
  present(delivery: WebhookDelivery): PresentedDelivery;
  /** Every stored delivery, walked only when the queue is paused or resumed. */
  deliveries(): Iterable<WebhookDelivery>;
}

/** The event stream carries deliveries as shown (`paused` included), not as stored. */
export const deliveryChanged = (delivery: PresentedDelivery): SandboxEvent => ({
  type: 'delivery.changed',
  delivery,
});

/** The events a commit announces, in the order of its ops. */
export function* opEvents(ops: readonly Op[], from: OpEventSources): Generator<SandboxEvent> {
  for (const op of ops) {
    if (op.op === 'link') yield { type: 'link.changed', link: op.v };
    else if (op.op === 'event') yield { type: 'webhook_event.recorded', event: op.v };
    else if (op.op === 'settings') yield { type: 'settings.changed', settings: op.v };
    else if (op.op === 'clock') yield { type: 'clock.changed', clock: from.clock() };
    else if (op.op === 'delivery' || op.op === 'delivery.patch') {
      const delivery = op.op === 'delivery' ? op.v : from.delivery(op.id);
      if (delivery) yield deliveryChanged(from.present(delivery));
    } else if (op.op === 'delivery.delete') yield { type: 'delivery.deleted', id: op.id };
    else if (op.op === 'endpoint') yield { type: 'endpoint.changed', endpoint: op.v };
    else if (op.op === 'endpoint.delete') yield { type: 'endpoint.deleted', id: op.id };
    else if (op.op === 'faults') yield { type: 'faults.changed', rules: op.v };
    else if (op.op === 'queue') {
      yield { type: 'queue.changed', paused: op.paused };
      // Pausing rewrites no delivery, yet every waiting one now shows differently: say so, one by one.
      for (const d of from.deliveries()) if (isWaiting(d)) yield deliveryChanged(from.present(d));
    } else if (op.op === 'replace') yield { type: 'store.replaced' };
  }
}
