// The console API's inputs as the console builds them. Its queries and answers are Static<> of the
// schemas the API validates and documents them with (src/shared/listQueries.ts, webhookSchemas.ts,
// consoleSchemas.ts), re-exported here.
import type { PaymentLink, Pagination, WebhookEndpoint, WebhookEventType } from '../../../shared/types';
import type { EndpointFaultsPatch } from '../../../shared/faults';
import type { Static } from 'typebox';
import type { ConsoleMessagesQuery } from '../../../shared/inboxParams';

export type { FaultsView, LinkDetail, LinkPosition } from '../../../shared/consoleSchemas';
export type {
  DeliveryDetail,
  DeliveryRow,
  InspectedAttempt,
  QueueState,
} from '../../../shared/webhookSchemas';

/** The console's list queries, typed from the schemas the routes validate them with. */
export type { DeliveryListQuery, LinkListQuery, RequestListQuery } from '../../../shared/listQueries';

/** An inbox's messages as the console asks for them: the search alone (docs/contract.md §16). */
export type InboxMessagesQuery = Static<typeof ConsoleMessagesQuery>;

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

/** A file the console API sent as an attachment. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}
