// Talking to a running sandbox (docs/configuration.md): where it is, with which key, and one line
// when it cannot be reached.
import { UsageError } from './options';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4545';
export const DEFAULT_API_KEY = 'sk_test_cli';

/** The options every command against a running sandbox takes, for parseArgs. */
export const TARGET_OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
} as const;

export const TARGET_USAGE = `  --base-url URL   the running sandbox (default ${DEFAULT_BASE_URL}; env PLS_BASE_URL)
  --api-key KEY    the API key sent (default ${DEFAULT_API_KEY}; env PLS_API_KEY)`;

export interface SandboxTarget {
  baseUrl: string;
  apiKey: string;
}

/** The sandbox a command talks to: the flag, else its PLS_ variable, else the default. */
export function targetOf(
  values: { 'base-url'?: string; 'api-key'?: string },
  env: NodeJS.ProcessEnv = process.env,
): SandboxTarget {
  const baseUrl = values['base-url'] ?? env.PLS_BASE_URL ?? DEFAULT_BASE_URL;
  const named =
    values['base-url'] === undefined && env.PLS_BASE_URL !== undefined ? 'PLS_BASE_URL' : '--base-url';
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(
      `${named} must be an http:// or https:// URL, such as ${DEFAULT_BASE_URL}; got "${baseUrl}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(
      `${named} must be an http:// or https:// URL, such as ${DEFAULT_BASE_URL}; got "${baseUrl}"`,
    );
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: values['api-key'] ?? env.PLS_API_KEY ?? DEFAULT_API_KEY,
  };
}

/** No answer from the sandbox at all: the message is the one line the command prints. */
export class SandboxUnreachable extends Error {}

export interface SandboxAnswer {
  status: number;
  body: { data?: unknown; error?: { code: string; message: string } } | undefined;
}

const TIMEOUT_MS = 30_000;

/** One keyed request; a refused connection, a timeout or an answer that is not JSON is SandboxUnreachable. */
export async function callSandbox(
  target: SandboxTarget,
  method: string,
  path: string,
  body?: unknown,
): Promise<SandboxAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${target.apiKey}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(target.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (err as Error).message;
    throw new SandboxUnreachable(
      `cannot reach the sandbox at ${target.baseUrl} (${why}); start it with "payment-links-sandbox serve", or point --base-url / PLS_BASE_URL at it`,
    );
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as SandboxAnswer['body'] };
  } catch {
    throw new SandboxUnreachable(
      `${target.baseUrl} answered ${method} ${path} with ${response.status} and no JSON: is it a Payment Links Sandbox?`,
    );
  }
}
