// One client for the keyed routes of a running sandbox (the Payment Links API and /sandbox/*), as
// code in any language reaches them: the key as a bearer token, JSON in and out. The CLI's
// commands, the MCP server, startTestSandbox's helpers and a scenario's replay each word its
// failures their own way (an exit code, a tool error, a thrown Error, a step's outcome) on top.

export type Query = Record<string, string | number | boolean | undefined>;

export interface KeyedRequest {
  /** Sent as JSON, unless already a string (a scenario's body, sent as written). */
  body?: unknown;
  headers?: Record<string, string>;
  query?: Query;
  /** Past this the request is abandoned as NoAnswer (timedOut); none by default. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What came back: the status, the body as text, and parsed when it is JSON (else undefined). */
export interface KeyedAnswer {
  status: number;
  text: string;
  json: unknown;
}

/** No answer at all: why, in words for a log (refused, host not found, reset, timed out). */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
  constructor(
    readonly reason: string,
    /** The cause as the system named it, for a short mention: ECONNREFUSED, or its message. */
    readonly code: string,
    readonly timedOut: boolean,
  ) {
    super(reason);
  }
}

const causeCode = (err: unknown): string => {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
};

/**
 * Why a request got no answer. fetch reports every one as "fetch failed"; the reason is in its
 * cause (undici's or the socket's code).
 */
function noAnswerReason(err: unknown, target: string): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  const detail = cause?.message ?? (err as Error).message;
  if (code === 'ECONNREFUSED') return `nothing listens at ${target} (connection refused)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the host of ${target} was not found`;
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE')
    return `the connection was closed before an answer came (${detail})`;
  return `${detail}${code ? ` (${code})` : ''}`;
}

export class KeyedClient {
  /** Where the API's paths start (a path in it is kept), without a trailing slash. */
  readonly baseUrl: string;

  constructor(
    baseUrl: string,
    readonly apiKey: string,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /**
   * The response as it comes, its body unread (a stream is read as it arrives); NoAnswer when
   * there is none. An abort through `signal` is thrown as it is.
   */
  async open(method: string, path: string, request: KeyedRequest = {}): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}`, ...request.headers };
    const body =
      request.body === undefined || typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const timeout = request.timeoutMs === undefined ? undefined : AbortSignal.timeout(request.timeoutMs);
    const signal =
      timeout && request.signal ? AbortSignal.any([timeout, request.signal]) : (timeout ?? request.signal);
    try {
      return await fetch(this.url(path, request.query), { method, headers, body, signal });
    } catch (err) {
      if ((err as Error).name === 'AbortError' && !timeout?.aborted) throw err;
      throw this.noAnswer(err, request.timeoutMs);
    }
  }

  /** The whole answer, whatever its status; NoAnswer when there is none. */
  async send(method: string, path: string, request: KeyedRequest = {}): Promise<KeyedAnswer> {
    const response = await this.open(method, path, request);
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      throw this.noAnswer(err, request.timeoutMs);
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json };
  }

  /** Why there was no answer: past `timeoutMs` (the timeout's abort), or what the connection met. */
  private noAnswer(err: unknown, timeoutMs: number | undefined): NoAnswer {
    const name = (err as Error).name;
    if (timeoutMs !== undefined && (name === 'TimeoutError' || name === 'AbortError'))
      return new NoAnswer(`no answer within ${timeoutMs / 1000} s`, 'timeout', true);
    return new NoAnswer(noAnswerReason(err, this.baseUrl), causeCode(err), false);
  }

  private url(path: string, query: Query | undefined): string {
    if (!query) return this.baseUrl + path;
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return url.href;
  }
}
