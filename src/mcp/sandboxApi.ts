/** An answer other than 2xx, or no answer: its message says which request, what came back, and why. */
export class SandboxApiError extends Error {
  override name = 'SandboxApiError';
}

export type Query = Record<string, string | number | boolean | undefined>;

/** The keyed routes of a running sandbox (the Payment Links API and /sandbox/*), one request each. */
export class SandboxApi {
  constructor(
    readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  /** The answer's JSON body as the API sent it; throws SandboxApiError on anything else. */
  async request(
    method: string,
    path: string,
    options: { body?: unknown; query?: Query } = {},
  ): Promise<unknown> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}` };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const what = `${method} ${url.pathname}${url.search}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new SandboxApiError(
        `${what}: no answer from the sandbox at ${this.baseUrl} (${cause?.code ?? cause?.message ?? (err as Error).message}). Start one with \`payment-links-sandbox serve\`, point --base-url / PLS_BASE_URL at yours, or run the MCP server with --in-memory.`,
      );
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      throw new SandboxApiError(
        `${what} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      );
    }
    if (!response.ok)
      throw new SandboxApiError(`${what} answered ${response.status}: ${describeError(body)}`);
    return body;
  }
}

function describeError(body: unknown): string {
  const error = (body as { error?: { code?: string; message?: string; param?: string } } | null)?.error;
  if (!error) return JSON.stringify(body);
  const param = error.param ? ` (param: ${error.param})` : '';
  return `${error.code}: ${error.message}${param}`;
}
