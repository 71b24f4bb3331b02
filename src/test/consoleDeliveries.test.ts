// The console's endpoint edits and its delivery list: validation with clear errors, filters,
// page numbers and the before_seq cursor, and waiting deliveries announced on pause and resume.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SandboxEvent } from '../shared/types';
import { createLink, simulate, fileSandbox } from './harness';
import { fileReceiver } from './receiverSandbox';

const receiver = fileReceiver();
const sandbox = fileSandbox();

describe('editing an endpoint', () => {
  test('url, description and event filter change; bad values are refused naming the field', async () => {
    const endpoint = (await sandbox.consoleApi('POST', '/endpoints', { url: `${receiver.url}/old` })).body
      .data;
    const changed = await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.id}`, {
      url: `${receiver.url}/new`,
      description: 'Orders service',
      event_types: ['payment_link.failed', 'payment_link.paid'],
    });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.data.url, `${receiver.url}/new`);
    assert.equal(changed.body.data.description, 'Orders service');
    assert.deepEqual(changed.body.data.event_types, ['payment_link.failed', 'payment_link.paid']);
    assert.equal(changed.body.data.secret, endpoint.secret);

    const cases: [Record<string, unknown>, string, string, RegExp][] = [
      [{ url: 'not a url' }, 'parameter_invalid', 'url', /absolute http:\/\/ or https:\/\//],
      [{ url: 'ftp://x.example/' }, 'parameter_invalid', 'url', /only http:\/\/ and https:\/\//],
      [{ event_types: [] }, 'parameter_invalid', 'event_types', /non-empty list/],
      [{ event_types: ['payment_link.refunded'] }, 'parameter_invalid', 'event_types', /one of payment_link/],
      [{ description: 'x'.repeat(501) }, 'parameter_invalid', 'description', /at most 500/],
      [{ enabled: 'yes' }, 'parameter_invalid', 'enabled', /true or false/],
      [
        { secret: 'whsec_x' },
        'parameter_unknown',
        'secret',
        /Allowed: url, description, enabled, event_types/,
      ],
    ];
    for (const [body, code, param, message] of cases) {
      const res = await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.id}`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, code);
      assert.equal(res.body.error.param, param);
      assert.match(res.body.error.message, message);
    }
    const after = (await sandbox.consoleApi('GET', `/endpoints/${endpoint.id}`)).body.data;
    assert.deepEqual(after, changed.body.data, 'a refused change changes nothing');
    assert.equal(
      (await sandbox.consoleApi('PATCH', '/endpoints/we_missing', { description: 'x' })).status,
      404,
    );
    await sandbox.consoleApi('DELETE', `/endpoints/${endpoint.id}`);
  });
});

describe('the delivery list', () => {
  test('filters by status, event type and endpoint; pages by number and by before_seq', async () => {
    await sandbox.consoleApi('POST', '/queue/pause');
    const a = (await sandbox.consoleApi('POST', '/endpoints', { url: `${receiver.url}/a` })).body.data;
    const b = (
      await sandbox.consoleApi('POST', '/endpoints', {
        url: `${receiver.url}/b`,
        event_types: ['payment_link.failed'],
      })
    ).body.data;
    try {
      for (let i = 0; i < 5; i++) await simulate(sandbox, (await createLink(sandbox)).id, 'paid');
      for (let i = 0; i < 2; i++) await simulate(sandbox, (await createLink(sandbox)).id, 'failed');
      // a: 5 paid + 2 failed; b: 2 failed. Nine deliveries, all waiting behind the pause.
      const all = await sandbox.consoleApi('GET', '/deliveries?per_page=100');
      assert.equal(all.body.pagination.total, 9);
      const seqs = all.body.data.map((d: any) => d.seq);
      assert.deepEqual(
        seqs,
        [...seqs].sort((x: number, y: number) => y - x),
        'newest first',
      );
      assert.ok(all.body.data.every((d: any) => d.status === 'paused' && d.test === undefined));

      const total = async (query: string) =>
        (await sandbox.consoleApi('GET', `/deliveries?${query}`)).body.pagination.total;
      assert.equal(await total('event_type=payment_link.failed'), 4);
      assert.equal(await total(`endpoint_id=${b.id}`), 2);
      assert.equal(await total(`endpoint_id=${a.id}&event_type=payment_link.paid`), 5);
      assert.equal(await total('status=paused'), 9);
      assert.equal(await total('status=queued'), 0);

      const page2 = await sandbox.consoleApi('GET', '/deliveries?per_page=4&page=2');
      assert.deepEqual(page2.body.pagination, { current_page: 2, per_page: 4, total: 9, last_page: 3 });
      assert.deepEqual(
        page2.body.data.map((d: any) => d.seq),
        seqs.slice(4, 8),
      );

      // A cursor page does not shift when a newer delivery arrives.
      const cursor = seqs[3];
      const before = (await sandbox.consoleApi('GET', `/deliveries?per_page=4&before_seq=${cursor}`)).body;
      await simulate(sandbox, (await createLink(sandbox)).id, 'failed');
      const afterNew = (await sandbox.consoleApi('GET', `/deliveries?per_page=4&before_seq=${cursor}`)).body;
      assert.deepEqual(afterNew.data, before.data);
      assert.equal(afterNew.pagination.total, 5, 'total counts what lies below the cursor');

      const bad: [string, string][] = [
        ['before_seq=0', 'before_seq'],
        ['before_seq=x', 'before_seq'],
        ['per_page=101', 'per_page'],
        ['status=lost', 'status'],
        ['event_type=payment_link.refunded', 'event_type'],
        ['sort=seq', 'sort'],
      ];
      for (const [query, param] of bad) {
        const res = await sandbox.consoleApi('GET', `/deliveries?${query}`);
        assert.equal(res.status, 400, query);
        assert.equal(res.body.error.param, param);
      }
    } finally {
      await sandbox.consoleApi('POST', '/queue/resume');
      await sandbox.consoleApi('DELETE', `/endpoints/${a.id}`);
      await sandbox.consoleApi('DELETE', `/endpoints/${b.id}`);
    }
  });

  test('pause and resume announce every waiting delivery with the state it now shows', async () => {
    await sandbox.consoleApi('POST', '/queue/pause');
    const endpoint = (await sandbox.consoleApi('POST', '/endpoints', { url: `${receiver.url}/announce` }))
      .body.data;
    try {
      await simulate(sandbox, (await createLink(sandbox)).id, 'paid');
      const waiting = (await sandbox.consoleApi('GET', `/deliveries?endpoint_id=${endpoint.id}`)).body
        .data[0];
      const seen: SandboxEvent[] = [];
      const listen = (event: SandboxEvent) => seen.push(event);
      sandbox.core.events.on('event', listen);
      await sandbox.consoleApi('POST', '/queue/resume');
      sandbox.core.events.off('event', listen);
      const announced = seen.find((e) => e.type === 'delivery.changed' && e.delivery.id === waiting.id);
      assert.ok(announced, 'the waiting delivery was announced on resume');
      assert.notEqual((announced as { delivery: { status: string } }).delivery.status, 'paused');
    } finally {
      await sandbox.consoleApi('POST', '/queue/resume');
      await sandbox.consoleApi('DELETE', `/endpoints/${endpoint.id}`);
    }
  });
});

describe('editing an endpoint', () => {
  test('a new URL readdresses its waiting deliveries; finished ones keep the URL they went to', async () => {
    const endpoint = (await sandbox.consoleApi('POST', '/endpoints', { url: `${receiver.url}/before` })).body
      .data;
    try {
      await simulate(sandbox, (await createLink(sandbox)).id, 'paid');
      const [sent] = await receiver.waitForRequests(1, 'the first delivery', (r) =>
        r.path.endsWith('/before'),
      );
      await sandbox.consoleApi('POST', '/queue/pause');
      await simulate(sandbox, (await createLink(sandbox)).id, 'paid');
      await sandbox.consoleApi('PATCH', `/endpoints/${endpoint.id}`, { url: `${receiver.url}/after` });
      const rows = (await sandbox.consoleApi('GET', `/deliveries?endpoint_id=${endpoint.id}`)).body.data;
      const waiting = rows.find((d: { status: string }) => d.status === 'paused');
      const finished = rows.find((d: { event_id: string }) => d.event_id === sent?.headers['webhook-id']);
      assert.equal(waiting.endpoint_url, `${receiver.url}/after`);
      assert.equal(finished.endpoint_url, `${receiver.url}/before`);
      await sandbox.consoleApi('POST', '/queue/resume');
      await receiver.waitForRequests(1, 'the readdressed delivery', (r) => r.path.endsWith('/after'));
    } finally {
      await sandbox.consoleApi('POST', '/queue/resume');
      await sandbox.consoleApi('DELETE', `/endpoints/${endpoint.id}`);
    }
  });
});
