import type {
  DeliveryAttempt,
  PaymentLink,
  Settings,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
} from '../../shared/types';
import type { FaultRule } from '../../shared/faults';
import type { ClockState } from '../sandboxClock';
import type { StoreContents } from './storeState';

/** A stored idempotent response: replayed byte for byte while the key is retained. */
export interface IdempotencyRecord {
  scope: string;
  fingerprint: string;
  status: number;
  body: string;
  /** The first request's id: a replay answers with it in X-Request-Id, as in its body. */
  request_id: string;
  created_at: string;
  expires_at_ms: number;
}

/**
 * One change to the store. A commit is a list of ops written as one journal line, so a link,
 * the event its change records and the idempotent response that reports it land together.
 */
export type Op =
  | { op: 'link'; v: PaymentLink }
  | {
      op: 'event';
      v: WebhookEvent;
      /** A test event sent from the console: delivered to this endpoint only, whatever its filter. */
      test_endpoint_id?: string;
    }
  | { op: 'idem'; v: IdempotencyRecord }
  | { op: 'settings'; v: Settings }
  | { op: 'account'; v: string }
  | { op: 'endpoint'; v: WebhookEndpoint }
  | { op: 'endpoint.delete'; id: string }
  | { op: 'delivery'; v: WebhookDelivery }
  /**
   * A delivery's progress: the fields that change and, after an attempt, that attempt alone. Journaling
   * the whole delivery instead would copy every earlier attempt (each up to 64 KiB of response)
   * into every line, growing the journal with the square of the attempts.
   */
  | {
      op: 'delivery.patch';
      id: string;
      set: Partial<
        Pick<WebhookDelivery, 'status' | 'next_attempt_at' | 'updated_at' | 'series' | 'endpoint_url'>
      >;
      attempt?: DeliveryAttempt;
    }
  | { op: 'delivery.delete'; id: string }
  | { op: 'queue'; paused: boolean }
  /** The sandbox clock's offset and frozen moment, as set by the last advance, freeze or resume. */
  | { op: 'clock'; v: ClockState }
  /** Every API fault rule (docs/contract.md §13): at most a hundred, so the whole list is one small op. */
  | { op: 'faults'; v: FaultRule[] }
  /**
   * Everything at once (an import or a reset). Written as a new snapshot, never as a journal line
   * (a whole store does not fit in one); journals of earlier versions may still hold one.
   */
  | { op: 'replace'; v: StoreContents };
