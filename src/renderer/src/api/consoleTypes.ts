// The console API's queries and inputs as the console builds them. Its answers are Static<> of the
// schemas the API documents (src/shared/webhookSchemas.ts, consoleSchemas.ts), re-exported here.
import type { DeliveryOrder } from '../../../shared/deliveryOrder';
import type {
  DeliveryStatus,
  LinkStatus,
  PaymentLink,
  Pagination,
  WebhookEndpoint,
  WebhookEventType,
} from '../../../shared/types';
import type { EndpointFaultsPatch } from '../../../shared/faults';
import type { LinkSort, SortOrder } from '../../../shared/linkOrder';

export type { FaultsView, LinkDetail, LinkPosition } from '../../../shared/consoleSchemas';
export type {
  DeliveryDetail,
  DeliveryRow,
  InspectedAttempt,
  QueueState,
} from '../../../shared/webhookSchemas';

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
  faults?: EndpointFaultsPatch;
}

export type EndpointPatch = Partial<
  Pick<WebhookEndpoint, 'url' | 'description' | 'enabled' | 'event_types'>
> & {
  faults?: EndpointFaultsPatch;
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

/** A file the console API sent as an attachment. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}
