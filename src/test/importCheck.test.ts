// Issue 32: the console checks a file before it asks whether to replace everything with it. The
// check reads a file exactly as an import does and says what it holds, and changes nothing; a bad
// file is refused in the import's own words.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLink, startTestSandbox, type TestSandbox } from './harness';

const send = (sandbox: TestSandbox, path: string, text: string) =>
  sandbox.api('POST', `/_console/api${path}`, {
    raw: text,
    key: null,
    headers: { 'content-type': 'application/json' },
  });
const counts = async (sandbox: TestSandbox) => (await sandbox.consoleApi('GET', '/server')).body.data.counts;

describe('checking a file before an import', () => {
  let source: TestSandbox;
  let target: TestSandbox;
  let exported: string;
  before(async () => {
    source = await startTestSandbox({ inMemory: true });
    for (let i = 0; i < 3; i++) await createLink(source);
    await source.consoleApi('POST', '/endpoints', { url: 'http://127.0.0.1:9/hook' });
    exported = (await source.api('GET', '/_console/api/store/export', { key: null })).text;
    target = await startTestSandbox({ inMemory: true });
    await createLink(target);
  });
  after(async () => {
    await source.stop();
    await target.stop();
  });

  test('a good file: what it holds, and nothing changes', async () => {
    const before_ = await counts(target);
    const res = await send(target, '/store/import/check', exported);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, {
      links: 3,
      events: 0,
      deliveries: 0,
      endpoints: 1,
      idempotency_records: 0,
    });
    assert.deepEqual(await counts(target), before_);
  });

  test('a bad file is refused as an import refuses it, naming the place, and nothing changes', async () => {
    const before_ = await counts(target);
    const bad = exported.replace(/"amount":\d+/, '"amount":-5');
    const checked = await send(target, '/store/import/check', bad);
    assert.equal(checked.status, 400);
    assert.match(checked.body.error.message, /links\[\d+\]\.amount|\/links\/\d+\/amount/);
    const imported = await send(target, '/store/import', bad);
    assert.deepEqual(imported.body.error, checked.body.error, 'the same words as the import');
    for (const text of ['not json', '{"format":"something else"}'])
      assert.equal((await send(target, '/store/import/check', text)).status, 400, text);
    assert.deepEqual(await counts(target), before_);
  });
});
