// The built-in inbox and the keyed log as /openapi.json says they are (issue 31): the inbox takes
// any body and answers any status it is set to, the log streams when asked to, and the inbox's
// message ids and forward URLs have the patterns the rest of the API's have. Every JSON answer is
// checked against the document by the harness, receipts with a set status included.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ENDPOINT_URL_FIELD } from '../shared/endpointSchemas';
import { assertError } from './errorEnvelope';
import { KEY, rawRequest } from './harness';
import { fileDocument } from './servedDocument';

type Json = any;

const served = fileDocument();

const receive = (name: string, raw?: string, headers: Record<string, string> = {}) =>
  served.sandbox.api('POST', `/_inbox/${name}`, { raw, key: null, headers });
const answerWith = (name: string, settings: Record<string, unknown>) =>
  served.sandbox.api('PUT', `/sandbox/inbox/${name}`, { body: settings });

describe('the inbox in the document', () => {
  test('takes any body of any Content-Type, or none, as the document says', async () => {
    const op = served.doc.paths['/_inbox/{name}'].post;
    assert.equal(op.requestBody.required, false);
    assert.deepEqual(Object.keys(op.requestBody.content), ['*/*']);
    for (const [raw, type] of [
      ['hello', 'text/plain'],
      ['\u0000\u0001', 'application/octet-stream'],
      ['{"a": ', 'application/json'],
      [undefined, undefined],
    ] as const) {
      const res = await receive('doc_bodies', raw, type ? { 'content-type': type } : {});
      assert.equal(res.status, 200, `${type}: ${res.text}`);
      assert.match(res.body.data.message_id, /^msg_[0-9a-f]{8}_\d+$/);
    }
  });

  test('answers every status it is set to, 200 to 599, with the receipt the document lists for it', async () => {
    for (const status of [201, 299, 301, 400, 405, 418, 421, 500, 503, 599]) {
      assert.equal((await answerWith('doc_status', { status })).status, 200);
      const res = await receive('doc_status', '{}', { 'content-type': 'application/json' });
      assert.equal(res.status, status, res.text);
      assert.equal(res.body.data.inbox, 'doc_status');
    }
    for (const status of [204, 304]) {
      await answerWith('doc_status', { status });
      const res = await receive('doc_status', '{}', { 'content-type': 'application/json' });
      assert.equal(res.status, status);
      assert.equal(res.text, '');
      assert.ok(served.doc.paths['/_inbox/{name}'].post.responses[status], `${status} is not documented`);
    }
    await answerWith('doc_status', {});
  });

  test('its own errors are documented beside the receipt: a bad name, a foreign Host', async () => {
    assertError(
      await receive('not.a.name', '{}', { 'content-type': 'application/json' }),
      400,
      'parameter_invalid',
      {
        param: 'name',
      },
    );
    const foreign = await rawRequest(served.sandbox.origin, {
      method: 'POST',
      path: '/_inbox/doc_host',
      headers: { host: 'attacker.example', 'content-type': 'application/json' },
      body: '{}',
    });
    assertError(foreign, 421, 'host_not_allowed');
  });

  test('?since= takes a message id, as its pattern says; anything else is 400 naming since', async () => {
    const since = served.doc.paths['/sandbox/inbox/{name}/messages'].get.parameters.find(
      (p: Json) => p.name === 'since',
    );
    assert.ok(since.schema.pattern, 'since has no pattern');
    const first = (await receive('doc_since', 'one')).body.data.message_id;
    await receive('doc_since', 'two');
    assert.match(first, new RegExp(since.schema.pattern));
    const after = await served.sandbox.api('GET', `/sandbox/inbox/doc_since/messages?since=${first}`);
    assert.equal(after.status, 200, after.text);
    assert.equal(after.body.data.length, 1);
    for (const bad of ['42', 'msg_', 'log_0123abcd_1'])
      assertError(
        await served.sandbox.api('GET', `/sandbox/inbox/doc_since/messages?since=${bad}`),
        400,
        'parameter_invalid',
        { param: 'since', mentions: ['msg_'] },
      );
  });

  test("a forward's url has the http(s) pattern of every URL field, and the server holds to it", async () => {
    const url = served.doc.components.schemas.InboxForwardRequest.properties.url;
    assert.equal(url.pattern, ENDPOINT_URL_FIELD.pattern);
    const id = (await receive('doc_forward', 'hello')).body.data.message_id;
    const res = await served.sandbox.consoleApi('POST', `/inbox/doc_forward/messages/${id}/forward`, {
      url: 'ftp://files.example/hooks',
    });
    assertError(res, 400, 'parameter_invalid', { param: 'url', mentions: ['http'] });
  });
});

describe('the keyed log as a stream', () => {
  test('text/event-stream is documented beside the JSON page, and is what Accept: text/event-stream gets', async () => {
    const content = served.doc.paths['/sandbox/logs'].get.responses['200'].content;
    assert.deepEqual(Object.keys(content).sort(), ['application/json', 'text/event-stream']);
    const controller = new AbortController();
    const res = await fetch(`${served.sandbox.origin}/sandbox/logs`, {
      headers: { authorization: `Bearer ${KEY}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    try {
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    } finally {
      controller.abort();
    }
  });
});
