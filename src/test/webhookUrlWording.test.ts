import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { webhookUrlProblem } from '../core/webhookEndpoints';
import { startTestSandbox, type TestSandbox } from './harness';

let sandbox: TestSandbox;
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
});
after(() => sandbox.stop());

test('a webhook URL problem is a sentence saying what is allowed, with an example', () => {
  assert.equal(
    webhookUrlProblem('not a url'),
    '"not a url" is not a web address. Use an absolute http:// or https:// URL, for example http://localhost:3000/webhooks.',
  );
  assert.match(
    webhookUrlProblem('ftp://x.example/') ?? '',
    /^"ftp:\/\/x\.example\/" starts with ftp:\/\/, but only http:\/\/ and https:\/\//,
  );
  assert.equal(webhookUrlProblem('https://hooks.example/x'), null);
  assert.ok((webhookUrlProblem('x'.repeat(5000)) ?? '').length < 300, 'a huge value is shortened');
});

test('the console API answers a bad endpoint URL with that sentence, not "Invalid url:"', async () => {
  const res = await sandbox.consoleApi('POST', '/endpoints', { url: 'not a url' });
  assert.equal(res.status, 400);
  assert.equal(res.body.error.param, 'url');
  assert.doesNotMatch(res.body.error.message, /^Invalid url/);
  assert.match(
    res.body.error.message,
    /absolute http:\/\/ or https:\/\/ URL, for example http:\/\/localhost:3000\/webhooks\.$/,
  );
});
