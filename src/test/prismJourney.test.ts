// The proof that /openapi.json is a document a validator no one here wrote agrees with (issue 31):
// Prism (@stoplight/prism-cli), in proxy mode with --errors, stands in front of a real sandbox and
// a journey walks every operation through it, valid and bent. The test fails on any answer Prism
// finds outside the document, and on any request Prism refuses that the sandbox, asked directly,
// accepts. Every answer is also checked by the harness's own validator (ajv).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { concretePath, documentOperations } from './documentOperations';
import {
  createBody,
  eventually,
  forTheFile,
  KEY,
  startTestSandbox,
  TEST_SECRET,
  type ApiCall,
  type ApiResponse,
} from './harness';
import { checkAgainstOpenApi, openApiDocument, templateFor } from './openApiCheck';
import { WebhookReceiver } from './webhookReceiver';

type Json = any;

/** Prism's CLI, from the devDependency. */
function prismBin(): string {
  const manifest = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { prism: string } };
  return join(dirname(manifest), bin.prism);
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

interface Prism {
  origin: string;
  stop(): Promise<void>;
}

/** Prism in proxy mode with --errors, in front of `upstream`, once it answers. */
async function startPrism(upstream: string, doc: Json, dir: string): Promise<Prism> {
  const file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [prismBin(), 'proxy', file, upstream, '--errors', '--port', String(port), '--host', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<boolean>((resolve) => child.once('exit', () => resolve(false)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill();
    await exited;
  };
  const started = Date.now();
  for (;;) {
    const up = await Promise.race([
      fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (up) return { origin, stop };
    if (child.exitCode !== null)
      throw new Error(`Prism exited (${child.exitCode}) before listening:\n${output}`);
    if (Date.now() - started > 120_000) {
      await stop();
      throw new Error(`Prism did not listen within 2 minutes:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const served = forTheFile(
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pls-prism-'));
    const sandbox = await startTestSandbox({ inMemory: true });
    const receiver = await WebhookReceiver.start();
    const doc: Json = await openApiDocument(sandbox.origin);
    const prism = await startPrism(sandbox.origin, doc, dir);
    return { sandbox, receiver, doc, prism, dir };
  },
  async ({ sandbox, receiver, prism, dir }) => {
    await prism.stop();
    await sandbox.stop();
    await receiver.stop();
    await rm(dir, { recursive: true, force: true });
  },
);

/** Operations (`GET /payment-links/{id}`) a request went through Prism to, and those answered 2xx. */
const reached = new Set<string>();
const succeeded = new Set<string>();
let refusedByPrism = 0;

/**
 * One request through Prism, built as callApi builds it. Prism's verdict on the answer fails the
 * test; a request Prism refuses is sent to the sandbox directly, and fails the test if accepted.
 * Answers the sandbox's answer, whichever way it came.
 */
async function through<T = any>(method: string, path: string, call: ApiCall = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...call.headers };
  const key = call.key === undefined ? (path.startsWith('/_') ? null : KEY) : call.key;
  if (key !== null) headers.authorization ??= `Bearer ${key}`;
  let body = call.raw;
  if (body === undefined && call.body !== undefined) {
    body = JSON.stringify(call.body);
    headers['content-type'] ??= 'application/json';
  }
  const where = `${method} ${path}`;
  const res = await fetch(served.prism.origin + path, { method, headers, body });
  const text = await res.text();
  const violations = res.headers.get('sl-violations');
  assert.equal(
    violations,
    null,
    `Prism finds ${where} → ${res.status} outside the document: ${violations}\n${text}`,
  );
  const type = res.headers.get('content-type') ?? '';
  // Every answer of the sandbox carries X-Request-Id; one without it is Prism's own: a request it
  // refused (a problem+json, or its parser's 400 on broken JSON), or the answer it rejected.
  if (!res.headers.has('x-request-id')) {
    assert.doesNotMatch(text, /prism\/errors#VIOLATIONS/, `Prism: ${where} → ${text}`);
    refusedByPrism++;
    const direct = await served.sandbox.api<T>(method, path, { ...call, key, headers: call.headers });
    assert.ok(
      direct.status >= 400,
      `Prism refuses ${where} (${res.status} ${text.slice(0, 300)}), but the sandbox accepts it: ${direct.status} ${direct.text.slice(0, 300)}`,
    );
    return direct;
  }
  const template = templateFor(served.doc, path);
  assert.ok(template, `${path} is in no path of the document`);
  const operation = `${method} ${template}`;
  reached.add(operation);
  if (res.status < 300) succeeded.add(operation);
  const json = type.includes('json') && text !== '' ? JSON.parse(text) : undefined;
  if (json !== undefined) await checkAgainstOpenApi(served.sandbox.origin, method, path, res.status, json);
  return { status: res.status, headers: res.headers, text, body: json as T };
}

/** A step of the journey that must succeed: its answer's status, checked. */
async function ok<T = any>(status: number, method: string, path: string, call?: ApiCall): Promise<T> {
  const res = await through(method, path, call);
  assert.equal(res.status, status, `${method} ${path}: ${res.text.slice(0, 400)}`);
  return res.body?.data as T;
}

const NEXT_SECRET = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
const consolePath = (path: string) => `/_console/api${path}`;

test(
  'the Payment Links API, the keyed /sandbox routes and the inbox, valid',
  { timeout: 180_000 },
  async () => {
    await ok(200, 'GET', '/healthz');
    const endpoint = await ok(201, 'POST', '/sandbox/endpoints', {
      body: { url: served.receiver.url, secret: TEST_SECRET },
    });
    await ok(200, 'GET', '/sandbox/endpoints');
    await ok(200, 'GET', `/sandbox/endpoints/${endpoint.id}`);
    await ok(200, 'PATCH', `/sandbox/endpoints/${endpoint.id}`, {
      body: { description: 'journey', secret: NEXT_SECRET },
    });

    const link = await ok(201, 'POST', '/payment-links', {
      body: createBody({ reference_id: 'journey_1' }),
      headers: { 'idempotency-key': 'journey-create-1' },
    });
    await ok(201, 'POST', '/payment-links', {
      body: createBody({ reference_id: 'journey_1' }),
      headers: { 'idempotency-key': 'journey-create-1' },
    });
    await ok(200, 'GET', '/payment-links?status=pending&per_page=5');
    await ok(200, 'GET', `/payment-links/${link.id}`);
    await ok(200, 'POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    const [delivery] = await ok(200, 'GET', `/sandbox/deliveries?link=${link.id}&status=delivered&wait=30`);
    assert.ok(delivery, 'the paid webhook was delivered');
    await ok(200, 'GET', `/sandbox/deliveries/${delivery.id}`);
    await ok(200, 'GET', `/sandbox/events?link=${link.id}&type=payment_link.paid`);
    await ok(200, 'POST', `/sandbox/deliveries/${delivery.id}/resend`);
    await eventually(
      async () =>
        (await through('POST', `/sandbox/events/${delivery.event_id}/resend`)).status === 200
          ? true
          : undefined,
      'the event resent once its delivery is off the wire',
    );
    const other = await ok(201, 'POST', '/payment-links', { body: createBody() });
    await ok(200, 'POST', `/payment-links/${other.id}/cancel`);

    await ok(200, 'GET', '/sandbox/clock');
    await ok(200, 'POST', '/sandbox/clock/advance', {
      body: { seconds: 60 },
      headers: { 'idempotency-key': 'journey-advance' },
    });
    await ok(200, 'POST', '/sandbox/clock/freeze');
    await ok(200, 'POST', '/sandbox/clock/resume', { body: {} });
    await ok(200, 'POST', '/sandbox/clock/reset');

    await ok(200, 'PUT', '/sandbox/inbox/journey', { body: { status: 202, sequence: [418, 503] } });
    const first = await ok(418, 'POST', '/_inbox/journey', {
      raw: 'plain text',
      headers: { 'content-type': 'text/plain' },
    });
    await ok(503, 'PATCH', '/_inbox/journey');
    await ok(202, 'PUT', '/_inbox/journey', { body: { any: ['json'] } });
    await ok(202, 'PATCH', '/_inbox/journey');
    await ok(200, 'PUT', '/sandbox/inbox/journey', { body: { status: 204 } });
    await ok(204, 'POST', '/_inbox/journey', {
      raw: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    await ok(200, 'PUT', '/sandbox/inbox/journey');
    const since = await ok(200, 'GET', `/sandbox/inbox/journey/messages?since=${first.message_id}`);
    assert.equal(since.length, 4);
    await ok(200, 'DELETE', '/sandbox/inbox/journey/messages');

    const rule = await ok(201, 'POST', '/sandbox/faults', {
      body: {
        match: { method: 'GET', path: '/payment-links/:id' },
        action: { type: 'status', status: 503 },
        remaining: 1,
      },
    });
    await ok(503, 'GET', `/payment-links/${link.id}`);
    await ok(201, 'POST', '/sandbox/faults', {
      body: {
        match: { path: '/payment-links' },
        action: { type: 'status', status: 429, retry_after_seconds: 1 },
      },
    });
    await ok(429, 'GET', '/payment-links');
    await ok(200, 'GET', '/sandbox/faults');
    const second = await ok(201, 'POST', '/sandbox/faults', {
      body: { match: { method: 'POST' }, action: { type: 'latency', ms: 1 } },
    });
    await ok(200, 'DELETE', `/sandbox/faults/${second.id}`);
    await ok(200, 'DELETE', '/sandbox/faults');
    assert.ok(rule.id);

    const logs = await through('GET', '/sandbox/logs?limit=5');
    assert.equal(logs.status, 200);
    await ok(200, 'GET', `/sandbox/logs?since=${logs.body.cursor}`);

    const check = await ok(202, 'POST', '/sandbox/endpoint-checks', {
      body: { url: served.receiver.url, secret: TEST_SECRET },
    });
    await ok(200, 'GET', `/sandbox/endpoint-checks/${check.id}?wait=60`);

    const worker = 'sk_test_ws_journey';
    await ok(201, 'POST', '/payment-links', { body: createBody(), key: worker });
    await ok(200, 'GET', '/sandbox/workspace', { key: worker });
    await ok(200, 'GET', '/sandbox/workspaces');
    await ok(200, 'DELETE', '/sandbox/workspace', { key: worker });

    await ok(200, 'DELETE', `/sandbox/endpoints/${endpoint.id}`);
    await ok(200, 'POST', '/sandbox/reset');
  },
);

test('the console API, valid', { timeout: 180_000 }, async () => {
  await ok(200, 'GET', consolePath('/settings'));
  await ok(200, 'PATCH', consolePath('/settings'), { body: { link_lifetime_seconds: 86_400 } });
  await ok(200, 'GET', consolePath('/queue'));
  await ok(200, 'GET', consolePath('/server'));
  await ok(200, 'GET', consolePath('/workspaces'));

  const link = await ok(201, 'POST', consolePath('/links'), { body: createBody() });
  await ok(200, 'GET', consolePath('/links?status=pending'));
  await ok(200, 'GET', consolePath(`/links/${link.id}?workspace=default`));
  await ok(200, 'GET', consolePath(`/links/position?id=${link.id}`));
  await ok(200, 'POST', consolePath(`/links/${link.id}/simulate`), { body: { event: 'paid' } });
  const pending = await ok(201, 'POST', consolePath('/links'), { body: createBody() });
  await ok(200, 'POST', consolePath(`/links/${pending.id}/cancel`));
  const samples = await ok(201, 'POST', consolePath('/links/samples'), { body: { count: 2 } });
  assert.ok(samples);
  const bulk = await ok(201, 'POST', consolePath('/links'), { body: createBody() });
  await ok(200, 'POST', consolePath('/links/bulk'), { body: { ids: [bulk.id], action: 'failed' } });

  const endpoint = await ok(201, 'POST', consolePath('/endpoints'), { body: { url: served.receiver.url } });
  await ok(200, 'GET', consolePath('/endpoints'));
  await ok(200, 'GET', consolePath(`/endpoints/${endpoint.id}`));
  await ok(200, 'PATCH', consolePath(`/endpoints/${endpoint.id}`), {
    body: { description: 'console journey' },
  });
  await ok(200, 'POST', consolePath(`/endpoints/${endpoint.id}/rotate-secret`));
  await ok(201, 'POST', consolePath(`/endpoints/${endpoint.id}/test`), {
    body: { event_type: 'payment_link.failed' },
  });
  const check = await ok(202, 'POST', consolePath(`/endpoints/${endpoint.id}/checks`));
  await ok(200, 'GET', consolePath(`/endpoints/${endpoint.id}/checks`));
  await ok(200, 'GET', consolePath(`/endpoints/${endpoint.id}/checks/${check.id}?wait=60`));
  await ok(200, 'GET', consolePath('/webhook-events'));

  await ok(200, 'POST', consolePath('/queue/pause'));
  const held = await ok(201, 'POST', consolePath('/links'), { body: createBody() });
  await ok(200, 'POST', consolePath(`/links/${held.id}/simulate`), { body: { event: 'failed' } });
  const dropped = await ok(201, 'POST', consolePath('/links'), { body: createBody() });
  await ok(200, 'POST', consolePath(`/links/${dropped.id}/simulate`), { body: { event: 'paid' } });
  const [queued] = await ok(200, 'GET', consolePath(`/deliveries?link_id=${held.id}`));
  const [toDrop] = await ok(200, 'GET', consolePath(`/deliveries?link_id=${dropped.id}`));
  await ok(200, 'DELETE', consolePath(`/deliveries/${toDrop.id}`));
  await ok(200, 'POST', consolePath(`/deliveries/${queued.id}/retry`));
  await ok(200, 'POST', consolePath('/queue/resume'), { body: {} });
  const done = await eventually(async () => {
    const read = await through('GET', consolePath(`/deliveries/${queued.id}`));
    return read.body.data.status === 'delivered' ? read.body.data : undefined;
  }, 'the retried delivery delivered');
  await ok(200, 'POST', consolePath(`/deliveries/${done.id}/resend`));
  await ok(200, 'GET', consolePath('/deliveries?order=updated&per_page=10'));

  await ok(200, 'GET', consolePath('/requests?scope=all'));
  // The newest API request, to read, replay and export as a scenario.
  await ok(200, 'GET', '/payment-links');
  const [entry] = await ok(200, 'GET', consolePath('/requests'));
  await ok(200, 'GET', consolePath(`/requests/${entry.seq}`));
  await ok(200, 'POST', consolePath(`/requests/${entry.seq}/replay`));
  await ok(200, 'POST', consolePath('/requests/scenario'), { body: { seqs: [entry.seq], name: 'journey' } });

  await ok(200, 'PUT', consolePath('/inbox/console_journey'), { body: { status: 201 } });
  const message = await ok(201, 'POST', '/_inbox/console_journey', { body: { hello: 'inbox' } });
  await ok(200, 'GET', consolePath('/inbox'));
  await ok(200, 'GET', consolePath('/inbox/console_journey/messages'));
  await ok(200, 'GET', consolePath(`/inbox/console_journey/messages/${message.message_id}`));
  await ok(200, 'POST', consolePath(`/inbox/console_journey/messages/${message.message_id}/forward`), {
    body: { url: served.receiver.url },
  });
  await ok(200, 'DELETE', consolePath('/inbox/console_journey/messages'));

  const rule = await ok(201, 'POST', consolePath('/faults'), {
    body: { match: { path: '/payment-links' }, action: { type: 'drop' }, probability: 0.5, seed: 7 },
  });
  await ok(200, 'GET', consolePath('/faults'));
  await ok(200, 'PATCH', consolePath(`/faults/${rule.id}`), { body: { enabled: false } });
  await ok(200, 'DELETE', consolePath(`/faults/${rule.id}`));

  await ok(200, 'GET', consolePath('/clock'));
  await ok(200, 'POST', consolePath('/clock/advance'), {
    body: { to: new Date(Date.now() + 3_600_000).toISOString() },
  });
  await ok(200, 'POST', consolePath('/clock/freeze'));
  await ok(200, 'POST', consolePath('/clock/resume'));
  await ok(200, 'GET', consolePath('/clock/home'));
  await ok(200, 'POST', consolePath('/clock/reset'));

  await ok(200, 'DELETE', consolePath(`/endpoints/${endpoint.id}`));
  await ok(200, 'DELETE', consolePath('/deliveries'));
  const exported = await through('GET', consolePath('/store/export'));
  assert.equal(exported.status, 200);
  await ok(200, 'POST', consolePath('/store/import/check'), {
    raw: exported.text,
    headers: { 'content-type': 'application/json' },
  });
  await ok(200, 'POST', consolePath('/store/reset'), { body: { keep_settings: true } });
  await ok(200, 'POST', consolePath('/store/import'), {
    raw: exported.text,
    headers: { 'content-type': 'application/json' },
  });
});

test(
  'every operation, bent: what Prism refuses the sandbox refuses, and what it passes is answered as documented',
  { timeout: 300_000 },
  async () => {
    // No `null` body: Prism 5 reads one as no body and forwards the request without it (a reset is
    // then done; a DELETE keeps its Content-Length and hangs the upstream). routeInputs.test.ts sends
    // null to every bodiless route directly.
    const BODIES: [string, string, string][] = [
      ['an array', 'application/json', '[]'],
      ['an unknown field', 'application/json', '{"zz": 1}'],
      ['broken JSON', 'application/json', '{"amount": '],
      ['text', 'text/plain', 'hello'],
    ];
    for (const operation of documentOperations(served.doc)) {
      const { method, path, op } = operation;
      // The inbox takes anything (checked above); the event stream answers 200 and stays open.
      if (path.startsWith('/_inbox/')) continue;
      await through(method, concretePath(operation, { zz: '1' }));
      if (path === '/_console/api/events') continue;
      if (op.requestBody)
        for (const [, type, raw] of BODIES)
          await through(method, concretePath(operation), { raw, headers: { 'content-type': type } });
      if (!path.startsWith('/_') && path !== '/healthz')
        await through(method, concretePath(operation), { key: null });
      for (const param of (op.parameters ?? []).filter(
        (p: Json) => p.in === 'path' && (p.schema?.pattern || p.schema?.format),
      ))
        await through(
          method,
          operation.path.replace(`{${param.name}}`, 'not%20valid').replace(/\{[^}]+\}/g, 'x'),
        );
    }
    // Bent values where a schema says what is allowed.
    await through('POST', '/payment-links', { body: { amount: '100', title: 'A string amount' } });
    await through('POST', '/payment-links', { body: { amount: 0, title: 'Nothing' } });
    await through('POST', '/payment-links', { body: createBody(), headers: { 'idempotency-key': '' } });
    await through('POST', '/payment-links', {
      body: createBody(),
      headers: { 'idempotency-key': 'k'.repeat(256) },
    });
    await through('POST', '/sandbox/clock/advance', { body: { seconds: 60, to: new Date().toISOString() } });
    await through('POST', '/sandbox/clock/advance', { body: { seconds: -5 } });
    await through('PUT', '/sandbox/inbox/bent', { body: { status: 99 } });
    await through('GET', '/sandbox/inbox/bent/messages?since=log_0123abcd_1');
    await through('GET', '/sandbox/logs?limit=0');
    await through('GET', '/payment-links?per_page=101');
    await through('GET', '/payment-links?created_after=yesterday');
    await through('PATCH', '/sandbox/endpoints/we_x', { body: { secret: 'hunter2' } });
    await through('POST', '/sandbox/endpoints', { body: { url: 'ftp://files.example/hooks' } });
    await through('GET', '/_console/api/links?workspace=not-a-name!');
    await through('POST', '/_console/api/inbox/x/messages/msg_0/forward', {
      body: { url: 'file:///etc/passwd' },
    });
    assert.ok(refusedByPrism > 100, `Prism refused only ${refusedByPrism} bent requests`);
  },
);

test('the journey reached every operation through Prism, and every one but the event stream answered 2xx', () => {
  const all = documentOperations(served.doc).map(({ method, path }) => `${method} ${path}`);
  assert.deepEqual(
    all.filter((operation) => !reached.has(operation)),
    [],
    'operations no request reached through Prism',
  );
  assert.deepEqual(
    all.filter((operation) => !succeeded.has(operation) && operation !== 'GET /_console/api/events'),
    [],
    'operations never answered 2xx through Prism',
  );
});
