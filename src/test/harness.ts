import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type StartOptions } from '../core';
import type { Clock } from '../core/clock';
import type { WebhookDelivery } from '../shared/types';
import { checkAgainstOpenApi } from './openApiCheck';
import { after, before } from 'node:test';

export const KEY = 'sk_test_harness';

/** A clock the test can move forward; everything else about the sandbox is real. */
export class TestClock implements Clock {
  offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface ApiCall {
  body?: unknown;
  key?: string | null;
  headers?: Record<string, string>;
  /** Sent as is, instead of JSON.stringify(body). */
  raw?: string;
}

export interface TestSandbox extends RunningSandbox {
  dir: string | undefined;
  clock: TestClock;
  api<T = any>(method: string, path: string, call?: ApiCall): Promise<ApiResponse<T>>;
  /** A console API call (`/_console/api` + path) as the console's own page makes it: no API key. */
  consoleApi<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse<T>>;
  /** Stops the server and, unless `keepDir`, removes its data directory. */
  stop(options?: { keepDir?: boolean }): Promise<void>;
}

/** A scenario file (docs/scenarios.md) `<name>.json` in `dir`, its format and version filled in. */
export async function writeScenario(
  dir: string,
  name: string,
  fields: Record<string, unknown>,
): Promise<string> {
  const file = join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify({ format: 'payment-links-sandbox/scenario', version: 1, ...fields }));
  return file;
}

/** POST /payment-links with `body`, as a client sends a create. */
export const postLink = (sandbox: TestSandbox, body: unknown, headers?: Record<string, string>) =>
  sandbox.api('POST', '/payment-links', { body, headers });

/** POST /payment-links with `raw` text as its body, JSON unless `headers` say otherwise. */
export const postRawLink = (
  sandbox: TestSandbox,
  raw: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) => sandbox.api('POST', '/payment-links', { raw, headers });

/** A valid signing secret for an endpoint a test makes: whsec_ and 24 bytes of base64. */
export const TEST_SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;

/** POST /sandbox/simulate: drives link `id` to paid (or `event`), as a test of the API does. */
export const simulate = (
  sandbox: TestSandbox,
  id: string,
  event = 'paid',
  extra: Record<string, unknown> = {},
): Promise<ApiResponse> =>
  sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: id, event, ...extra } });

export async function makeTempDir(prefix = 'pls-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/**
 * What a test file shares (a sandbox, a receiver): `start`ed before its tests and `stop`ped after
 * them. What this returns stands for it from the first test on; a use before then is a mistake,
 * said so.
 */
export function forTheFile<T extends object>(start: () => Promise<T>, stop: (value: T) => unknown): T {
  let value: T | undefined;
  before(async () => {
    value = await start();
  });
  after(() => (value === undefined ? undefined : stop(value)));
  const started = (name: string | symbol): T => {
    if (value === undefined) throw new Error(`${String(name)} is used before the file's tests start`);
    return value;
  };
  return new Proxy({} as T, {
    get(_target, name) {
      const it = started(name);
      const property = Reflect.get(it, name) as unknown;
      return typeof property === 'function' ? property.bind(it) : property;
    },
    set(_target, name, property) {
      return Reflect.set(started(name), name, property);
    },
  });
}

/** The in-memory sandbox a test file shares. */
export const fileSandbox = (
  options: Parameters<typeof startTestSandbox>[0] = { inMemory: true },
): TestSandbox =>
  forTheFile(
    () => startTestSandbox(options),
    (sandbox) => sandbox.stop(),
  );

/** What a test file starts as it goes: stopped, and its folders removed, once its tests are done. */
export function leftToCleanUp(): {
  sandboxes: TestSandbox[];
  receivers: { stop(): Promise<void> }[];
  dirs: string[];
} {
  const left = {
    sandboxes: [] as TestSandbox[],
    receivers: [] as { stop(): Promise<void> }[],
    dirs: [] as string[],
  };
  after(async () => {
    for (const sandbox of left.sandboxes) await sandbox.stop();
    for (const receiver of left.receivers) await receiver.stop();
    for (const dir of left.dirs) await rm(dir, { recursive: true, force: true });
  });
  return left;
}

/** A real sandbox on an ephemeral port with a real data directory (or in memory). */
export async function startTestSandbox(
  options: StartOptions & { inMemory?: boolean; clock?: TestClock } = {},
): Promise<TestSandbox> {
  const dir = options.inMemory ? undefined : (options.dataDir ?? (await makeTempDir()));
  const clock = options.clock ?? new TestClock();
  const sandbox = await startSandbox({ port: 0, schedulerIntervalMs: 50, ...options, dataDir: dir, clock });
  let stopped = false;
  return {
    ...sandbox,
    dir,
    clock,
    api: (method, path, call) => callApi(sandbox.origin, method, path, call),
    consoleApi: (method, path, body, headers) =>
      callApi(sandbox.origin, method, `/_console/api${path}`, { body, key: null, headers }),
    async stop({ keepDir = false } = {}) {
      if (!stopped) await sandbox.close();
      stopped = true;
      if (dir && !keepDir && !options.dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** One API call with fetch; every JSON response is checked against the served OpenAPI document. */
export async function callApi<T = any>(
  origin: string,
  method: string,
  path: string,
  call: ApiCall = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...call.headers };
  const key = call.key === undefined ? KEY : call.key;
  if (key !== null) headers.authorization ??= `Bearer ${key}`;
  let body: string | undefined = call.raw;
  if (body === undefined && call.body !== undefined) {
    body = JSON.stringify(call.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(origin + path, { method, headers, body });
  const text = await response.text();
  // A 204 or 304 has no body, whatever its Content-Type says.
  const json = response.headers.get('content-type')?.includes('json') && text !== '';
  const parsed = json ? JSON.parse(text) : undefined;
  if (parsed !== undefined) await checkAgainstOpenApi(origin, method, path, response.status, parsed);
  return { status: response.status, headers: response.headers, text, body: parsed as T };
}

/**
 * One request on its own connection, headers and body byte for byte: fetch will not send a foreign
 * Host, repeat a header, or frame a GET's body. A JSON answer is checked against the served
 * OpenAPI document as callApi's are, so the errors bent requests get are held to it too.
 */
export async function rawRequest(
  origin: string,
  options: { method?: string; path: string; headers?: OutgoingHttpHeaders; body?: string | Buffer },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const res = await sendRaw(origin, options);
  const type = res.headers['content-type'];
  if (typeof type === 'string' && type.includes('json') && res.text !== '')
    await checkAgainstOpenApi(
      origin,
      options.method ?? 'GET',
      options.path,
      res.status,
      JSON.parse(res.text),
    );
  return res;
}

function sendRaw(
  origin: string,
  options: { method?: string; path: string; headers?: OutgoingHttpHeaders; body?: string | Buffer },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const url = new URL(origin);
  const headers = options.headers ?? {};
  // Node frames a GET's or a DELETE's body only when told its length.
  const framed =
    options.body === undefined || 'content-length' in headers
      ? headers
      : { ...headers, 'content-length': Buffer.byteLength(options.body) };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: framed,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export const createBody = (extra: Record<string, unknown> = {}) => ({
  amount: 150_000,
  title: 'Order #1001',
  ...extra,
});

export async function createLink(sandbox: TestSandbox, extra: Record<string, unknown> = {}) {
  const res = await sandbox.api('POST', '/payment-links', { body: createBody(extra) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value, for outcomes the sandbox reaches on its own (expiry). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  tries = 100,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(20);
  }
  throw new Error(`never happened: ${what}`);
}

/** The sandbox's first delivery, once its first attempt has failed and a retry waits. */
export const firstDeliveryRetrying = (sandbox: TestSandbox): Promise<WebhookDelivery> =>
  eventually(async () => {
    const first = sandbox.core.store.state.deliveries.values().next().value;
    return first?.status === 'retrying' ? first : undefined;
  }, 'the first attempt to fail');
