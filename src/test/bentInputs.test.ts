// Inputs a property-based run found the API bending (issue 18): each now gets the contract's
// answer or the one docs/decisions.md records, on a real server over real sockets.
import assert from 'node:assert/strict';
import type { OutgoingHttpHeaders } from 'node:http';
import { after, describe, test } from 'node:test';
import { createLink, KEY, rawRequest, startTestSandbox, fileSandbox } from './harness';
import { assertError } from './errorEnvelope';

const send = (
  origin: string,
  method: string,
  path: string,
  headers: OutgoingHttpHeaders = {},
  body?: string | Buffer,
) => rawRequest(origin, { method, path, headers, body });

const AUTH = { authorization: `Bearer ${KEY}` };
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };

const sandbox = fileSandbox();

const post = (path: string, body: string | Buffer, headers: OutgoingHttpHeaders = JSON_AUTH) =>
  send(sandbox.origin, 'POST', path, headers, body);
const linkCount = async () => (await sandbox.api('GET', '/payment-links')).body.pagination.total as number;

describe('Idempotency-Key', () => {
  test('two Idempotency-Key headers are refused, not joined into the one key "a, b"', async () => {
    const before = await linkCount();
    const res = await post('/payment-links', '{"amount": 1000, "title": "Two keys"}', {
      ...JSON_AUTH,
      'idempotency-key': ['a', 'b'],
    });
    assertError(res, 400, 'idempotency_key_invalid', { param: 'Idempotency-Key', mentions: ['one'] });
    assert.equal(await linkCount(), before, 'no link was made');
  });

  test('one key that holds a comma is still one key', async () => {
    const headers = { ...JSON_AUTH, 'idempotency-key': 'order 7, attempt 1' };
    const first = await post('/payment-links', '{"amount": 1000, "title": "Comma"}', headers);
    assert.equal(first.status, 201, first.text);
    const again = await post('/payment-links', '{"amount": 1000, "title": "Comma"}', headers);
    assert.equal(again.headers['idempotent-replayed'], 'true');
  });
});

describe('numbers as written', () => {
  for (const written of ['0.99999999999999999999', '99999999999.99999999', '1000.00000000000000001']) {
    test(`amount ${written} is not an integer, though a double rounds it to one`, async () => {
      const before = await linkCount();
      const res = await post('/payment-links', `{"amount": ${written}, "title": "Fraction"}`);
      assertError(res, 400, 'parameter_invalid', { param: 'amount', mentions: [written, 'fraction'] });
      assert.equal(await linkCount(), before);
    });
  }

  test('a whole number written as 1000.0 or 1e3 is that integer', async () => {
    for (const written of ['1000.0', '1e3', '10000e-1']) {
      const res = await post('/payment-links', `{"amount": ${written}, "title": "Whole"}`);
      assert.equal(res.status, 201, `${written}: ${res.text}`);
      assert.equal(JSON.parse(res.text).data.amount, 1000);
    }
  });

  test('a nested integer setting is named by its path', async () => {
    const res = await send(
      sandbox.origin,
      'PATCH',
      '/_console/api/settings',
      { 'content-type': 'application/json' },
      '{"fees": {"transaction_fixed": 0.99999999999999999999}}',
    );
    assertError(res, 400, 'parameter_invalid', { param: 'fees.transaction_fixed' });
  });
});

describe('keys given twice', () => {
  test('a repeated field is refused, naming it, instead of the last one winning', async () => {
    const before = await linkCount();
    const res = await post('/payment-links', '{"amount": 1000, "title": "Twice", "amount": 2000}');
    assertError(res, 400, 'parameter_invalid', { param: 'amount', mentions: ['twice'] });
    assert.equal(await linkCount(), before);
  });

  test('a repeated nested field is named by its path; an escaped spelling is the same key', async () => {
    const res = await send(
      sandbox.origin,
      'PATCH',
      '/_console/api/settings',
      { 'content-type': 'application/json' },
      '{"fees": {"paid_by": "payer", "paid\\u005fby": "merchant"}}',
    );
    assertError(res, 400, 'parameter_invalid', { param: 'fees.paid_by' });
    assert.equal((await sandbox.consoleApi('GET', '/settings')).body.data.fees.paid_by, 'merchant');
  });

  test("a key's name given as a value is no repeat", async () => {
    const res = await post('/payment-links', '{"title": "amount", "amount": 1000, "note": "title"}');
    assert.equal(res.status, 201, res.text);
  });
});

describe('charsets', () => {
  test('a body declared in another charset is 415, not read as U+FFFD', async () => {
    const before = await linkCount();
    const body = Buffer.from('{"amount": 1000, "title": "Caf\u00e9"}', 'latin1');
    for (const charset of ['iso-8859-1', 'windows-1252', 'utf-16']) {
      const res = await post('/payment-links', body, {
        ...AUTH,
        'content-type': `application/json; charset=${charset}`,
      });
      assertError(res, 415, 'unsupported_media_type', { mentions: [charset, 'UTF-8'] });
    }
    assert.equal(await linkCount(), before);
  });

  test('charset=utf-8, in any case, is read as it says', async () => {
    const res = await post('/payment-links', Buffer.from('{"amount": 1000, "title": "Caf\u00e9"}'), {
      ...AUTH,
      'content-type': 'application/json; charset="UTF-8"',
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(JSON.parse(res.text).data.title, 'Caf\u00e9');
  });

  test('bytes that are not UTF-8 are refused rather than replaced', async () => {
    const res = await post('/payment-links', Buffer.from('{"amount": 1000, "title": "Caf\u00e9"}', 'latin1'));
    assertError(res, 400, 'body_invalid_json', { mentions: ['UTF-8'] });
  });
});

describe('pages', () => {
  test('any page up to 9007199254740991 past the last is 200 and empty, with the true total', async () => {
    await createLink(sandbox);
    const total = await linkCount();
    for (const path of ['/payment-links', '/_console/api/links', '/_console/api/deliveries']) {
      const res = await send(sandbox.origin, 'GET', `${path}?page=9007199254740991`, AUTH);
      assert.equal(res.status, 200, `${path}: ${res.text}`);
      const body = JSON.parse(res.text);
      assert.deepEqual(body.data, []);
      if (path === '/payment-links') assert.equal(body.pagination.total, total);
    }
  });

  test('a page beyond 9007199254740991 is 400 naming the largest', async () => {
    for (const path of ['/payment-links', '/_console/api/links', '/_console/api/deliveries']) {
      const res = await send(sandbox.origin, 'GET', `${path}?page=9007199254740992`, AUTH);
      assertError(res, 400, 'parameter_invalid', { param: 'page', mentions: ['9007199254740991'] });
    }
  });
});

describe('a wrong method', () => {
  const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
  const TRIED = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY'];
  const BODIES: [string, OutgoingHttpHeaders, string | undefined][] = [
    ['no body', {}, undefined],
    ['broken JSON', { 'content-type': 'application/json' }, '{"amount": '],
    ['text', { 'content-type': 'text/plain' }, 'hello'],
    ['latin-1 JSON', { 'content-type': 'application/json; charset=iso-8859-1' }, '{}'],
  ];
  const concrete = (path: string) =>
    path
      .replace(/\{seq\}/g, '1')
      .replace(/\{name\}/g, 'box')
      .replace(/\{[^}]+\}/g, '3b9a4c1e-2f6d-4e8a-9c0b-5d7e6f1a2b3c');

  test('is 405 with exactly the routed methods in Allow, whatever the body, on every documented path', async () => {
    const doc = JSON.parse((await send(sandbox.origin, 'GET', '/openapi.json')).text);
    let tried = 0;
    for (const [path, operations] of Object.entries(doc.paths as Record<string, object>)) {
      // The inbox takes every method and refuses those it does not receive itself.
      if (path.startsWith('/_inbox/')) continue;
      const routed = Object.keys(operations)
        .map((m) => m.toUpperCase())
        .filter((m) => METHOD_ORDER.includes(m));
      if (routed.includes('GET')) routed.push('HEAD');
      const allow = routed.sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)).join(', ');
      for (const method of TRIED.filter((m) => !routed.includes(m))) {
        for (const [what, headers, body] of BODIES) {
          if (method === 'HEAD' && body !== undefined) continue;
          const res = await send(sandbox.origin, method, concrete(path), { ...AUTH, ...headers }, body);
          const where = `${method} ${path} with ${what}: ${res.status} ${res.text.slice(0, 200)}`;
          assert.equal(res.status, 405, where);
          assert.equal(res.headers.allow, allow, where);
          if (method !== 'HEAD') assertError(res, 405, 'method_not_allowed');
          tried++;
        }
      }
    }
    assert.ok(tried > 500, `tried ${tried}`);
  });

  test('a fixed path is not read as a parameter of its neighbour', async () => {
    for (const [path, allow] of [
      ['/_console/api/links/bulk', 'POST'],
      ['/_console/api/links/samples', 'POST'],
      ['/_console/api/requests/scenario', 'POST'],
    ]) {
      const res = await send(sandbox.origin, 'GET', path as string);
      assertError(res, 405, 'method_not_allowed');
      assert.equal(res.headers.allow, allow);
    }
  });

  test('is answered before the key is checked', async () => {
    const res = await send(sandbox.origin, 'DELETE', '/payment-links', {
      'content-type': 'application/json',
    });
    assertError(res, 405, 'method_not_allowed');
  });
});

describe('the console token in the query', () => {
  const ROUTES = (id: string) => [
    '/_console/api/links',
    '/_console/api/deliveries',
    '/_console/api/requests',
    '/_console/api/webhook-events',
    `/_console/api/links/position?id=${id}`,
  ];
  const withToken = (path: string, token: string) => `${path}${path.includes('?') ? '&' : '?'}token=${token}`;

  test('on loopback, ?token= is taken on every console route and unknown parameters are still refused', async () => {
    const link = await createLink(sandbox);
    for (const path of ROUTES(link.id)) {
      const res = await send(sandbox.origin, 'GET', withToken(path, 'anything'));
      assert.equal(res.status, 200, `${path}: ${res.text}`);
      const unknown = await send(sandbox.origin, 'GET', `${withToken(path, 'anything')}&colour=red`);
      assertError(unknown, 400, 'parameter_unknown', { param: 'colour' });
    }
  });

  test('beyond loopback, the printed token opens every console route', async () => {
    const open = await startTestSandbox({ inMemory: true, host: '0.0.0.0' });
    try {
      const token = new URL(open.consoleUrl).searchParams.get('token') as string;
      const link = await createLink(open);
      for (const path of ROUTES(link.id)) {
        const res = await send(open.origin, 'GET', withToken(path, token));
        assert.equal(res.status, 200, `${path}: ${res.text}`);
      }
      const refused = await send(open.origin, 'GET', '/_console/api/links');
      assert.equal(refused.status, 401);
      assert.equal(JSON.parse(refused.text).error.code, 'console_token_required');
      assert.match(refused.text, /listens on 0\.0\.0\.0, beyond this machine/);
    } finally {
      await open.stop();
    }
  });

  test('on loopback with a token given at start, the 401 does not claim the sandbox listens beyond this machine', async () => {
    const guarded = await startTestSandbox({ inMemory: true, consoleToken: 'my-own-console-token-1' });
    try {
      const res = await send(guarded.origin, 'GET', '/_console/api/links');
      assert.equal(res.status, 401);
      assert.equal(JSON.parse(res.text).error.code, 'console_token_required');
      assert.match(res.text, /started with a console token/);
      assert.doesNotMatch(res.text, /beyond this machine/);
      const page = await send(guarded.origin, 'GET', '/');
      assert.equal(page.status, 401);
      assert.doesNotMatch(page.text, /beyond this machine/);
    } finally {
      await guarded.stop();
    }
  });
});

describe('payment_method null', () => {
  test('is absent, as every unpaid link shows it: simulate, the console and bulk pay by card', async () => {
    const viaApi = await createLink(sandbox);
    const paid = await sandbox.api('POST', '/sandbox/simulate', {
      body: { payment_link_id: viaApi.id, event: 'paid', payment_method: null },
    });
    assert.equal(paid.status, 200, paid.text);
    assert.equal(paid.body.data.payment_method, 'card');

    const viaConsole = await createLink(sandbox);
    const consolePaid = await sandbox.consoleApi('POST', `/links/${viaConsole.id}/simulate`, {
      event: 'paid',
      payment_method: null,
    });
    assert.equal(consolePaid.status, 200, consolePaid.text);
    assert.equal(consolePaid.body.data.payment_method, 'card');

    const viaBulk = await createLink(sandbox);
    const bulk = await sandbox.consoleApi('POST', '/links/bulk', {
      ids: [viaBulk.id],
      action: 'paid',
      payment_method: null,
    });
    assert.equal(bulk.status, 200, bulk.text);
    assert.equal((await sandbox.api('GET', `/payment-links/${viaBulk.id}`)).body.data.payment_method, 'card');
  });
});

describe('net_amount is never negative', () => {
  const setFees = (fees: Record<string, unknown>) =>
    send(
      sandbox.origin,
      'PATCH',
      '/_console/api/settings',
      { 'content-type': 'application/json' },
      JSON.stringify({ fees }),
    );
  after(() => setFees({ transaction_fixed: 0, paid_by: 'merchant', instant_settlement: false }));

  test('a fixed fee above the largest amount is refused, naming the bound', async () => {
    const res = await setFees({ transaction_fixed: 1_000_000_000_000 });
    assertError(res, 400, 'parameter_invalid', {
      param: 'fees.transaction_fixed',
      mentions: ['100000000000'],
    });
  });

  test('a create whose fee the merchant pays exceeds its amount is refused, and nothing is made', async () => {
    assert.equal((await setFees({ transaction_fixed: 5_000, paid_by: 'merchant' })).status, 200);
    const before = await linkCount();
    const res = await post('/payment-links', '{"amount": 4000, "title": "Below its fee"}');
    assertError(res, 400, 'parameter_invalid', {
      param: 'amount',
      mentions: ['5116', '-1116', 'paid_by payer'],
    });
    const samples = await sandbox.consoleApi('POST', '/links/samples', { count: 10 });
    assert.equal(samples.status, 400, samples.text);
    assert.match(samples.body.error.message, /No samples were made/);
    assert.equal(await linkCount(), before);

    const even = await post('/payment-links', '{"amount": 5150, "title": "Covers its fee"}');
    assert.equal(even.status, 201, even.text);
    assert.ok(JSON.parse(even.text).data.net_amount >= 0);
  });

  test('paid by the payer, any amount is fine: the merchant receives the amount', async () => {
    assert.equal((await setFees({ transaction_fixed: 5_000, paid_by: 'payer' })).status, 200);
    const res = await post('/payment-links', '{"amount": 1, "title": "Payer pays"}');
    assert.equal(res.status, 201, res.text);
    assert.equal(JSON.parse(res.text).data.net_amount, 1);
    assert.equal(JSON.parse(res.text).data.payer_amount, 5001);
  });
});
