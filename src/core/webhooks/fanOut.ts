import { wantsEvent } from '../../shared/endpointWants';
import type { Settings, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../shared/types';
import { isoTime } from '../clock';
import { newDeliveryId } from '../domain/ids';
import type { Op } from '../store/ops';
import type { StoreState } from '../store/storeState';
import { firstAttemptAt } from './retryPolicy';
import { endpointDeliveries } from './webhookFaults';

/**
 * The commit expander of the webhook outbox: a recorded event brings one queued delivery per
 * enabled endpoint that wants its type, in the same journal line, so no event is ever recorded
 * without its deliveries. A test event goes to the one endpoint it was sent to, at once: the
 * developer asked for it now.
 */
export function fanOutEvents(
  state: StoreState,
  now: () => number,
  settings: () => Settings,
): (ops: Op[]) => Op[] {
  return (ops) => {
    if (!ops.some((op) => op.op === 'event')) return ops;
    const at = now();
    const firstAttempt = firstAttemptAt(settings(), at);
    const endpoints = [...state.endpoints.values()];
    const expanded: Op[] = [...ops];
    let seq = state.lastDeliverySeq;
    for (const op of ops) {
      if (op.op !== 'event') continue;
      if (op.test_endpoint_id !== undefined) {
        const endpoint = state.endpoints.get(op.test_endpoint_id);
        if (endpoint) expanded.push({ op: 'delivery', v: newDelivery(op.v, endpoint, ++seq, at, at, true) });
        continue;
      }
      for (const endpoint of endpoints) {
        if (!wantsEvent(endpoint, op.v.type)) continue;
        const made = endpointDeliveries(endpoint, firstAttempt, (first) =>
          newDelivery(op.v, endpoint, ++seq, at, first),
        );
        for (const delivery of made) expanded.push({ op: 'delivery', v: delivery });
      }
    }
    return expanded;
  };
}

export function newDelivery(
  event: WebhookEvent,
  endpoint: WebhookEndpoint,
  seq: number,
  now: number,
  firstAttempt: number,
  test = false,
): WebhookDelivery {
  const at = isoTime(now);
  return {
    id: newDeliveryId(),
    event_id: event.id,
    event_type: event.type,
    link_id: event.data.id,
    endpoint_id: endpoint.id,
    endpoint_url: endpoint.url,
    status: 'queued',
    attempts: [],
    series: 1,
    next_attempt_at: isoTime(firstAttempt),
    created_at: at,
    updated_at: at,
    seq,
    ...(test ? { test: true } : {}),
  };
}
