// contract §16: deliveries and inbox messages searched by what they carry (`q=`), free text or
// `path = value`, on the keyed routes and the console's, over everything kept, newest first.
// Real sandbox, real deliveries into its own inbox, real HTTP; answers checked against /openapi.json.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { parsePayloadSearch, payloadMatches } from '../shared/payloadSearch';
import { createLink, eventually, fileSandbox, simulate, TEST_SECRET } from './harness';

const sandbox = fileSandbox();
const q = (query: string) => encodeURIComponent(query);
type Row = { link_id: string; event_type: string };

const links: Record<string, string> = {};
/** Three links with their webhooks, made once, on first use. */
let made: Promise<void> | undefined;
const threeWebhooks = () => (made ??= makeThreeWebhooks());
async function makeThreeWebhooks(): Promise<void> {
  const endpoint = await sandbox.api('POST', '/sandbox/endpoints', {
    body: { url: `${sandbox.origin}/_inbox/search`, secret: TEST_SECRET },
  });
  assert.equal(endpoint.status, 201, endpoint.text);
  for (const ref of ['INV-1001', 'INV-1002', 'INV-1003']) {
    links[ref] = (await createLink(sandbox, { reference_id: ref, title: `Order ${ref}` })).id;
  }
  await simulate(sandbox, links['INV-1001'] as string);
  await simulate(sandbox, links['INV-1002'] as string);
  await simulate(sandbox, links['INV-1003'] as string, 'failed');
  await eventually(async () => {
    const res = await sandbox.api('GET', '/sandbox/inbox/search/messages');
    return res.body.data.length === 3 ? true : undefined;
  }, 'three webhooks in the inbox');
}

describe('GET /sandbox/deliveries?q=', () => {
  before(threeWebhooks);
  const deliveries = async (query: string) => {
    const res = await sandbox.api('GET', `/sandbox/deliveries?q=${q(query)}`);
    assert.equal(res.status, 200, res.text);
    return res.body.data as Row[];
  };

  test('free text finds the one delivery carrying it, in any case', async () => {
    assert.deepEqual(
      (await deliveries('INV-1002')).map((d) => d.link_id),
      [links['INV-1002']],
    );
    assert.deepEqual(
      (await deliveries('inv-1001')).map((d) => d.link_id),
      [links['INV-1001']],
    );
    assert.deepEqual(await deliveries('INV-9999'), []);
  });

  test('path = value matches a field of the JSON body exactly', async () => {
    assert.deepEqual(
      (await deliveries('data.reference_id = INV-1001')).map((d) => d.link_id),
      [links['INV-1001']],
    );
    assert.deepEqual(
      (await deliveries('type = payment_link.failed')).map((d) => d.link_id),
      [links['INV-1003']],
    );
    assert.deepEqual(
      (await deliveries('data.amount = 150000')).map((d) => d.link_id),
      [links['INV-1003'], links['INV-1002'], links['INV-1001']],
      'a number field, newest first',
    );
    assert.deepEqual(await deliveries('data.reference_id = inv-1001'), [], 'a field value is exact');
  });

  test('q pages and combines with the other filters', async () => {
    const res = await sandbox.api(
      'GET',
      `/sandbox/deliveries?q=${q('data.amount = 150000')}&type=payment_link.paid&per_page=1`,
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.pagination.total, 2);
    assert.deepEqual(
      res.body.data.map((d: Row) => d.link_id),
      [links['INV-1002']],
    );
  });

  test('a long-poll with q answers once a delivery carrying it exists', async () => {
    const link = await createLink(sandbox, { reference_id: 'INV-LATER' });
    const waiting = sandbox.api('GET', `/sandbox/deliveries?q=${q('data.reference_id = INV-LATER')}&wait=10`);
    await simulate(sandbox, link.id);
    const res = await waiting;
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.data.map((d: Row) => d.link_id),
      [link.id],
    );
  });

  test('a bad query is a 400 naming q that says what a search may be', async () => {
    for (const [query, words] of [
      ['= INV-1001', /no path before =/],
      ['data..reference_id = INV-1001', /is not a path/],
      ['data.reference_id =', /no value after =/],
    ] as const) {
      const res = await sandbox.api('GET', `/sandbox/deliveries?q=${q(query)}`);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.error.code, 'parameter_invalid');
      assert.equal(res.body.error.param, 'q');
      assert.match(res.body.error.message, words);
      assert.match(res.body.error.message, /path = value|value the field holds/);
    }
    const long = await sandbox.api('GET', `/sandbox/deliveries?q=${'x'.repeat(501)}`);
    assert.equal(long.status, 400);
    assert.match(long.body.error.message, /q/);
  });

  test("the console's list takes the same q", async () => {
    const res = await sandbox.consoleApi('GET', `/deliveries?q=${q('data.reference_id = INV-1003')}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.data.map((d: Row) => d.event_type),
      ['payment_link.failed'],
    );
  });
});

describe('GET /sandbox/inbox/{name}/messages?q=', () => {
  before(threeWebhooks);
  test('free text and path = value find the messages whose body carries it', async () => {
    const messages = async (query: string) => {
      const res = await sandbox.api('GET', `/sandbox/inbox/search/messages?q=${q(query)}`);
      assert.equal(res.status, 200, res.text);
      return res.body.data as { link_id: string; verification: { state: string } }[];
    };
    const found = await messages('INV-1002');
    assert.deepEqual(
      found.map((m) => m.link_id),
      [links['INV-1002']],
    );
    assert.equal(found[0]?.verification.state, 'verified');
    assert.deepEqual(
      (await messages('type = payment_link.failed')).map((m) => m.link_id),
      [links['INV-1003']],
    );
    const bad = await sandbox.api('GET', `/sandbox/inbox/search/messages?q=${q('data..x = 1')}`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.param, 'q');
  });

  test("the console's inbox list takes the same q", async () => {
    const res = await sandbox.consoleApi(
      'GET',
      `/inbox/search/messages?q=${q('data.reference_id = INV-1001')}`,
    );
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.data.map((m: { link_id: string }) => m.link_id),
      [links['INV-1001']],
    );
  });
});

describe('the search rule', () => {
  const body = (value: unknown) => ({ text: () => JSON.stringify(value), json: () => value });
  const matches = (query: string, value: unknown) => {
    const parsed = parsePayloadSearch(query);
    assert.ok('search' in parsed && parsed.search, query);
    return payloadMatches(parsed.search)(body(value));
  };

  test('quotes make free text of a query that holds =, and keep spaces in a value', () => {
    assert.equal(matches('"a=b"', { note: 'x a=b y' }), true);
    assert.equal(matches('title = "Order 1"', { title: 'Order 1' }), true);
    assert.equal(matches('title = ""', { title: '' }), true);
  });

  test('array items by index, booleans and null by their JSON text', () => {
    const value = { items: [{ id: 'a' }, { id: 'b' }], live: false, note: null };
    assert.equal(matches('items.1.id = b', value), true);
    assert.equal(matches('items[0].id = a', value), true);
    assert.equal(matches('live = false', value), true);
    assert.equal(matches('note = null', value), true);
    assert.equal(matches('items = a', value), false, 'an object or array never equals a value');
    assert.equal(matches('missing.field = a', value), false);
  });

  test('a blank query is no search', () => {
    assert.deepEqual(parsePayloadSearch('   '), { search: undefined });
  });
});

test('free text over an event held parsed finds what its JSON text holds, and only that', () => {
  const event = {
    id: 'evt_1',
    type: 'payment_link.paid',
    data: { amount: 150000, title: 'Tee "Large"\n2', reference_id: 'INV-1001', note: null, live: false },
  };
  const text = JSON.stringify(event);
  const texts = ['inv-1001', 'amount', '150000', '50', 'null', 'false', 'paid', 'tee', 'large', 'xyz'];
  // Texts JSON syntax is part of: these go through the JSON text itself.
  texts.push('"amount":150000', 'large\\"', '\\n2', 'id":"evt', ',');
  for (const t of texts) {
    const parsed = parsePayloadSearch(`"${t}"`);
    assert.ok('search' in parsed && parsed.search);
    const found = payloadMatches(parsed.search)({ text: () => text, json: () => event, held: event });
    assert.equal(found, text.toLowerCase().includes(t.toLowerCase()), t);
  }
});
