// docs/contract.md §3: "No input, however malformed, may produce a 5xx or stop the server."
// A generated sweep of odd bodies, query strings, paths and headers. Every answer must be below 500
// and, when it is JSON, carry the contract's envelope; afterwards the server still creates links.
// Requests node's own HTTP parser refuses before the app sees them (a lying Content-Length,
// control characters in the request line) are left out: they never reach the product.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createBody, createLink, rawRequest, startTestSandbox, type TestSandbox } from './harness';

const KEY = 'sk_test_sweep';
const AUTH = { authorization: `Bearer ${KEY}` };
const JSON_TYPE = { 'content-type': 'application/json' };

let sandbox: TestSandbox;
let linkId: string;
const internalErrors: string[] = [];

before(async () => {
  sandbox = await startTestSandbox({
    inMemory: true,
    onInternalError: (err, request) =>
      internalErrors.push(`${request.method} ${request.url}: ${err.message}`),
  });
  linkId = (await createLink(sandbox)).id;
});
after(() => sandbox.stop());

interface Probe {
  label: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

type Raw = Awaited<ReturnType<typeof rawRequest>>;

/** What is wrong with an answer, if anything. */
function judge(probe: Probe, res: Raw): string | undefined {
  if (res.status >= 500) return `status ${res.status}: ${res.text.slice(0, 200)}`;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('json') || probe.method === 'HEAD') return undefined;
  let body;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `Content-Type ${type} but the body is not JSON: ${res.text.slice(0, 120)}`;
  }
  // A trailing slash is the same route, and the OpenAPI document is the one JSON without an envelope.
  if (typeof body?.openapi === 'string') return undefined;
  const requestId = body?.meta?.request_id;
  if (typeof requestId !== 'string' || !requestId.startsWith('req_')) {
    return `no meta.request_id: ${res.text.slice(0, 200)}`;
  }
  if (res.headers['x-request-id'] !== requestId)
    return `X-Request-Id ${res.headers['x-request-id']} ≠ ${requestId}`;
  if (res.status >= 400) {
    const e = body.error;
    if (!e || typeof e.type !== 'string' || typeof e.code !== 'string' || typeof e.message !== 'string') {
      return `${res.status} without the error envelope: ${res.text.slice(0, 200)}`;
    }
    if (e.code === 'internal_error' || e.type === 'api_error') return `internal error: ${e.message}`;
  } else if (!('data' in body)) return `${res.status} without data: ${res.text.slice(0, 200)}`;
  else if (body.pagination) {
    for (const [k, v] of Object.entries(body.pagination)) {
      if (!Number.isInteger(v)) return `pagination.${k} is ${JSON.stringify(v)}`;
    }
  }
  return undefined;
}

async function sweep(probes: Probe[]): Promise<void> {
  const problems: string[] = [];
  for (const probe of probes) {
    try {
      const headers: Record<string, string> = { ...AUTH, ...probe.headers };
      // Frame every body explicitly: node's client sends a GET or DELETE body unframed, which is a
      // broken request (and a poisoned keep-alive socket) rather than a malformed input.
      if (probe.body !== undefined && headers['transfer-encoding'] === undefined) {
        headers['content-length'] = String(Buffer.byteLength(probe.body));
      }
      const res = await rawRequest(sandbox.origin, {
        method: probe.method ?? 'GET',
        path: probe.path,
        headers,
        body: probe.body,
      });
      const problem = judge(probe, res);
      if (problem) problems.push(`${probe.label} → ${problem}`);
    } catch (err) {
      problems.push(`${probe.label} → the request failed: ${(err as Error).message}`);
    }
  }
  assert.deepEqual(problems, [], `${problems.length} of ${probes.length} answers were wrong`);
  await stillServing();
}

async function stillServing(): Promise<void> {
  const res = await sandbox.api('GET', '/payment-links?per_page=1');
  assert.equal(res.status, 200, res.text);
}

// ---- bodies ------------------------------------------------------------------------------------

const nest = (depth: number, open: string, close: string, inner = '') =>
  open.repeat(depth) + inner + close.repeat(depth);
const withFields = (fields: string) => `{"amount":150000,"title":"t",${fields}}`;

function weirdBodies(): [string, string][] {
  const manyKeys = JSON.stringify(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i])));
  return [
    ['empty', ''],
    ['whitespace', ' \n\t '],
    ['lone brace', '{'],
    ['closing brace', '}'],
    ['empty object', '{}'],
    ['empty array', '[]'],
    ['null', 'null'],
    ['true', 'true'],
    ['false', 'false'],
    ['zero', '0'],
    ['minus zero', '-0'],
    ['string', '"payment"'],
    ['empty string', '""'],
    ['string holding JSON', JSON.stringify(JSON.stringify(createBody()))],
    ['NaN text', 'NaN'],
    ['Infinity text', 'Infinity'],
    ['undefined text', 'undefined'],
    ['single quotes', "{'amount':1,'title':'t'}"],
    ['bare keys', '{amount:1,title:"t"}'],
    ['trailing comma', '{"amount":1,"title":"t",}'],
    ['trailing garbage', '{"amount":1,"title":"t"} x'],
    ['two objects', '{"amount":1,"title":"t"}{"amount":2}'],
    ['comment', '{"amount":1,/* c */"title":"t"}'],
    ['BOM first', `\ufeff${JSON.stringify(createBody())}`],
    ['deep arrays', nest(20_000, '[', ']')],
    ['deep objects', nest(9_000, '{"a":', '}', '1')],
    ['deep object in a known field', withFields(`"note":${nest(5_000, '{"a":', '}', '1')}`)],
    ['deep array in an unknown field', withFields(`"x":${nest(10_000, '[', ']')}`)],
    ['amount 1e309 (Infinity)', '{"amount":1e309,"title":"t"}'],
    ['amount -1e309', '{"amount":-1e309,"title":"t"}'],
    ['amount 1e-400', '{"amount":1e-400,"title":"t"}'],
    ['amount with 40 digits', `{"amount":${'9'.repeat(40)},"title":"t"}`],
    ['amount 2^53+1', '{"amount":9007199254740993,"title":"t"}'],
    ['amount -0', '{"amount":-0,"title":"t"}'],
    ['amount 1.0', '{"amount":1.0,"title":"t"}'],
    ['amount 1e2', '{"amount":1e2,"title":"t"}'],
    ['amount NaN', '{"amount":NaN,"title":"t"}'],
    ['amount hex', '{"amount":0x10,"title":"t"}'],
    ['amount an array', '{"amount":[1],"title":"t"}'],
    ['amount an operator object', '{"amount":{"$gt":0},"title":"t"}'],
    ['title emoji ×255', JSON.stringify(createBody({ title: '😀'.repeat(255) }))],
    ['title emoji ×256', JSON.stringify(createBody({ title: '😀'.repeat(256) }))],
    ['title combining marks', JSON.stringify(createBody({ title: `e${'\u0301'.repeat(300)}` }))],
    ['title right-to-left', JSON.stringify(createBody({ title: '\u202eدفع\u202c' }))],
    ['title escaped NUL', JSON.stringify(createBody({ title: 'a\u0000b' }))],
    ['title raw NUL byte', '{"amount":1,"title":"a\u0000b"}'],
    ['raw NUL outside strings', '{"amount":1,\u0000"title":"t"}'],
    ['title lone surrogate', '{"amount":1,"title":"\\ud800"}'],
    ['title reversed surrogates', '{"amount":1,"title":"\\udc00\\ud800"}'],
    [
      'note all control characters',
      JSON.stringify(createBody({ note: String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i)) })),
    ],
    // rawRequest hands the body to req.end(), which writes a Buffer as is: raw bytes, not UTF-8.
    ['invalid UTF-8 bytes', Buffer.from('{"amount":1,"title":"\xff\xfe"}', 'latin1') as unknown as string],
    ['__proto__ key', '{"__proto__":{"polluted":true},"amount":1,"title":"t"}'],
    ['__proto__ null', withFields('"__proto__":null')],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}},"amount":1,"title":"t"}'],
    ['hasOwnProperty key', withFields('"hasOwnProperty":1')],
    ['toString key', withFields('"toString":"x"')],
    ['valueOf key', withFields('"valueOf":{}')],
    ['empty key', withFields('"":1')],
    ['key with NUL', withFields('"a\\u0000b":1')],
    ['duplicate keys, bad last', '{"amount":1,"amount":"x","title":"t"}'],
    ['duplicate keys, good last', '{"amount":"x","amount":2,"title":"t"}'],
    ['duplicate title null last', '{"title":"a","amount":1,"title":null}'],
    ['array of bodies', JSON.stringify([createBody(), createBody()])],
    ['3000 unknown keys', manyKeys],
    ['title near 64 KiB', JSON.stringify(createBody({ title: 't'.repeat(64 * 1024 - 40) }))],
    ['expires_at year 9999', withFields('"expires_at":"9999-12-31T23:59:59Z"')],
    ['expires_at year 0000', withFields('"expires_at":"0000-00-00T00:00:00Z"')],
    ['expires_at 30 February', withFields('"expires_at":"2026-02-30T00:00:00Z"')],
    ['expires_at leap second', withFields('"expires_at":"2026-06-30T23:59:60Z"')],
    ['expires_at extended year', withFields('"expires_at":"+275760-09-13T00:00:00Z"')],
    ['expires_at huge offset', withFields('"expires_at":"2026-01-01T00:00:00+99:99"')],
    ['expires_at a number', withFields('"expires_at":1e20')],
    [
      'settlement_account_id nil UUID',
      withFields('"settlement_account_id":"00000000-0000-0000-0000-000000000000"'),
    ],
    [
      'settlement_account_id uppercase',
      withFields(`"settlement_account_id":"${randomUUID().toUpperCase()}"`),
    ],
    ['simulate fields on create', `{"payment_link_id":"${randomUUID()}","event":"paid"}`],
  ];
}

function bodyProbes(run: string): Probe[] {
  const bodies = weirdBodies();
  const targets = [
    '/payment-links',
    '/sandbox/simulate',
    `/payment-links/${linkId}/cancel`,
    `/payment-links/${randomUUID()}/cancel`,
  ];
  const probes: Probe[] = [];
  for (const path of targets) {
    for (const [label, body] of bodies) {
      probes.push({ label: `POST ${path} ${label}`, method: 'POST', path, headers: JSON_TYPE, body });
    }
  }
  // The same bodies again with an Idempotency-Key (the fingerprint reads the body).
  for (const [label, body] of bodies) {
    probes.push({
      label: `POST /payment-links ${label} with Idempotency-Key`,
      method: 'POST',
      path: '/payment-links',
      headers: { ...JSON_TYPE, 'idempotency-key': `sweep-${run}-${label}` },
      body,
    });
  }
  const simulate = (fields: string) => `{"payment_link_id":"${randomUUID()}","event":"paid",${fields}}`;
  for (const [label, body] of [
    ['payment_method NUL', simulate('"payment_method":"\\u0000"')],
    ['payment_method emoji ×50', simulate(`"payment_method":"${'😀'.repeat(50)}"`)],
    ['payment_link_id an object', '{"payment_link_id":{},"event":"paid"}'],
    ['payment_link_id uppercase', `{"payment_link_id":"${linkId.toUpperCase()}","event":"failed"}`],
    ['event an array', `{"payment_link_id":"${linkId}","event":["paid"]}`],
    ['event null', `{"payment_link_id":"${linkId}","event":null}`],
  ]) {
    probes.push({
      label: `simulate ${label}`,
      method: 'POST',
      path: '/sandbox/simulate',
      headers: JSON_TYPE,
      body,
    });
  }
  return probes;
}

describe('weird bodies', () => {
  test('strict validation', () => sweep(bodyProbes('strict')));

  test('lenient validation', async () => {
    await sandbox.core.updateSettings({ lenient_validation: true });
    try {
      await sweep(bodyProbes('lenient').map((p) => ({ ...p, label: `[lenient] ${p.label}` })));
    } finally {
      await sandbox.core.updateSettings({ lenient_validation: false });
    }
  });

  test('no prototype was polluted', () => {
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

// ---- query strings -----------------------------------------------------------------------------

function queryProbes(): Probe[] {
  const queries = [
    '?',
    '?&&&',
    '?=',
    '?=1',
    '?page',
    '?page=',
    '?page=1&page=2',
    '?page=1&page=1',
    '?status=pending&status=failed',
    '?status[]=pending',
    '?status[0]=pending',
    '?page[a]=1',
    '?page.a=1',
    '?%zz=1',
    '?page=%zz',
    '?status=%',
    '?status=%E0%A4%A',
    '?status=%C0%AF',
    '?status=%00',
    '?status=pending%00',
    '?created_after=%FF%FE',
    `?page=${'9'.repeat(5000)}`,
    `?per_page=${'1'.repeat(400)}`,
    `?created_after=${'2'.repeat(10_000)}`,
    `?status=${'x'.repeat(10_000)}`,
    `?${'a'.repeat(8000)}=1`,
    `?${Array.from({ length: 500 }, (_, i) => `p${i}=${i}`).join('&')}`,
    `?${Array.from({ length: 500 }, () => 'page=1').join('&')}`,
    '?page=-0',
    '?page=+1',
    '?page=01',
    '?page=1.0',
    '?page=1e400',
    '?page=9007199254740993',
    '?page=99999999999999999999',
    '?per_page=NaN',
    '?per_page=Infinity',
    '?per_page=-Infinity',
    '?page=%20',
    '?page=true',
    '?page=null',
    '?page=[]',
    '?page={}',
    '?__proto__=1',
    '?__proto__[polluted]=1',
    '?constructor=1',
    '?constructor[prototype][polluted]=1',
    '?toString=1',
    '?hasOwnProperty=1',
    '?status=PENDING',
    '?status=pending;failed',
    '?status=pending,failed',
    '?created_after=2026-01-01T00:00:00+99:00',
    '?created_after=2026-02-30T00:00:00Z',
    '?created_after=2026-06-30T23:59:60Z',
    '?created_before=2026-06-30T23:59:60Z',
    '?created_after=0000-01-01T00:00:00Z',
    '?created_after=9999-12-31T23:59:59.999999999Z',
    '?created_after=%2B275760-09-13T00:00:00Z',
    '?created_after=2026-01-01T00:00:00Z&created_before=2025-01-01T00:00:00Z',
    '?created_after=2026-01-01 00:00:00Z'.replace(' ', '%20'),
    '?created_after=2026-01-01T00:00:00z',
    '?page=1#fragment',
    '?page=1;per_page=2',
    '?page=%31',
    '?pa%67e=1',
    '?PAGE=1',
  ];
  const probes: Probe[] = queries.map((q) => ({
    label: `GET /payment-links${q.slice(0, 60)}`,
    path: `/payment-links${q}`,
  }));
  for (const q of ['?x=1', '?%zz', '?id=1', `?${'q'.repeat(5000)}`]) {
    probes.push({ label: `GET one link ${q.slice(0, 40)}`, path: `/payment-links/${linkId}${q}` });
    probes.push({
      label: `cancel ${q.slice(0, 40)}`,
      method: 'POST',
      path: `/payment-links/${randomUUID()}/cancel${q}`,
    });
  }
  return probes;
}

describe('weird query strings', () => {
  test('list and retrieve', () => sweep(queryProbes()));

  test('lenient validation', async () => {
    await sandbox.core.updateSettings({ lenient_validation: true });
    try {
      await sweep(queryProbes().map((p) => ({ ...p, label: `[lenient] ${p.label}` })));
    } finally {
      await sandbox.core.updateSettings({ lenient_validation: false });
    }
  });
});

// ---- paths -------------------------------------------------------------------------------------

function pathProbes(): Probe[] {
  const id = linkId;
  const paths = [
    '/payment-links/%zz',
    '/payment-links/%',
    '/payment-links/%00',
    '/payment-links/%2F',
    '/payment-links/%2e%2e',
    '/payment-links/..',
    '/payment-links/../payment-links',
    '/./payment-links',
    '/payment-links/.',
    '/payment-links/%C0%AF',
    '/payment-links/%F0%9F%98%80',
    '/payment-links/%uD800',
    `/payment-links/${'a'.repeat(10_000)}`,
    `/payment-links/${id}${'a'.repeat(5_000)}`,
    `/payment-links/${'0'.repeat(600)}/cancel`,
    `/payment-links/${id.toUpperCase()}`,
    `/payment-links/{${id}}`,
    `/payment-links/${id}%20`,
    `/payment-links/%20${id}`,
    `/payment-links/${id.replace(/-/g, '')}`,
    '/payment-links/00000000-0000-0000-0000-000000000000',
    '/payment-links/',
    '/payment-links//',
    '//payment-links',
    '///payment-links',
    `//payment-links/${id}`,
    `/payment-links//${id}`,
    `/payment-links/${id}/`,
    `/payment-links/${id}//cancel`,
    `/payment-links/${id}/cancel/`,
    `/payment-links/${id}/cancel/extra`,
    '/PAYMENT-LINKS',
    '/payment-links;jsessionid=1',
    '/payment-links%3Fpage=1',
    '/payment-links%2F',
    '/sandbox/simulate/',
    '/sandbox//simulate',
    '/%zz',
    '/%',
    '/?%zz',
    `/${'a/'.repeat(3000)}`,
    '/pay/%zz',
    `/pay/${'x'.repeat(5000)}`,
    `/pay/${id}/`,
    `/pay/${id.toUpperCase()}`,
    '/openapi.json%00',
    '/openapi.json/',
    '/openapi.json/../openapi.json',
    '/_console/api/%zz',
    '/index.html%00',
    '/../../../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
  ];
  const probes: Probe[] = [];
  for (const path of paths) {
    const short = path.length > 70 ? `${path.slice(0, 70)}…` : path;
    for (const method of ['GET', 'POST', 'DELETE', 'HEAD']) {
      probes.push({
        label: `${method} ${short}`,
        method,
        path,
        ...(method === 'POST' ? { headers: JSON_TYPE, body: '{}' } : {}),
      });
    }
  }
  return probes;
}

describe('weird paths', () => {
  test('every route, four methods', () => sweep(pathProbes()));
});

// ---- headers and methods -----------------------------------------------------------------------

function headerProbes(): Probe[] {
  const body = JSON.stringify(createBody());
  const contentTypes = [
    'text/plain',
    'text/plain; charset=utf-8',
    'text/json',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=----x',
    'multipart/form-data',
    'application/octet-stream',
    'application/json; charset=latin1',
    'application/json; charset=iso-8859-1',
    'application/json; charset=utf-16',
    'application/json; charset=UTF-8',
    'application/json;charset=utf-8',
    'application/json; charset="utf-8"',
    'application/json; charset=',
    'application/json; charset=nonsense',
    'application/json; foo=bar; foo=baz',
    'application/json ; charset=utf-8',
    'APPLICATION/JSON',
    'Application/Json',
    'application/jsonx',
    'application/json-patch+json',
    'application/merge-patch+json',
    'application/vnd.api+json',
    'application/problem+json',
    'application/',
    'application',
    '/json',
    'json',
    '*/*',
    ';',
    '',
    ' ',
    'application/json, text/plain',
    `application/json; ${'p=1; '.repeat(500)}`,
  ];
  const probes: Probe[] = [];
  for (const type of contentTypes) {
    for (const path of ['/payment-links', `/payment-links/${randomUUID()}/cancel`, '/sandbox/simulate']) {
      probes.push({
        label: `POST ${path} Content-Type ${JSON.stringify(type.slice(0, 50))}`,
        method: 'POST',
        path,
        headers: { 'content-type': type },
        body,
      });
    }
  }
  // A body with no Content-Type, and a Content-Type with no body.
  probes.push({ label: 'body without Content-Type', method: 'POST', path: '/payment-links', body });
  probes.push({
    label: 'Content-Type without body',
    method: 'POST',
    path: '/payment-links',
    headers: JSON_TYPE,
  });
  probes.push({ label: 'GET with a JSON body', path: '/payment-links', headers: JSON_TYPE, body });
  probes.push({
    label: 'GET with a text body',
    path: '/payment-links',
    headers: { 'content-type': 'text/plain' },
    body: 'hi',
  });
  probes.push({
    label: 'DELETE with a body',
    method: 'DELETE',
    path: '/payment-links',
    headers: JSON_TYPE,
    body,
  });
  // Body encodings the server does not speak.
  for (const encoding of ['gzip', 'br', 'deflate', 'identity', 'nonsense']) {
    probes.push({
      label: `Content-Encoding ${encoding}`,
      method: 'POST',
      path: '/payment-links',
      headers: { ...JSON_TYPE, 'content-encoding': encoding },
      body,
    });
  }
  probes.push({
    label: 'chunked body',
    method: 'POST',
    path: '/payment-links',
    headers: { ...JSON_TYPE, 'transfer-encoding': 'chunked' },
    body,
  });
  probes.push({
    label: 'Expect: 100-continue',
    method: 'POST',
    path: '/payment-links',
    headers: { ...JSON_TYPE, expect: '100-continue' },
    body,
  });
  // Authorization oddities.
  for (const authorization of [
    '',
    ' ',
    'Bearer',
    'Bearer  sk_test_x',
    'bearer sk_test_x',
    'BEARER sk_test_x',
    'Bearer\tsk_test_x',
    'Bearer sk_test_x, Bearer sk_test_y',
    `Bearer sk_test_${'a'.repeat(8000)}`,
    `Bearer sk_live_${'a'.repeat(8000)}`,
    'Bearer sk_test_ÿ',
    'Bearer sk_test_\u00e9t\u00e9',
    'Bearer sk_test_%00',
    'Basic Og==',
    'Digest username="x"',
    'Bearer null',
    'Bearer undefined',
    'Bearer __proto__',
    'Bearer sk_test___proto__',
  ]) {
    probes.push({
      label: `Authorization ${JSON.stringify(authorization.slice(0, 40))}`,
      method: 'POST',
      path: '/payment-links',
      headers: { ...JSON_TYPE, authorization },
      body,
    });
  }
  // Idempotency-Key oddities (latin-1 only: HTTP header values are bytes).
  for (const key of [
    ' ',
    '  padded  ',
    'ÿÿÿ',
    'a, b',
    '__proto__',
    'constructor',
    'x'.repeat(8000),
    '"quoted"',
    '\t',
  ]) {
    probes.push({
      label: `Idempotency-Key ${JSON.stringify(key.slice(0, 20))}`,
      method: 'POST',
      path: '/payment-links',
      headers: { ...JSON_TYPE, 'idempotency-key': key },
      body,
    });
  }
  // Other headers a client might send.
  for (const [name, value] of [
    ['accept', 'text/html'],
    ['accept', 'application/xml'],
    ['accept', ''],
    ['accept-encoding', 'gzip, br'],
    ['accept-charset', 'latin1'],
    ['x-http-method-override', 'DELETE'],
    ['x-forwarded-host', 'evil.example'],
    ['x-forwarded-for', '1.2.3.4, ::1, garbage'],
    ['x-request-id', 'req_attacker'],
    ['origin', 'null'],
    ['origin', 'http://evil.example'],
    ['range', 'bytes=0-10'],
    ['if-none-match', '*'],
    ['cookie', `a=${'b'.repeat(4000)}`],
    ['connection', 'close'],
  ]) {
    probes.push({
      label: `${name}: ${JSON.stringify(value?.slice(0, 30))}`,
      method: 'POST',
      path: '/payment-links',
      headers: { ...JSON_TYPE, [name as string]: value as string },
      body,
    });
    probes.push({
      label: `GET list with ${name}`,
      path: '/payment-links',
      headers: { [name as string]: value as string },
    });
  }
  // Methods the API does not route.
  for (const method of [
    'OPTIONS',
    'HEAD',
    'PUT',
    'PATCH',
    'DELETE',
    'TRACE',
    'PROPFIND',
    'SEARCH',
    'LINK',
    'PURGE',
  ]) {
    for (const path of ['/payment-links', `/payment-links/${linkId}`, '/sandbox/simulate', '/openapi.json']) {
      probes.push({ label: `${method} ${path}`, method, path });
    }
  }
  return probes;
}

describe('weird headers and methods', () => {
  test('content types, encodings, keys and methods', () => sweep(headerProbes()));

  test('a forged X-Request-Id is not echoed as the request id', async () => {
    const res = await sandbox.api('GET', '/payment-links', { headers: { 'x-request-id': 'req_attacker' } });
    assert.notEqual(res.body.meta.request_id, 'req_attacker');
  });
});

describe('afterwards', () => {
  test('the server still creates, retrieves and lists links, and logged no internal error', async () => {
    const res = await sandbox.api('POST', '/payment-links', {
      body: createBody({ title: 'after the sweep' }),
    });
    assert.equal(res.status, 201, res.text);
    const again = await sandbox.api('GET', `/payment-links/${res.body.data.id}`);
    assert.equal(again.status, 200);
    assert.equal(again.body.data.title, 'after the sweep');
    const listed = await sandbox.api('GET', '/payment-links?per_page=1');
    assert.equal(listed.body.data[0].id, res.body.data.id);
    assert.deepEqual(internalErrors, []);
  });
});
