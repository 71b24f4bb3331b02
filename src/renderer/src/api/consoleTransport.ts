// The one place the console calls the network: every request to the console API goes through
// here, and every error answer (or a sandbox that does not answer) becomes a ConsoleApiError.
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

export async function send(method: string, path: string, body?: string): Promise<Response> {
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

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body === undefined ? undefined : JSON.stringify(body));
  return readJson<T>(response);
}

export async function readJson<T>(response: Response): Promise<T> {
  const json = (await response.json().catch(() => null)) as AnswerJson<T>;
  return answerOf(json, response.status, response.statusText);
}

type AnswerJson<T> =
  (T & { error?: undefined }) | { error: { code: string; message: string; param?: string } } | null;

function answerOf<T>(json: AnswerJson<T>, status: number, statusText: string): T {
  if (status < 200 || status > 299 || json === null || json.error) {
    const error = json?.error;
    throw new ConsoleApiError(
      status,
      error?.code ?? 'unexpected_response',
      error?.message ?? `The sandbox answered ${status} ${statusText}.`,
      error?.param,
    );
  }
  return json as T;
}

/** What a caller of `upload` follows: how much of the file has gone, and a way to stop it. */
export interface UploadWatch {
  /** Bytes of the file sent so far, as they go: its whole size once all of it has gone. */
  sent(bytes: number): void;
  /** Aborting it drops the upload: the sandbox changes nothing for a file it did not get whole. */
  signal?: AbortSignal;
}

/** The upload was stopped by the caller's signal. */
export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelled';
  }
}

/**
 * What an upload uses of XMLHttpRequest, named here: the client's types are also read by the tests
 * under Node, whose type checking has no DOM.
 */
interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: Blob): void;
  abort(): void;
  readonly upload: { onprogress: ((event: { loaded: number }) => void) | null; onload: (() => void) | null };
  onload: (() => void) | null;
  onabort: (() => void) | null;
  onerror: (() => void) | null;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
}

/**
 * POSTs a file, reporting the bytes sent as they go. XMLHttpRequest, not fetch: fetch says nothing
 * of an upload's progress, and streams a request body only over HTTP/2. The file goes as the Blob
 * it is, streamed from disk.
 */
export function upload<T>(path: string, file: Blob, watch: UploadWatch): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { XMLHttpRequest } = globalThis as unknown as { XMLHttpRequest: new () => UploadRequest };
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    watch.signal?.addEventListener('abort', cancel);
    const settle = (outcome: () => T) => {
      watch.signal?.removeEventListener('abort', cancel);
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      }
    };
    xhr.open('POST', BASE + inShownWorkspace(path));
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.upload.onprogress = (event) => watch.sent(event.loaded);
    // The last progress event may come before the last bytes have gone; this one says they have.
    xhr.upload.onload = () => watch.sent(file.size);
    xhr.onload = () => settle(() => answerOf(parsed<T>(xhr.responseText), xhr.status, xhr.statusText));
    xhr.onabort = () =>
      settle(() => {
        throw new UploadCancelled();
      });
    xhr.onerror = () =>
      settle(() => {
        throw new ConsoleApiError(0, 'network_error', NOT_ANSWERING);
      });
    if (watch.signal?.aborted) xhr.abort();
    else xhr.send(file);
  });
}

function parsed<T>(text: string): AnswerJson<T> {
  try {
    return JSON.parse(text) as AnswerJson<T>;
  } catch {
    return null;
  }
}

export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
