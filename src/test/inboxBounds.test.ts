// The built-in inbox's edges (docs/contract.md §12): ?since, the 1,000-per-inbox cap and the bounds on
// inboxes and bytes, each driven ten times past their size, raw and cut bodies, and the clear 400s
// for names and settings that are not allowed.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { INBOX_LIMITS, Inboxes } from '../core/inbox/inboxes';
import { assertError } from './errorEnvelope';
import { eventually, rawRequest, startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox;
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true, requestLog: false });
});
after(() => sandbox.stop());

const post = (name: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.origin}/_inbox/${name}`, { method: 'POST', body, headers });

/** `count` posts, `width` at a time. */
async function postMany(count: number, width: number, each: (i: number) => Promise<Response>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const res = await each(next++);
        await res.arrayBuffer();
        assert.equal(res.status, 200);
      }
    }),
  );
}

const list = async (name: string, query = '') => {
  const res = await sandbox.api('GET', `/sandbox/inbox/${name}/messages${query}`);
  assert.equal(res.status, 200, res.text);
  return res.body.data as { id: string; body: string; body_bytes: number; body_truncated: boolean }[];
};

describe('reading', () => {
  test('newest first; ?since= returns only the newer ones; an id of another run returns all', async () => {
    for (const body of ['one', 'two', 'three']) await post('since', body);
    const all = await list('since');
    assert.deepEqual(
      all.map((m) => m.body),
      ['three', 'two', 'one'],
    );
    const newer = await list('since', `?since=${all[1]?.id}`);
    assert.deepEqual(
      newer.map((m) => m.body),
      ['three'],
    );
    assert.deepEqual(await list('since', `?since=${all[0]?.id}`), []);
    assert.equal((await list('since', '?since=msg_00000000_1')).length, 3);
    assert.deepEqual(await list('never-posted'), []);
  });

  test('any body is kept as raw bytes: binary as base64, the first 256 KiB of a larger one', async () => {
    const binary = new Uint8Array([0xff, 0x00, 0xfe, 0x41]);
    await post('raw', binary, { 'content-type': 'application/octet-stream' });
    const [kept] = await list('raw');
    assert.deepEqual(
      { body: kept?.body, encoding: (kept as { body_encoding?: string } | undefined)?.body_encoding },
      { body: Buffer.from(binary).toString('base64'), encoding: 'base64' },
    );
    await post('raw', 'x'.repeat(1024 * 1024), { 'content-type': 'text/plain' });
    const [large] = await list('raw');
    assert.equal(large?.body_bytes, 1024 * 1024);
    assert.equal(large?.body_truncated, true);
    assert.equal(large?.body.length, 256 * 1024);
  });

  test('a sender that goes mid-body leaves nothing recorded, and the inbox goes on', async () => {
    const url = new URL(sandbox.origin);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST /_inbox/cut HTTP/1.1\r\nHost: ${url.host}\r\nContent-Length: 1000\r\n\r\npartial`);
    await eventually(async () => (socket.writableLength === 0 ? true : undefined), 'the part is sent');
    socket.destroy();
    assert.equal((await post('cut', 'whole')).status, 200);
    assert.deepEqual(
      (await list('cut')).map((m) => m.body),
      ['whole'],
    );
  });

  test('no key, no console token or Origin check, and the security headers', async () => {
    const res = await post('open', '{}', {
      origin: 'https://elsewhere.example',
      'content-type': 'application/json',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    const foreignHost = await rawRequest(sandbox.origin, {
      method: 'POST',
      path: '/_inbox/open',
      headers: { host: 'evil.example' },
      body: 'x',
    });
    assert.equal(foreignHost.status, 421);
    const unkeyed = await sandbox.api('GET', '/sandbox/inbox/open/messages', { key: null });
    assertError(unkeyed, 401, 'api_key_missing');
  });
});

describe('bounds', () => {
  test('an inbox keeps its newest 1,000 of 10,000 posts', async () => {
    await postMany(10_000, 16, (i) => post('busy', String(i)));
    const kept = await list('busy');
    assert.equal(kept.length, INBOX_LIMITS.messagesPerInbox);
    assert.equal(kept[0]?.body, '9999');
    assert.equal(kept.at(-1)?.body, '9000');
  });

  test(`${INBOX_LIMITS.inboxes * 10} names keep at most ${INBOX_LIMITS.inboxes} inboxes, the most recently used`, async () => {
    await postMany(INBOX_LIMITS.inboxes * 10, 16, (i) => post(`name-${i}`, 'x'));
    const res = await sandbox.consoleApi('GET', '/inbox');
    assert.equal(res.body.data.length, INBOX_LIMITS.inboxes);
    assert.equal(res.body.data[0].name, `name-${INBOX_LIMITS.inboxes * 10 - 1}`);
    assert.deepEqual(await list('name-0'), []);
  });

  test('all inboxes together hold at most 64 MiB, dropping the oldest first, at 10× the bound', () => {
    const limits = { ...INBOX_LIMITS, totalBytes: 1024 * 1024 };
    const inboxes = new Inboxes(() => undefined, limits);
    const body = Buffer.alloc(10 * 1024, 1);
    for (let i = 0; i < 1000; i++) {
      inboxes.record(`box-${i % 7}`, {
        headers: { 'content-type': 'application/octet-stream' },
        body,
        summary: {
          method: 'POST',
          received_at: new Date().toISOString(),
          content_type: null,
          event_type: null,
          webhook_id: null,
          link_id: null,
          query: '',
          body_bytes: body.length,
          body_truncated: false,
          verification: { state: 'unverifiable', reason: 'test', endpoint_id: null },
        },
      });
      assert.ok(inboxes.heldBytes <= limits.totalBytes, `${inboxes.heldBytes} bytes held after ${i + 1}`);
    }
    const newest = inboxes.summaries('box-5')[0];
    assert.ok(newest, 'the newest messages are kept');
    assert.equal(newest.id.split('_')[2], '1000');
  });

  test('over HTTP, 10× the byte bound in cut bodies leaves at most 64 MiB held', async () => {
    const large = 'y'.repeat(300 * 1024);
    const posts = Math.ceil((10 * INBOX_LIMITS.totalBytes) / (256 * 1024));
    await postMany(posts, 8, (i) => post(`big-${i % 40}`, large));
    assert.ok(sandbox.core.inbox.heldBytes <= INBOX_LIMITS.totalBytes);
    assert.ok(sandbox.core.inbox.heldBytes > INBOX_LIMITS.totalBytes / 2);
  });
});

describe('clear 400s', () => {
  test('names outside 1–64 of [A-Za-z0-9_-]', async () => {
    for (const path of ['/_inbox/has%20space', '/_inbox/a.b', `/_inbox/${'n'.repeat(65)}`, '/_inbox/a/b']) {
      const res = await rawRequest(sandbox.origin, { method: 'POST', path, body: 'x' });
      assertError(res, 400, 'parameter_invalid', {
        param: 'name',
        mentions: ['1 to 64 letters, digits, _ or -'],
      });
    }
    const empty = await rawRequest(sandbox.origin, { method: 'POST', path: '/_inbox/', body: 'x' });
    assertError(empty, 400, 'parameter_missing', { param: 'name' });
    assertError(await sandbox.api('GET', '/sandbox/inbox/bad.name/messages'), 400, 'parameter_invalid', {
      param: 'name',
    });
  });

  test('settings that are not allowed name the field and what is allowed', async () => {
    const put = (body: unknown) => sandbox.api('PUT', '/sandbox/inbox/settings', { body });
    assertError(await put({ status: 99 }), 400, 'parameter_invalid', {
      param: 'status',
      mentions: ['200 to 599'],
    });
    assertError(await put({ status: '500' }), 400, 'parameter_invalid', { param: 'status' });
    assertError(await put({ delay_ms: 60_001 }), 400, 'parameter_invalid', {
      param: 'delay_ms',
      mentions: ['0 to 60000'],
    });
    assertError(await put({ sequence: [500, 'x'] }), 400, 'parameter_invalid', { param: 'sequence' });
    assertError(await put({ sequence: Array(101).fill(500) }), 400, 'parameter_invalid', {
      param: 'sequence',
      mentions: ['at most 100'],
    });
    assertError(await put({ colour: 'red' }), 400, 'parameter_unknown', { param: 'colour' });
    assertError(await sandbox.api('GET', '/sandbox/inbox/x/messages?since=nope'), 400, 'parameter_invalid', {
      param: 'since',
    });
    const reset = await put({});
    assert.deepEqual(reset.body.data.settings, { status: 200, delay_ms: 0, sequence: [] });
  });

  test('other methods on an inbox are 405 with Allow', async () => {
    const res = await fetch(`${sandbox.origin}/_inbox/default`);
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST, PUT, PATCH');
  });
});
