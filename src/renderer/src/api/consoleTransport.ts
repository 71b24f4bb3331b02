// The one place the console calls fetch: every request to the console API goes through here, and
// every error answer (or a sandbox that does not answer) becomes a ConsoleApiError.
import { inShownWorkspace } from '../lib/consoleWorkspace';

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

const BASE = '/_console/api';
/** What every request says when the sandbox does not answer at all. */
export const NOT_ANSWERING = 'The sandbox is not answering. Is it still running?';

export async function send(method: string, path: string, body?: string | Blob): Promise<Response> {
  try {
    return await fetch(BASE + inShownWorkspace(path), {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body,
    });
  } catch {
    throw new ConsoleApiError(0, 'network_error', NOT_ANSWERING);
  }
}

/**
 * `raw` is sent as the body as it is (a file being imported), instead of JSON of `body`. A file
 * goes as the Blob it is: the browser streams it from disk, where its text could exceed the
 * largest string a browser can hold.
 */
export async function request<T>(method: string, path: string, body?: unknown, raw?: Blob): Promise<T> {
  const response = await send(method, path, raw ?? (body === undefined ? undefined : JSON.stringify(body)));
  return readJson<T>(response);
}

export async function readJson<T>(response: Response): Promise<T> {
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

export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
