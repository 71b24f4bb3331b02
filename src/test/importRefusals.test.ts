import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLink, eventually, startTestSandbox, type TestSandbox } from './harness';
import { inSequence, WebhookReceiver } from './webhookReceiver';

// Issue 10: an import refuses any record the API could never have produced, naming its place, and
// changes nothing; what the sandbox's own export holds still imports.

const importText = (sandbox: TestSandbox, text: string) =>
  sandbox.api('POST', '/_console/api/store/import', {
    raw: text,
    key: null,
    headers: { 'content-type': 'application/json' },
  });
const exportText = async (sandbox: TestSandbox): Promise<string> => {
  const res = await sandbox.api('GET', '/_console/api/store/export', { key: null });
  assert.equal(res.status, 200);
  return res.text;
};
const unstamped = (text: string): string => text.replace(/"exported_at":"[^"]*"/, '"exported_at":""');
const counts = async (sandbox: TestSandbox) => (await sandbox.consoleApi('GET', '/server')).body.data.counts;
/** The same object with its keys sorted, as jq -S writes it: the lists no longer in the export's order. */
const keysSorted = (file: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(file).sort(([a], [b]) => a.localeCompare(b)));

let receiver: WebhookReceiver;
let source: TestSandbox;
let exported: string;

// Through the API and the console: an idempotent create, a paid link whose event went to two
// endpoints (one since deleted, its delivery left in the history), a test event, a rotated secret,
// and a canceled link whose delivery waits in the paused queue.
before(async () => {
  receiver = await WebhookReceiver.start({ plan: inSequence(200) });
  source = await startTestSandbox({ inMemory: true });
  const kept = (await source.consoleApi('POST', '/endpoints', { url: receiver.url })).body.data;
  const gone = (await source.consoleApi('POST', '/endpoints', { url: receiver.url })).body.data;
  await source.api('POST', '/payment-links', {
    body: { amount: 10_000, title: 'Keyed' },
    headers: { 'idempotency-key': 'order-1' },
  });
  const paid = await createLink(source, { title: 'Paid', reference_id: 'order-2', note: 'A note' });
  await source.api('POST', '/sandbox/simulate', { body: { payment_link_id: paid.id, event: 'paid' } });
  assert.equal((await source.consoleApi('POST', `/endpoints/${kept.id}/test`, {})).status, 201);
  await eventually(async () => {
    const deliveries = (await source.consoleApi('GET', '/deliveries')).body.data;
    return deliveries.length === 3 && deliveries.every((d: any) => d.status === 'delivered')
      ? true
      : undefined;
  }, 'every delivery to arrive');
  assert.equal((await source.consoleApi('POST', `/endpoints/${kept.id}/rotate-secret`)).status, 200);
  assert.equal((await source.consoleApi('DELETE', `/endpoints/${gone.id}`)).status, 200);
  await source.consoleApi('POST', '/queue/pause');
  await source.api('POST', `/payment-links/${(await createLink(source, { title: 'Canceled' })).id}/cancel`);
  exported = await exportText(source);
});
after(async () => {
  await source.stop();
  await receiver.stop();
});

type File = Record<string, any>;
const fresh = (): File => JSON.parse(exported);
const queuedDelivery = (file: File): number => file.deliveries.findIndex((d: any) => d.status === 'queued');

describe('what the sandbox itself exports imports back', () => {
  test('the file holds a test event, a delivery of a deleted endpoint, a rotated secret and a queued delivery', () => {
    const file = fresh();
    assert.equal(file.endpoints.length, 1);
    assert.equal(file.endpoints[0].previous_secrets.length, 1);
    const endpointIds = new Set(file.endpoints.map((e: any) => e.id));
    assert.ok(file.deliveries.some((d: any) => d.status === 'delivered' && !endpointIds.has(d.endpoint_id)));
    assert.ok(file.deliveries.some((d: any) => d.test === true));
    assert.ok(queuedDelivery(file) >= 0);
    const linkIds = new Set(file.links.map((l: any) => l.id));
    assert.ok(
      file.events.some((e: any) => !linkIds.has(e.data.id)),
      'the test event is of no link in the store',
    );
  });

  test('an export imports, and exports again byte for byte', async () => {
    const target = await startTestSandbox({ inMemory: true });
    try {
      const imported = await importText(target, exported);
      assert.equal(imported.status, 200, imported.text);
      assert.deepEqual(imported.body.data, await counts(source));
      assert.equal(unstamped(await exportText(target)), unstamped(exported));
    } finally {
      await target.stop();
    }
  });

  test('with its keys sorted (deliveries before the events and endpoints they name), it still imports', async () => {
    const target = await startTestSandbox({ inMemory: true });
    try {
      const imported = await importText(target, JSON.stringify(keysSorted(fresh())));
      assert.equal(imported.status, 200, imported.text);
      assert.equal(unstamped(await exportText(target)), unstamped(exported));
    } finally {
      await target.stop();
    }
  });
});

describe('a record the API could never have produced is refused, naming its place; nothing changes', () => {
  let target: TestSandbox;
  let keptLinkId: string;
  let before0: unknown;

  before(async () => {
    target = await startTestSandbox({ inMemory: true });
    keptLinkId = (await createLink(target, { title: 'Already here' })).id;
    before0 = await counts(target);
  });
  after(async () => {
    await target.stop();
  });

  /** One refusal: the file `change` makes is answered 400 parameter_invalid with `message`. */
  const refused = (
    name: string,
    change: (file: File) => File | string,
    message: RegExp | ((file: File) => RegExp),
  ) =>
    test(name, async () => {
      const made = change(fresh());
      const res = await importText(target, typeof made === 'string' ? made : JSON.stringify(made));
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error.code, 'parameter_invalid');
      assert.match(res.body.error.message, typeof message === 'function' ? message(fresh()) : message);
      assert.match(res.body.error.message, /nothing was changed/i);
      assert.deepEqual(await counts(target), before0);
      assert.equal((await target.api('GET', `/payment-links/${keptLinkId}`)).status, 200);
    });

  refused(
    'amount -1',
    (file) => ((file.links[0].amount = -1), file),
    /^links\[0\]\.amount must be >= 1; got -1 \(a number\); allowed: an integer from 1 to 100000000000\./,
  );
  refused(
    'an unknown key inside an attempt',
    (file) => ((file.deliveries[0].attempts[0].retried = true), file),
    /^deliveries\[0\]\.attempts\[0\] has an unknown field "retried"/,
  );
  refused(
    "an unknown key inside an attempt's request",
    (file) => ((file.deliveries[0].attempts[0].request.method = 'POST'), file),
    /^deliveries\[0\]\.attempts\[0\]\.request has an unknown field "method"/,
  );
  refused(
    'a queued delivery whose endpoint is missing',
    (file) => ({ ...file, endpoints: [] }),
    (file) =>
      new RegExp(
        `^deliveries\\[${queuedDelivery(file)}\\]\\.endpoint_id is "we_[0-9a-f]+", which names no endpoint in the file`,
      ),
  );
  refused(
    'a delivery whose event is missing',
    (file) => {
      const missing = file.deliveries[queuedDelivery(file)].event_id;
      return { ...file, events: file.events.filter((e: any) => e.id !== missing) };
    },
    (file) =>
      new RegExp(
        `^deliveries\\[${queuedDelivery(file)}\\]\\.event_id is "evt_[0-9a-f]+", which names no event in the file`,
      ),
  );
  refused(
    'an event whose link is missing',
    (file) => ({ ...file, links: file.links.filter((l: any) => l.status !== 'succeeded') }),
    /^events\[0\]\.data\.id is "[0-9a-f-]+", which names no link in the file/,
  );
  refused(
    'a duplicate link id',
    (file) => ({ ...file, links: [...file.links, { ...file.links[0] }] }),
    /^links\[3\] has the same id as links\[0\]/,
  );
  refused(
    'a duplicate idempotency scope',
    (file) => ({ ...file, idempotency: [file.idempotency[0], file.idempotency[0]] }),
    /^idempotency\[1\] has the same scope \(API key and Idempotency-Key\) as idempotency\[0\]/,
  );
  refused(
    'paid_at on a pending link',
    (file) => ((file.links[0].paid_at = file.links[0].created_at), file),
    /^links\[0\]\.paid_at must be null while the link is pending/,
  );
  refused(
    'a fee total that is not its parts',
    (file) => ((file.links[0].fee.total += 1), file),
    /^links\[0\]\.fee\.total must be fee\.transaction \+ fee\.instant_settlement/,
  );
  refused(
    'a title longer than 255 characters',
    (file) => ((file.links[0].title = 'x'.repeat(256)), file),
    /^links\[0\]\.title must NOT have more than 255 characters.*allowed: 1 to 255 characters/,
  );
  refused(
    'a time not written as the sandbox writes it',
    (file) => ((file.links[0].created_at = '2026-11-22T22:41:48+07:00'), file),
    /^links\[0\]\.created_at must match pattern .*allowed: a UTC time with milliseconds/,
  );
  refused(
    'a checkout URL of another link',
    (file) => ((file.links[0].url = file.links[1].url), file),
    /^links\[0\]\.url must be the link's checkout URL, ending in \/pay\//,
  );
  refused(
    'an event whose type is not its link status',
    (file) => ((file.events[0].type = 'payment_link.failed'), file),
    /^events\[0\]\.data\.status must be failed in a payment_link\.failed event; got "succeeded"/,
  );
  refused(
    'an unknown key inside a rotated secret',
    (file) => ((file.endpoints[0].previous_secrets[0].note = 'old'), file),
    /^endpoints\[0\]\.previous_secrets\[0\] has an unknown field "note"/,
  );
  refused(
    'a secret that is not whsec_ and base64',
    (file) => ((file.endpoints[0].secret = 'hunter2'), file),
    /^endpoints\[0\]\.secret must match pattern/,
  );
  refused(
    'an endpoint header the sandbox sets itself, as the API would refuse it',
    (file) => ((file.endpoints[0].headers = { 'webhook-signature': 'v1,forged' }), file),
    /^endpoints\[0\]\.headers\.webhook-signature webhook-signature is set by the sandbox on every delivery/,
  );
  refused(
    'an endpoint header name in capitals, which the sandbox never keeps',
    (file) => ((file.endpoints[0].headers = { 'X-Team': 'payments' }), file),
    /^endpoints\[0\]\.headers\.X-Team must be in lower case, as the sandbox keeps names/,
  );
  refused(
    'a delivered delivery still due for another attempt',
    (file) => ((file.deliveries[0].next_attempt_at = file.deliveries[0].created_at), file),
    /^deliveries\[0\]\.next_attempt_at must be null once the delivery is delivered/,
  );
  refused(
    "a delivery whose event type is not its event's",
    (file) => ((file.deliveries[0].event_type = 'payment_link.expired'), file),
    /^deliveries\[0\]\.event_type must be the type of its event events\[0\] \(payment_link\.paid\)/,
  );
  refused(
    'a test delivery of an event that is not a test event',
    (file) => ((file.deliveries[0].test = true), file),
    /^deliveries\[0\]\.test is true, but its event events\[0\] is not a test event/,
  );
  refused(
    "a test event's delivery without its test mark",
    (file) => {
      const index = file.deliveries.findIndex((d: any) => d.test);
      delete file.deliveries[index].test;
      return file;
    },
    (file) =>
      new RegExp(
        `^deliveries\\[${file.deliveries.findIndex((d: any) => d.test)}\\]\\.link_id is "[0-9a-f-]+", which names no link in the file; only a test event's delivery`,
      ),
  );
  refused(
    'an idempotency record kept past its 24 hours',
    (file) => ((file.idempotency[0].expires_at_ms += 3_600_000), file),
    /^idempotency\[0\]\.expires_at_ms must be 24 hours after created_at/,
  );
  refused(
    'a list twice',
    (file) => JSON.stringify(file).replace('"events":[', '"links":[],"events":['),
    /^The file has "links" twice/,
  );
  refused(
    'keys sorted, and a queued delivery whose endpoint is missing (found once the endpoints are read)',
    (file) => keysSorted({ ...file, endpoints: [] }),
    (file) =>
      new RegExp(
        `^deliveries\\[${queuedDelivery(file)}\\]\\.endpoint_id is "we_[0-9a-f]+", which names no endpoint in the file`,
      ),
  );
});
