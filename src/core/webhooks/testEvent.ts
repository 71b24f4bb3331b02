import { checkoutUrl } from '../../shared/checkoutUrl';
import type {
  PaymentLink,
  Settings,
  WebhookDelivery,
  WebhookEvent,
  WebhookEventType,
} from '../../shared/types';
import { isoTime } from '../clock';
import { priceLink } from '../domain/fees';
import { newEventId, newLinkId } from '../domain/ids';
import { SandboxError } from '../errors';
import type { Op } from '../store/ops';
import type { StoreState } from '../store/storeState';
import { findEndpoint } from './endpointControls';
import { statusAfterEvent } from '../../shared/linkStates';

export interface TestEventContext {
  now: number;
  settings: Settings;
  publicBaseUrl: string;
  settlementAccountId: string;
}

/** Receivers can tell a test event by this reference; its link is also unknown to the API (404). */
export const TEST_EVENT_REFERENCE = 'sandbox_test_event';
const SAMPLE_AMOUNT = 150_000;

/** What tells a sample link apart from a real one: its id and the words a receiver sees. */
export interface SampleMark {
  id: string;
  reference_id: string;
  title: string;
  note: string;
}

const TEST_EVENT_MARK = (): SampleMark => ({
  id: newLinkId(),
  reference_id: TEST_EVENT_REFERENCE,
  title: 'Test event from the Payment Links Sandbox',
  note: 'Sent from the console to try a webhook endpoint; this link is not in the sandbox.',
});

/**
 * A link as it would look right after the event, priced with the current fees, kept out of the
 * store: test events and the endpoint checks (core/endpointCheck) send it, so both are shaped
 * exactly as a real link's events are.
 */
export function sampleLink(
  type: WebhookEventType,
  ctx: TestEventContext,
  mark = TEST_EVENT_MARK(),
): PaymentLink {
  const { id } = mark;
  const at = isoTime(ctx.now);
  const paid = type === 'payment_link.paid';
  const settleAt = ctx.settings.fees.instant_settlement
    ? ctx.now
    : ctx.now + ctx.settings.settlement_delay_seconds * 1000;
  return {
    id,
    reference_id: mark.reference_id,
    url: checkoutUrl(ctx.publicBaseUrl, id),
    status: statusAfterEvent(type),
    amount: SAMPLE_AMOUNT,
    ...priceLink(SAMPLE_AMOUNT, ctx.settings.fees),
    title: mark.title,
    note: mark.note,
    payment_method: paid ? 'card' : null,
    settlement_account_id: ctx.settlementAccountId,
    expires_at:
      type === 'payment_link.expired' ? at : isoTime(ctx.now + ctx.settings.link_lifetime_seconds * 1000),
    paid_at: paid ? at : null,
    settle_at: paid ? isoTime(settleAt) : null,
    settled_at: null,
    created_at: at,
  };
}

/** An event of `type` about a sample link, its fields in the order a real link's events have them. */
export const sampleEvent = (
  type: WebhookEventType,
  ctx: TestEventContext,
  mark?: SampleMark,
): WebhookEvent => ({
  id: newEventId(),
  type,
  timestamp: isoTime(ctx.now),
  data: sampleLink(type, ctx, mark),
});

/**
 * A signed event of `type` for a sample link, to one endpoint only (whatever its event filter:
 * the developer asked for it). It is recorded and delivered like any event — signed, retried,
 * in the history — and its delivery is marked `test`.
 */
export function testEventOps(
  state: StoreState,
  endpointId: string,
  type: WebhookEventType,
  ctx: TestEventContext,
): { eventId: string; ops: Op[] } {
  const endpoint = findEndpoint(state, endpointId);
  if (!endpoint.enabled) {
    throw new SandboxError(
      'invalid_state_transition',
      `Endpoint ${endpointId} is disabled, so its deliveries would wait; enable it to send a test event.`,
    );
  }
  const event = sampleEvent(type, ctx);
  return { eventId: event.id, ops: [{ op: 'event', v: event, test_endpoint_id: endpoint.id }] };
}

/** The delivery a committed test event brought (the commit expander made it). */
export function testDelivery(state: StoreState, eventId: string): WebhookDelivery {
  for (const delivery of [...state.deliveries.values()].reverse()) {
    if (delivery.event_id === eventId) return delivery;
  }
  throw new SandboxError('resource_not_found', `No delivery of test event ${eventId}.`);
}
