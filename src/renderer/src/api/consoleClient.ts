// The console API, one function per route: the slices call these, never fetch.
import type { Scenario, ScenarioLeftOut, ScenarioNeed } from '../../../shared/scenario';
import type {
  BulkAction,
  BulkResult,
  ClockView,
  InboxForwardResult,
  InboxMessage,
  InboxMessageSummary,
  InboxSettings,
  InboxView,
  PaymentLink,
  Pagination,
  RequestLogEntry,
  RequestLogSummary,
  WebhookEventRow,
  SampleResult,
  Settings,
  SimulateEvent,
  WebhookEndpoint,
  WebhookEventType,
} from '../../../shared/types';
import type { ClockHome, ClockReset, EndpointCheckReports } from '../../../shared/consoleSchemas';
import type { EndpointCheck } from '../../../shared/endpointCheck';
import type { ResetOptions, ServerInfo, StoreCounts } from '../../../shared/dataFolder';
import type { FaultRule, NewFaultRule } from '../../../shared/faults';
import type { WorkspaceSummary } from '../../../shared/workspaces';
import { readJson, queryString, request, send, upload, type UploadWatch } from './consoleTransport';
import type {
  DeliveryDetail,
  DeliveryListQuery,
  DeliveryRow,
  DownloadedFile,
  EndpointPatch,
  FaultsView,
  InboxMessagesQuery,
  LinkDetail,
  LinkListQuery,
  RequestListQuery,
  LinkPage,
  LinkPosition,
  NewEndpointInput,
  NewLinkInput,
  QueueState,
} from './consoleTypes';

export { ConsoleApiError, UploadCancelled, type UploadWatch } from './consoleTransport';
export type * from './consoleTypes';

export const consoleClient = {
  getSettings: () => request<{ data: Settings }>('GET', '/settings').then((r) => r.data),

  updateSettings: (patch: object) =>
    request<{ data: Settings }>('PATCH', '/settings', patch).then((r) => r.data),

  getServerInfo: () => request<{ data: ServerInfo }>('GET', '/server').then((r) => r.data),

  listWorkspaces: () => request<{ data: WorkspaceSummary[] }>('GET', '/workspaces').then((r) => r.data),

  async exportStore(): Promise<DownloadedFile> {
    const response = await send('GET', '/store/export');
    if (!response.ok) await readJson(response);
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'payment-links-sandbox.json';
    return { blob: await response.blob(), filename };
  },

  /** Replaces everything with the file; the signal drops it until the file is read whole. */
  importStore: (file: Blob, watch: UploadWatch) =>
    upload<{ data: StoreCounts }>('/store/import', file, watch).then((r) => r.data),

  /** Reads and checks the file as an import would, changing nothing: what it holds. */
  checkImport: (file: Blob, watch: UploadWatch) =>
    upload<{ data: StoreCounts }>('/store/import/check', file, watch).then((r) => r.data),

  resetStore: (options: ResetOptions) =>
    request<{ data: StoreCounts }>('POST', '/store/reset', options).then((r) => r.data),

  listLinks: (query: LinkListQuery) => request<LinkPage>('GET', `/links${queryString(query)}`),

  /** A 404 says the link does not exist, or (link_not_in_view) which filter leaves it out. */
  findLinkPosition: (id: string, query: Omit<LinkListQuery, 'page' | 'per_page'>) =>
    request<{ data: LinkPosition }>('GET', `/links/position${queryString({ id, ...query })}`).then(
      (r) => r.data,
    ),

  createLink: (input: NewLinkInput) =>
    request<{ data: PaymentLink }>('POST', '/links', input).then((r) => r.data),

  getLinkDetail: (id: string) =>
    request<{ data: LinkDetail }>('GET', `/links/${encodeURIComponent(id)}`).then((r) => r.data),

  simulateLink: (id: string, event: SimulateEvent, paymentMethod?: string) =>
    request<{ data: PaymentLink }>('POST', `/links/${encodeURIComponent(id)}/simulate`, {
      event,
      payment_method: event === 'paid' && paymentMethod ? paymentMethod : undefined,
    }).then((r) => r.data),

  /** One part of a run: `from` and `run` continue an earlier part's numbering under its tag. */
  createSampleLinks: (count: number, part: { from?: number; run?: string } = {}) =>
    request<{ data: SampleResult }>('POST', '/links/samples', { count, ...part }).then((r) => r.data),

  bulkLinkAction: (ids: string[], action: BulkAction, paymentMethod?: string) =>
    request<{ data: BulkResult }>('POST', '/links/bulk', {
      ids,
      action,
      payment_method: action === 'paid' && paymentMethod ? paymentMethod : undefined,
    }).then((r) => r.data),

  getClock: () => request<{ data: ClockView }>('GET', '/clock').then((r) => r.data),

  advanceClock: (by: { seconds: number } | { to: string }) =>
    request<{ data: ClockView }>('POST', '/clock/advance', by).then((r) => r.data),

  freezeClock: () => request<{ data: ClockView }>('POST', '/clock/freeze', {}).then((r) => r.data),

  resumeClock: () => request<{ data: ClockView }>('POST', '/clock/resume', {}).then((r) => r.data),

  clockHome: () => request<{ data: ClockHome }>('GET', '/clock/home').then((r) => r.data),

  resetClock: () => request<{ data: ClockReset }>('POST', '/clock/reset', {}).then((r) => r.data),

  cancelLink: (id: string) =>
    request<{ data: PaymentLink }>('POST', `/links/${encodeURIComponent(id)}/cancel`, {}).then((r) => r.data),

  listEndpoints: () => request<{ data: WebhookEndpoint[] }>('GET', '/endpoints').then((r) => r.data),

  createEndpoint: (input: NewEndpointInput) =>
    request<{ data: WebhookEndpoint }>('POST', '/endpoints', input).then((r) => r.data),

  updateEndpoint: (id: string, patch: EndpointPatch) =>
    request<{ data: WebhookEndpoint }>('PATCH', `/endpoints/${encodeURIComponent(id)}`, patch).then(
      (r) => r.data,
    ),

  deleteEndpoint: (id: string) =>
    request<{ data: { id: string } }>('DELETE', `/endpoints/${encodeURIComponent(id)}`).then(() => undefined),

  rotateEndpointSecret: (id: string) =>
    request<{ data: WebhookEndpoint }>('POST', `/endpoints/${encodeURIComponent(id)}/rotate-secret`, {}).then(
      (r) => r.data,
    ),

  sendTestEvent: (id: string, eventType: WebhookEventType) =>
    request<{ data: DeliveryDetail }>('POST', `/endpoints/${encodeURIComponent(id)}/test`, {
      event_type: eventType,
    }).then((r) => r.data),

  /** Starts a check of the endpoint's URL with its own secret: the console never handles the secret. */
  startEndpointCheck: (endpointId: string) =>
    request<{ data: EndpointCheck }>('POST', `/endpoints/${encodeURIComponent(endpointId)}/checks`, {}).then(
      (r) => r.data,
    ),

  listEndpointChecks: (endpointId: string) =>
    request<{ data: EndpointCheckReports }>(
      'GET',
      `/endpoints/${encodeURIComponent(endpointId)}/checks`,
    ).then((r) => r.data),

  /** The check once it is done, or as it is after `waitSeconds` (?wait=). */
  getEndpointCheck: (endpointId: string, checkId: string, waitSeconds: number) =>
    request<{ data: EndpointCheck }>(
      'GET',
      `/endpoints/${encodeURIComponent(endpointId)}/checks/${encodeURIComponent(checkId)}?wait=${waitSeconds}`,
    ).then((r) => r.data),

  listDeliveries: (query: DeliveryListQuery) =>
    request<{ data: DeliveryRow[]; pagination: Pagination }>('GET', `/deliveries${queryString(query)}`),

  getDelivery: (id: string) =>
    request<{ data: DeliveryDetail }>('GET', `/deliveries/${encodeURIComponent(id)}`).then((r) => r.data),

  resendDelivery: (id: string) =>
    request<{ data: DeliveryDetail }>('POST', `/deliveries/${encodeURIComponent(id)}/resend`, {}).then(
      (r) => r.data,
    ),

  retryDelivery: (id: string) =>
    request<{ data: DeliveryDetail }>('POST', `/deliveries/${encodeURIComponent(id)}/retry`, {}).then(
      (r) => r.data,
    ),

  deleteDelivery: (id: string) =>
    request<unknown>('DELETE', `/deliveries/${encodeURIComponent(id)}`).then(() => undefined),

  /** Removes every delivered or failed delivery; answers how many went. */
  clearDeliveryHistory: () =>
    request<{ data: { deleted: number } }>('DELETE', '/deliveries').then((r) => r.data.deleted),

  getQueue: () => request<{ data: QueueState }>('GET', '/queue').then((r) => r.data),

  setQueuePaused: (paused: boolean) =>
    request<{ data: QueueState }>('POST', `/queue/${paused ? 'pause' : 'resume'}`, {}).then((r) => r.data),

  /** A page of the log, newest first, without bodies: API calls only, or every request; filtered by q. */
  listRequests: (query: RequestListQuery) =>
    request<{ data: RequestLogSummary[]; pagination: Pagination }>('GET', `/requests${queryString(query)}`),

  listFaults: () => request<{ data: FaultsView }>('GET', '/faults').then((r) => r.data),

  addFault: (rule: NewFaultRule) => request<{ data: FaultRule }>('POST', '/faults', rule).then((r) => r.data),

  setFaultEnabled: (id: string, enabled: boolean) =>
    request<{ data: FaultRule }>('PATCH', `/faults/${encodeURIComponent(id)}`, { enabled }).then(
      (r) => r.data,
    ),

  removeFault: (id: string) =>
    request<unknown>('DELETE', `/faults/${encodeURIComponent(id)}`).then(() => undefined),

  /** Recorded webhook events, newest first, each with its deliveries. */
  listWebhookEvents: (limit: number) =>
    request<{ data: { events: WebhookEventRow[]; total: number } }>(
      'GET',
      `/webhook-events${queryString({ limit })}`,
    ).then((r) => r.data),

  /** The chosen API requests (or every one kept) as a scenario file for `payment-links-sandbox run`. */
  exportScenario: (seqs: number[] | undefined) =>
    request<{ data: Scenario; left_out: ScenarioLeftOut[]; needs: ScenarioNeed[] }>(
      'POST',
      '/requests/scenario',
      seqs ? { seqs } : {},
    ).then((r) => ({ scenario: r.data, leftOut: r.left_out, needs: r.needs })),

  /** One logged request with its bodies. */
  getRequest: (seq: number) =>
    request<{ data: RequestLogEntry }>('GET', `/requests/${seq}`).then((r) => r.data),

  /** Sends a logged API request again; answers with the new entry (its replay_of is seq). */
  replayRequest: (seq: number) =>
    request<{ data: RequestLogEntry | null }>('POST', `/requests/${seq}/replay`).then((r) => r.data),

  /** The built-in inboxes that received something or were set, most recently used first. */
  listInboxes: () => request<{ data: InboxView[] }>('GET', '/inbox').then((r) => r.data),

  /** Newest first, without headers or bodies; `q` searches what they carry (docs/contract.md §16). */
  listInboxMessages: (name: string, q?: string) =>
    request<{ data: InboxMessageSummary[] }>(
      'GET',
      `/inbox/${encodeURIComponent(name)}/messages${queryString({ q } satisfies InboxMessagesQuery)}`,
    ).then((r) => r.data),

  getInboxMessage: (name: string, id: string) =>
    request<{ data: InboxMessage }>(
      'GET',
      `/inbox/${encodeURIComponent(name)}/messages/${encodeURIComponent(id)}`,
    ).then((r) => r.data),

  setInboxAnswer: (name: string, settings: InboxSettings) =>
    request<{ data: InboxView }>('PUT', `/inbox/${encodeURIComponent(name)}`, settings).then((r) => r.data),

  clearInbox: (name: string) =>
    request<{ data: InboxView }>('DELETE', `/inbox/${encodeURIComponent(name)}/messages`).then((r) => r.data),

  /** "Forward to…": the message sent again to `url`, and how it was answered. */
  forwardInboxMessage: (name: string, id: string, url: string) =>
    request<{ data: InboxForwardResult }>(
      'POST',
      `/inbox/${encodeURIComponent(name)}/messages/${encodeURIComponent(id)}/forward`,
      { url },
    ).then((r) => r.data),
};
