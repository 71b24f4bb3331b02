// Talking to a running sandbox, for the commands that do (listen, trigger, events, logs, status):
// where it is, which key, and requests that fail with one clear line. They use only the keyed
// routes (the Payment Links API and /sandbox/*), never the console's own API.
import { KeyedClient, NoAnswer } from '../core/keyedClient';
import { API_KEY_WORDS, isApiKey } from '../shared/apiKey';
import { DEFAULT_PORT, localOrigin } from '../shared/serverOrigin';
import { parseArgv, UsageError } from './usageError';
import { helpTable, synopsis, type HelpRow } from './usageText';

export const DEFAULT_BASE_URL = localOrigin('127.0.0.1', DEFAULT_PORT);
export const DEFAULT_API_KEY = 'sk_test_cli';
/** A plain request gets this long; a stream or a long-poll is bounded by the caller instead. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Why a command stops: 1 when the sandbox failed it or cannot be reached, 2 for bad usage. */
export class CommandFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
    /** The HTTP status the sandbox answered, when the failure is its answer. */
    readonly status?: number,
    /** Bad usage shows the command's usage line; a file it cannot write is no mistake of typing. */
    readonly showsUsage = exitCode === 2,
  ) {
    super(message);
  }
}

/** The options every command against a running sandbox takes, last in its help table. */
export const TARGET_OPTIONS: HelpRow[] = [
  [
    '--base-url URL',
    `the running sandbox (default: PLS_BASE_URL, else PLS_HOST and PLS_PORT\nas serve reads them, else ${DEFAULT_BASE_URL})`,
  ],
  ['--api-key KEY', `an sk_test_ key it accepts (default: PLS_API_KEY, else ${DEFAULT_API_KEY})`],
  ['--help', 'show this help'],
];

/** A command's Options table: its own rows, then the target options, in one column. */
export const targetOptions = (own: HelpRow[] = []): string => helpTable([...own, ...TARGET_OPTIONS]);

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

/** argv parsed with the target options added; bad usage is a CommandFailure with exit code 2. */
export function parseCommand<O extends OptionSpec>(argv: string[], options: O, usage?: string) {
  const all = {
    ...options,
    'base-url': { type: 'string' },
    'api-key': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as O & {
    'base-url': { type: 'string' };
    'api-key': { type: 'string' };
    help: { type: 'boolean'; short: 'h' };
  };
  try {
    return parseArgv(argv, all, true, usage);
  } catch (err) {
    if (err instanceof UsageError) throw new CommandFailure(err.message, 2);
    throw err;
  }
}

/**
 * A command that talks to a running sandbox, whole: its argv parsed with the target options,
 * --help printing `usage`, then `body` with what was given; run as runCommand runs it.
 */
export function targetCommand<O extends OptionSpec>(
  name: string,
  usage: string,
  options: O,
  body: (given: ReturnType<typeof parseCommand<O>>) => Promise<number>,
): (argv: string[]) => Promise<number> {
  return (argv) =>
    runCommand(
      name,
      async () => {
        const given = parseCommand(argv, options, usage);
        if ((given.values as { help?: boolean }).help) {
          console.log(usage);
          return 0;
        }
        return body(given);
      },
      usage,
    );
}

/** For a command that takes no argument but its options. */
export function noArguments(positionals: string[]): void {
  if (positionals.length > 0)
    throw new CommandFailure(`unexpected argument "${positionals[0]}" (see --help)`, 2);
}

/**
 * Runs a command's body; a CommandFailure becomes one line on stderr and its exit code. Bad usage
 * (exit 2) is followed by the first line of `usage`, so the reader sees what to type.
 */
export async function runCommand(name: string, body: () => Promise<number>, usage?: string): Promise<number> {
  try {
    return await body();
  } catch (err) {
    if (!(err instanceof CommandFailure)) throw err;
    console.error(`payment-links-sandbox ${name}: ${err.message}`);
    if (err.showsUsage && usage !== undefined) console.error(synopsis(usage));
    return err.exitCode;
  }
}

/** The sandbox's error envelope, when the answer is one. */
function errorLine(status: number, text: string): string {
  try {
    const { error } = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (error?.message) return `the sandbox answered ${status} ${error.code}: ${error.message}`;
  } catch {
    // Not JSON: not a sandbox answering, or something in front of it.
  }
  return `the sandbox answered ${status}: ${text.slice(0, 200) || '(no body)'}`;
}

/**
 * What is wrong with a --base-url, or null: every command that talks to a sandbox (or another
 * server speaking the API) takes the same origin, where the API's paths start.
 */
export function baseUrlProblem(text: string, name = '--base-url'): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${name} must be an http:// or https:// URL; got "${text}"`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `${name} must be an http:// or https:// URL; got "${text}"`;
  if (url.search || url.hash)
    return `${name} is where the API's paths start: leave out "?" and "#" (got "${text}")`;
  return null;
}

/**
 * --base-url or --api-key as a command talking to a sandbox takes it: the flag, else its PLS_
 * variable, else (the base URL) the origin serve's own PLS_HOST and PLS_PORT give, else the
 * default; with the name it came from, for messages about it.
 */
export function targetOption(
  values: { 'base-url'?: string; 'api-key'?: string },
  flag: 'base-url' | 'api-key',
  env: NodeJS.ProcessEnv = process.env,
): { value: string; name: string } {
  const variable = flag === 'base-url' ? 'PLS_BASE_URL' : 'PLS_API_KEY';
  const given = values[flag];
  if (given !== undefined) return { value: given, name: `--${flag}` };
  const set = env[variable];
  if (set !== undefined) return { value: set, name: variable };
  if (flag === 'base-url') {
    const served = serveOrigin(env);
    if (served) return served;
  }
  return { value: flag === 'base-url' ? DEFAULT_BASE_URL : DEFAULT_API_KEY, name: `--${flag}` };
}

/**
 * Where a sandbox started with this environment's PLS_HOST and PLS_PORT is reached from here, when
 * either is set (the other: 127.0.0.1, 4545), so a command run beside `serve` finds it: in a
 * container started with PLS_PORT=4645, `payment-links-sandbox status` reaches its own server. A
 * bind to every interface (0.0.0.0, ::) is reached at 127.0.0.1. Not PORT: any app may set that.
 */
function serveOrigin(env: NodeJS.ProcessEnv): { value: string; name: string } | undefined {
  const { PLS_HOST: host, PLS_PORT: port } = env;
  if (host === undefined && port === undefined) return undefined;
  const name = host === undefined ? 'PLS_PORT' : port === undefined ? 'PLS_HOST' : 'PLS_HOST and PLS_PORT';
  const instead = 'or give --base-url / PLS_BASE_URL';
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))
    throw new CommandFailure(
      `PLS_PORT must be the port the sandbox listens on, a whole number from 1 to 65535 (${instead}); got "${port}"`,
      2,
    );
  const value = localOrigin(host ?? '127.0.0.1', Number(port ?? DEFAULT_PORT));
  if (host !== undefined && (!/^[^\s/?#@]+$/.test(host) || !URL.canParse(value)))
    throw new CommandFailure(
      `PLS_HOST must be the host name or address the sandbox listens on, such as 127.0.0.1 (${instead}); got "${host}"`,
      2,
    );
  return { value, name };
}

/** A running sandbox, as --base-url / PLS_BASE_URL and --api-key / PLS_API_KEY name it. */
export class SandboxClient {
  private readonly client: KeyedClient;

  private constructor(baseUrl: string, apiKey: string) {
    this.client = new KeyedClient(baseUrl, apiKey);
  }

  get baseUrl(): string {
    return this.client.baseUrl;
  }

  get apiKey(): string {
    return this.client.apiKey;
  }

  static from(
    values: { 'base-url'?: string; 'api-key'?: string },
    env: NodeJS.ProcessEnv = process.env,
  ): SandboxClient {
    const base = targetOption(values, 'base-url', env);
    const problem = baseUrlProblem(base.value, base.name);
    if (problem) throw new CommandFailure(problem, 2);
    const { value: key, name } = targetOption(values, 'api-key', env);
    if (!isApiKey(key))
      throw new CommandFailure(`${name} must be ${API_KEY_WORDS}; got "${key.slice(0, 12)}…"`, 2);
    return new SandboxClient(base.value, key);
  }

  /** The same sandbox, called with another key (another workspace's, docs/contract.md §15). */
  withKey(apiKey: string): SandboxClient {
    return new SandboxClient(this.baseUrl, apiKey);
  }

  /**
   * The answer to a request, whatever its status, its body unread (a stream is read as it comes);
   * unreachable is a CommandFailure (exit 1). Without a signal of the caller's, it gets 30 s.
   */
  async fetch(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {},
  ): Promise<Response> {
    try {
      return await this.client.open(init.method ?? 'GET', path, {
        headers: init.headers,
        body: init.body,
        signal: init.signal,
        timeoutMs: init.signal ? undefined : REQUEST_TIMEOUT_MS,
      });
    } catch (err) {
      throw this.unreachable(err);
    }
  }

  /** A JSON request that must succeed: its parsed answer, or a CommandFailure naming the sandbox's error. */
  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    let answer;
    try {
      answer = await this.client.send(method, path, { body, timeoutMs: REQUEST_TIMEOUT_MS });
    } catch (err) {
      throw this.unreachable(err);
    }
    if (answer.status < 200 || answer.status > 299)
      throw new CommandFailure(errorLine(answer.status, answer.text), 1, answer.status);
    if (answer.json === undefined)
      throw new CommandFailure(
        `${this.baseUrl}${path} answered ${answer.status} with something other than JSON: is it a Payment Links Sandbox?`,
        1,
      );
    return answer.json as T;
  }

  private unreachable(err: unknown): unknown {
    if (!(err instanceof NoAnswer)) return err;
    if (err.timedOut)
      return new CommandFailure(`the sandbox at ${this.baseUrl} did not answer within 30 s`, 1);
    return new CommandFailure(
      `cannot reach the sandbox at ${this.baseUrl} (${err.code}); start it with "payment-links-sandbox serve", or give --base-url / PLS_BASE_URL`,
      1,
    );
  }
}
