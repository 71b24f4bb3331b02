import type { Settings, WebhookDelivery } from '../../shared/types';
import { isoTime } from '../clock';
import { SandboxError } from '../errors';
import type { Op } from '../store/ops';
import type { StoreState } from '../store/storeState';
import { isFinal, isWaiting } from '../../shared/deliveryStatus';
import { firstAttemptAt } from './retryPolicy';

/** Whether a delivery's attempt is on the wire right now (the worker knows; the store does not). */
export type OnWire = (id: string) => boolean;

const beingAttempted = (id: string, then: string): SandboxError =>
  new SandboxError(
    'invalid_state_transition',
    `Delivery ${id} is being attempted right now; ${then} once that attempt ends.`,
  );

export function findDelivery(state: StoreState, id: string): WebhookDelivery {
  const delivery = state.deliveries.get(id);
  if (!delivery) throw new SandboxError('resource_not_found', `No webhook delivery with id ${id}.`, 'id');
  return delivery;
}

/** The QA controls of docs/contract.md §8 and issue 3: each returns the ops that carry it out. */
export const deliveryControls = {
  pause: (paused: boolean): Op[] => [{ op: 'queue', paused }],

  /**
   * A new attempt series for the same event (same webhook-id), from the first delay of the schedule,
   * as a first delivery waits it: a resend is the same delivery sent again.
   */
  resend(state: StoreState, id: string, now: number, onWire: OnWire, settings: Settings): Op[] {
    const delivery = findDelivery(state, id);
    if (delivery.status === 'delivering' || onWire(id)) throw beingAttempted(id, 'resend it');
    const at = isoTime(now);
    return [
      {
        op: 'delivery.patch',
        id,
        set: {
          status: 'queued',
          series: delivery.series + 1,
          next_attempt_at: isoTime(firstAttemptAt(settings, now)),
          updated_at: at,
        },
      },
    ];
  },

  /**
   * Resends every delivery of an event (one per endpoint that wanted it, and a duplicate fault's
   * copy), all or none: one being attempted right now refuses the whole resend. An event that no
   * endpoint wanted has none to resend.
   */
  resendEvent(
    state: StoreState,
    eventId: string,
    now: number,
    onWire: OnWire,
    settings: Settings,
  ): { ids: string[]; ops: Op[] } {
    const ids: string[] = [];
    for (const d of state.deliveries.values()) if (d.event_id === eventId) ids.push(d.id);
    if (ids.length === 0 && !state.events.has(eventId))
      throw new SandboxError('resource_not_found', `No webhook event with id ${eventId}.`, 'id');
    return { ids, ops: ids.flatMap((id) => deliveryControls.resend(state, id, now, onWire, settings)) };
  },

  /**
   * Brings a waiting retry forward to now; while the queue is paused this one delivery still goes
   * (the worker lets it through). Refused when it could not go now, rather than a "Retrying now"
   * that does nothing: its endpoint is disabled, or an earlier delivery of its link to that
   * endpoint must go first (order per link, docs/contract.md §8), which may be hours of retries away.
   */
  retryNow(
    state: StoreState,
    id: string,
    now: number,
    onWire: OnWire,
    /** The worker's queue knows each link's lane: the delivery this one waits for, if any. */
    heldBehind: (id: string) => string | undefined,
  ): Op[] {
    const delivery = findDelivery(state, id);
    if (onWire(id)) throw beingAttempted(id, 'its next attempt can be brought forward');
    if (!isWaiting(delivery)) {
      throw new SandboxError(
        'invalid_state_transition',
        `Delivery ${id} is ${delivery.status}; retry now applies to queued or retrying deliveries (resend a finished one).`,
      );
    }
    if (state.endpoints.get(delivery.endpoint_id)?.enabled === false) {
      throw new SandboxError(
        'invalid_state_transition',
        `Delivery ${id} cannot go now: its endpoint ${delivery.endpoint_id} is disabled. Enable the endpoint first.`,
      );
    }
    const earlierId = heldBehind(id);
    const earlier = earlierId === undefined ? undefined : state.deliveries.get(earlierId);
    if (earlier) {
      const then = onWire(earlier.id)
        ? `it is being attempted right now; retry ${id} once that attempt ends`
        : `retry or delete ${earlier.id} first${state.queuePaused ? ', or resume the queue' : ''}`;
      throw new SandboxError(
        'invalid_state_transition',
        `Delivery ${id} waits for an earlier delivery of the same link to this endpoint (${earlier.id}, ${earlier.status}): ${then}.`,
      );
    }
    const at = isoTime(now);
    return [{ op: 'delivery.patch', id, set: { next_attempt_at: at, updated_at: at } }];
  },

  /** Removes a delivery that has not been attempted or is waiting for a retry. */
  remove(state: StoreState, id: string, onWire: OnWire): Op[] {
    const delivery = findDelivery(state, id);
    if (onWire(id)) throw beingAttempted(id, 'delete it');
    if (!isWaiting(delivery)) {
      throw new SandboxError(
        'invalid_state_transition',
        `Delivery ${id} is ${delivery.status}; only queued or retrying deliveries can be deleted (clear history removes finished ones).`,
      );
    }
    return [{ op: 'delivery.delete', id }];
  },

  /** Removes every finished delivery (delivered or failed); waiting ones stay. */
  clearHistory(state: StoreState): Op[] {
    return [...state.deliveries.values()].filter(isFinal).map((d) => ({ op: 'delivery.delete', id: d.id }));
  },
};

/** Keeps the newest `retention` deliveries, dropping the oldest finished ones; waiting ones are never dropped. */
export function retentionOps(state: StoreState, retention: number): Op[] {
  let excess = state.deliveries.size - retention;
  const ops: Op[] = [];
  // Only finished deliveries may go, so only they are walked: with thousands waiting (an endpoint
  // down), a walk of every delivery per attempt made the queue quadratic.
  for (const id of state.finishedDeliveries()) {
    if (excess <= 0) break;
    ops.push({ op: 'delivery.delete', id });
    excess--;
  }
  return ops;
}
