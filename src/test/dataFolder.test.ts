import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';
import { inSequence, WebhookReceiver } from './webhookReceiver';

const importText = (sandbox: TestSandbox, text: string) =>
  sandbox.api('POST', '/_console/api/store/import', {
    raw: text,
    key: null,
    headers: { 'content-type': 'application/json' },
  });

const counts = async (sandbox: TestSandbox) => (await sandbox.consoleApi('GET', '/server')).body.data.counts;

let receiver: WebhookReceiver;
let source: TestSandbox;
let exported: string;
let paidLinkId: string;
let created: { id: string; replayBody: string };

before(async () => {
  receiver = await WebhookReceiver.start({ plan: inSequence(200) });
  source = await startTestSandbox();
  await source.consoleApi('PATCH', '/settings', { fees: { transaction_percent: 1.5 } });
  await source.consoleApi('POST', '/endpoints', { url: receiver.url });
  const keyed = await source.api('POST', '/payment-links', {
    body: { amount: 10_000, title: 'Keyed' },
    headers: { 'idempotency-key': 'order-1' },
  });
  created = { id: keyed.body.data.id, replayBody: keyed.text };
  paidLinkId = (await createLink(source, { title: 'Paid' })).id;
  await source.api('POST', '/sandbox/simulate', { body: { payment_link_id: paidLinkId, event: 'paid' } });
  await eventually(async () => (receiver.requests.length === 1 ? true : undefined), 'the paid webhook');
  const res = await source.api('GET', '/_console/api/store/export', { key: null });
  assert.equal(res.status, 200);
  assert.match(
    res.headers.get('content-disposition') ?? '',
    /^attachment; filename="payment-links-sandbox-.*\.json"$/,
  );
  exported = res.text;
});
after(async () => {
  await source.stop();
  await receiver.stop();
});

describe('export and import', () => {
  test('a fresh sandbox holds the same links, settings, endpoints, deliveries and idempotency after import, and after a restart', async () => {
    const target = await startTestSandbox();
    const dataDir = target.dir as string;
    try {
      const imported = await importText(target, exported);
      assert.equal(imported.status, 200);
      assert.deepEqual(imported.body.data, await counts(source));
      await target.stop({ keepDir: true });
      const reopened = await startTestSandbox({ dataDir });
      try {
        const link = await reopened.api('GET', `/payment-links/${created.id}`);
        assert.equal(link.status, 200);
        assert.equal(link.body.data.fee.transaction, 150);
        const paid = (await reopened.api('GET', `/payment-links/${paidLinkId}`)).body.data;
        assert.equal(paid.status, 'succeeded');
        // The same key and body replay the first response: no second link.
        const replay = await reopened.api('POST', '/payment-links', {
          body: { amount: 10_000, title: 'Keyed' },
          headers: { 'idempotency-key': 'order-1' },
        });
        assert.equal(replay.headers.get('idempotent-replayed'), 'true');
        assert.equal(replay.text, created.replayBody);
        const deliveries = (await reopened.consoleApi('GET', '/deliveries')).body.data;
        assert.equal(deliveries.length, 1);
        assert.equal(deliveries[0].status, 'delivered');
        assert.equal((await reopened.consoleApi('GET', '/settings')).body.data.fees.transaction_percent, 1.5);
        assert.equal((await reopened.api('GET', '/payment-links')).body.pagination.total, 2);
      } finally {
        await reopened.stop();
      }
    } finally {
      await target.stop();
    }
  });

  test('bad files are refused with 400 naming the problem, and nothing changes', async () => {
    const target = await startTestSandbox({ inMemory: true });
    try {
      const kept = await createLink(target);
      const before = await counts(target);
      const file = JSON.parse(exported);
      const cases: [string, string, RegExp][] = [
        ['not JSON', 'hello', /not JSON/],
        ['an array', '[1,2]', /an array; an export is a JSON object/],
        [
          'another JSON file',
          JSON.stringify({ name: 'package' }),
          /"format" must be "payment-links-sandbox-export"/,
        ],
        ['a future schema', JSON.stringify({ ...file, schema_version: 2 }), /schema version 2/],
        [
          'a bad link',
          JSON.stringify({ ...file, links: [file.links[0], { ...file.links[1], amount: 'x' }] }),
          /links\[1\]\.amount must be integer/,
        ],
        ['a missing list', JSON.stringify({ ...file, links: undefined }), /missing "links"/],
        ['an unknown field', JSON.stringify({ ...file, extra: 1 }), /unknown field "extra"/],
        [
          'duplicate ids',
          JSON.stringify({ ...file, links: [file.links[0], file.links[0]] }),
          /links\[1\] has the same id as links\[0\]/,
        ],
        [
          'duplicate ids apart, one in capitals',
          JSON.stringify({
            ...file,
            links: [file.links[0], file.links[1], { ...file.links[0], id: file.links[0].id.toUpperCase() }],
          }),
          /links\[2\] has the same id as links\[0\]/,
        ],
        [
          'a bad link, pretty-printed',
          JSON.stringify({ ...file, links: [file.links[0], { ...file.links[1], amount: 'x' }] }, null, 2),
          /links\[1\]\.amount must be integer/,
        ],
        [
          'a bad attempt deep inside a delivery',
          JSON.stringify({
            ...file,
            deliveries: [
              { ...file.deliveries[0], attempts: [{ ...file.deliveries[0].attempts[0], number: 0 }] },
            ],
          }),
          /deliveries\[0\]\.attempts\[0\]\.number must be >= 1; got 0/,
        ],
        [
          'a bad setting',
          JSON.stringify({ ...file, settings: { ...file.settings, link_lifetime_seconds: 'long' } }),
          /settings\.link_lifetime_seconds must be integer/,
        ],
        [
          // Key-sorted (as jq -S writes it), so the bad link comes before the version it cannot be read with.
          'a future schema with keys sorted and a bad link',
          JSON.stringify(
            Object.fromEntries(
              Object.entries({ ...file, schema_version: 2, links: [{ ...file.links[0], amount: 'x' }] }).sort(
                ([a], [b]) => a.localeCompare(b),
              ),
            ),
          ),
          /schema version 2/,
        ],
        ['a file cut short', exported.slice(0, Math.floor(exported.length / 2)), /ends early/],
        ['an empty file', '', /empty/],
      ];
      for (const [what, text, message] of cases) {
        const res = await importText(target, text);
        assert.equal(res.status, 400, what);
        assert.match(res.body.error.message, message, what);
        assert.match(res.body.error.message, /[Nn]othing was changed/, what);
      }
      assert.deepEqual(await counts(target), before);
      assert.equal((await target.api('GET', `/payment-links/${kept.id}`)).status, 200);
    } finally {
      await target.stop();
    }
  });

  test('an export that holds a test event imports again, its delivery still marked test', async () => {
    const withTest = await startTestSandbox({ inMemory: true });
    const target = await startTestSandbox({ inMemory: true });
    try {
      const endpoint = (await withTest.consoleApi('POST', '/endpoints', { url: receiver.url })).body.data;
      const sent = await withTest.consoleApi('POST', `/endpoints/${endpoint.id}/test`, {});
      assert.equal(sent.status, 201);
      const file = (await withTest.api('GET', '/_console/api/store/export', { key: null })).text;
      assert.equal(JSON.parse(file).deliveries[0].test, true);
      const imported = await importText(target, file);
      assert.equal(imported.status, 200, imported.text);
      const delivery = (await target.consoleApi('GET', `/deliveries/${sent.body.data.id}`)).body.data;
      assert.equal(delivery.test, true);
    } finally {
      await withTest.stop();
      await target.stop();
    }
  });

  test('imported links expire on time and imported queued deliveries are sent', async () => {
    const file = JSON.parse(exported);
    const soon = new Date(Date.now() + 200).toISOString();
    file.links = file.links.map((l: { status: string }) =>
      l.status === 'pending' ? { ...l, expires_at: soon } : l,
    );
    file.deliveries = file.deliveries.map((d: object) => ({
      ...d,
      status: 'delivering',
      next_attempt_at: null,
    }));
    const target = await startTestSandbox({ inMemory: true });
    const sentBefore = receiver.requests.length;
    try {
      assert.equal((await importText(target, JSON.stringify(file))).status, 200);
      await eventually(async () => {
        const link = (await target.api('GET', `/payment-links/${created.id}`)).body.data;
        return link.status === 'expired' ? true : undefined;
      }, 'the imported link to expire');
      // A delivery on the wire when the file was written is tried again, as after a restart.
      await eventually(
        async () => (receiver.requests.length > sentBefore ? true : undefined),
        'the imported delivery to be sent again',
      );
    } finally {
      await target.stop();
    }
  });
});

describe('reset', () => {
  test('empties links, events, deliveries and idempotency; keeps settings and endpoints; survives a restart', async () => {
    const target = await startTestSandbox();
    const dataDir = target.dir as string;
    try {
      await importText(target, exported);
      await target.consoleApi('POST', '/queue/pause');
      const waiting = await createLink(target);
      await target.api('POST', '/sandbox/simulate', {
        body: { payment_link_id: waiting.id, event: 'failed' },
      });
      const sentBefore = receiver.requests.length;
      const reset = await target.consoleApi('POST', '/store/reset', {});
      assert.equal(reset.status, 200);
      assert.deepEqual(reset.body.data, {
        links: 0,
        events: 0,
        deliveries: 0,
        endpoints: 1,
        idempotency_records: 0,
      });
      assert.equal((await target.api('GET', `/payment-links/${created.id}`)).status, 404);
      assert.equal((await target.consoleApi('GET', '/queue')).body.data.paused, false);
      await target.stop({ keepDir: true });
      const reopened = await startTestSandbox({ dataDir });
      try {
        assert.equal((await reopened.api('GET', '/payment-links')).body.pagination.total, 0);
        assert.equal((await reopened.consoleApi('GET', '/settings')).body.data.fees.transaction_percent, 1.5);
        // The same key now makes a new link: its record went with the reset.
        const again = await reopened.api('POST', '/payment-links', {
          body: { amount: 10_000, title: 'Keyed' },
          headers: { 'idempotency-key': 'order-1' },
        });
        assert.equal(again.status, 201);
        assert.notEqual(again.body.data.id, created.id);
        // The deleted failed-delivery was never sent.
        assert.equal(receiver.requests.length, sentBefore);
      } finally {
        await reopened.stop();
      }
    } finally {
      await target.stop();
    }
  });

  test('keep_settings and keep_endpoints false bring back the defaults; the event stream says store.replaced', async () => {
    const target = await startTestSandbox({ inMemory: true });
    try {
      await importText(target, exported);
      const heard: string[] = [];
      target.core.events.on('event', (event) => heard.push(event.type));
      const reset = await target.consoleApi('POST', '/store/reset', {
        keep_settings: false,
        keep_endpoints: false,
      });
      assert.equal(reset.body.data.endpoints, 0);
      assert.equal((await target.consoleApi('GET', '/settings')).body.data.fees.transaction_percent, 2.9);
      assert.ok(heard.includes('store.replaced'));
      const bad = await target.consoleApi('POST', '/store/reset', { keep_links: true });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.param, 'keep_links');
    } finally {
      await target.stop();
    }
  });
});
