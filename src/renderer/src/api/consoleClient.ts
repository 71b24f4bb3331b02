// The one place the console calls fetch: every request to the console API goes through here.
import type { LinkStatus, PaymentLink, Pagination, Settings, SimulateEvent } from '../../../shared/types';

/** An error answer from the console API, or a network failure (status 0). */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

export interface LinkListQuery {
  status?: LinkStatus;
  q?: string;
  created_before?: string;
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
}

const BASE = '/_console/api';

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(BASE + path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ConsoleApiError(0, 'network_error', 'The sandbox is not answering. Is it still running?');
  }
  const json = (await response.json().catch(() => null)) as
    (T & { error?: undefined }) | { error: { code: string; message: string; param?: string } } | null;
  if (!response.ok || json === null || json.error) {
    const error = json?.error;
    throw new ConsoleApiError(
      response.status,
      error?.code ?? 'unexpected_response',
      error?.message ?? `The sandbox answered ${response.status} ${response.statusText}.`,
      error?.param,
    );
  }
  return json as T;
}

function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const consoleClient = {
  getSettings: () => request<{ data: Settings }>('GET', '/settings').then((r) => r.data),

  listLinks: (query: LinkListQuery) => request<LinkPage>('GET', `/links${queryString(query)}`),

  createLink: (input: NewLinkInput) =>
    request<{ data: PaymentLink }>('POST', '/links', input).then((r) => r.data),

  simulateLink: (id: string, event: SimulateEvent) =>
    request<{ data: PaymentLink }>('POST', `/links/${encodeURIComponent(id)}/simulate`, { event }).then(
      (r) => r.data,
    ),

  cancelLink: (id: string) =>
    request<{ data: PaymentLink }>('POST', `/links/${encodeURIComponent(id)}/cancel`, {}).then((r) => r.data),
};
