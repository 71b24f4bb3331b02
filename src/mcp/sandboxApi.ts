import { KeyedClient, NoAnswer, type Query } from '../core/keyedClient';

/** An answer other than 2xx, or no answer: its message says which request, what came back, and why. */
export class SandboxApiError extends Error {
  override name = 'SandboxApiError';
}

/** The keyed routes of a running sandbox (the Payment Links API and /sandbox/*), one request each. */
export class SandboxApi {
  private readonly client: KeyedClient;

  constructor(baseUrl: string, apiKey: string) {
    this.client = new KeyedClient(baseUrl, apiKey);
  }

  get baseUrl(): string {
    return this.client.baseUrl;
  }

  /** The answer's JSON body as the API sent it; throws SandboxApiError on anything else. */
  async request(
    method: string,
    path: string,
    options: { body?: unknown; query?: Query } = {},
  ): Promise<unknown> {
    const what = `${method} ${path}${queryText(options.query)}`;
    let answer;
    try {
      answer = await this.client.send(method, path, options);
    } catch (err) {
      if (!(err instanceof NoAnswer)) throw err;
      throw new SandboxApiError(
        `${what}: no answer from the sandbox at ${this.baseUrl} (${err.code}). Start one with \`payment-links-sandbox serve\`, point --base-url / PLS_BASE_URL at yours, or run the MCP server with --in-memory.`,
      );
    }
    if (answer.json === undefined && answer.text !== '')
      throw new SandboxApiError(
        `${what} answered ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 200)}`,
      );
    const body = answer.json ?? null;
    if (answer.status < 200 || answer.status > 299)
      throw new SandboxApiError(`${what} answered ${answer.status}: ${describeError(body)}`);
    return body;
  }
}

/** The query as the request's URL shows it, for a message. */
function queryText(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function describeError(body: unknown): string {
  const error = (body as { error?: { code?: string; message?: string; param?: string } } | null)?.error;
  if (!error) return JSON.stringify(body);
  const param = error.param ? ` (param: ${error.param})` : '';
  return `${error.code}: ${error.message}${param}`;
}
