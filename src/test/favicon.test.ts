// Issue 13 item 9: the app's icon at /favicon.ico, linked from the console and the checkout page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLink, startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox;

before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
});
after(() => sandbox.stop());

describe('/favicon.ico', () => {
  test('answers 200 with an icon, its type and a cache lifetime', async () => {
    const res = await fetch(`${sandbox.origin}/favicon.ico`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/x-icon');
    assert.match(String(res.headers.get('cache-control')), /max-age=\d+/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), at least one image.
    assert.deepEqual([bytes.readUInt16LE(0), bytes.readUInt16LE(2)], [0, 1]);
    assert.ok(bytes.readUInt16LE(4) >= 1);
  });

  test('the checkout page links it and its policy lets it load', async () => {
    const link = await createLink(sandbox);
    const res = await fetch(`${sandbox.origin}/pay/${link.id}`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<link rel="icon" href="\/favicon.ico">/);
    assert.match(String(res.headers.get('content-security-policy')), /img-src 'self'/);
  });
});
