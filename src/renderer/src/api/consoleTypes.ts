// What the console API's answers and queries look like, beyond the shared types: rows as its
// lists send them, queries as its routes take them.
import type { DeliveryOrder } from '../../../shared/deliveryOrder';
import type {
  DeliveryAttempt,
  DeliveryStatus,
  LinkStatus,
  PaymentLink,
  Pagination,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
  WebhookEventType,
} from '../../../shared/types';
import type { EndpointFaults, FaultRule } from '../../../shared/faults';
import type { LinkSort, SortOrder } from '../lib/linkOrder';

export interface LinkListQuery {
  status?: LinkStatus;
  q?: string;
  created_after?: string;
  created_before?: string;
  sort?: LinkSort;
  order?: SortOrder;
  page?: number;
  per_page?: number;
}

/** Where a link stands in a view of the links: its 0-based row, and how many rows there are. */
export interface LinkPosition {
  id: string;
  index: number;
  total: number;
}

export interface LinkPage {
  data: PaymentLink[];
  pagination: Pagination;
}

export interface NewLinkInput {
  amount?: number | string;
  title?: string;
  reference_id?: string;
  note?: string;
  expires_at?: string;
  settlement_account_id?: string;
}

export interface NewEndpointInput {
  url: string;
  description?: string;
  enabled?: boolean;
  event_types?: WebhookEventType[];
  faults?: Partial<EndpointFaults>;
}

export type EndpointPatch = Partial<
  Pick<WebhookEndpoint, 'url' | 'description' | 'enabled' | 'event_types'>
> & {
  faults?: Partial<EndpointFaults>;
};

/** The fault rules, and the route patterns a rule can match (the form's choices). */
export interface FaultsView {
  rules: FaultRule[];
  routes: string[];
}

/** A delivery as lists show it: no attempt bodies, a summary of the last attempt instead. */
export type DeliveryRow = Omit<WebhookDelivery, 'attempts' | 'status'> & {
  status: DeliveryStatus;
  attempt_count: number;
  last_status: number | null;
  last_error: string | null;
};

/** An attempt as the delivery detail shows it; `signature_verified` arrives with newer cores. */
export type InspectedAttempt = DeliveryAttempt & { signature_verified?: boolean };

/** One delivery with every attempt, as GET /deliveries/{id} answers. */
export type DeliveryDetail = Omit<WebhookDelivery, 'attempts' | 'status'> & {
  status: DeliveryStatus;
  attempts: InspectedAttempt[];
};

export interface DeliveryListQuery {
  status?: DeliveryStatus;
  event_type?: WebhookEventType;
  endpoint_id?: string;
  /** Only deliveries older than this seq: the cursor for the next page. */
  before_seq?: number;
  order?: DeliveryOrder;
  page?: number;
  per_page?: number;
}

/** A link with its recorded events (its status timeline) and its deliveries. */
export interface LinkDetail {
  link: PaymentLink;
  events: WebhookEvent[];
  deliveries: DeliveryDetail[];
}

export interface QueueState {
  paused: boolean;
  in_flight: number;
  waiting: number;
  /** Delivered or failed: what Clear history removes. */
  finished: number;
}

/** A file the console API sent as an attachment. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}
