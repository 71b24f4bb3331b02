import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startTestSandbox as startOwnTestSandbox } from '../core';
import { webhookUrlProblem } from '../shared/webhookInputs';
import { spawnCli } from './cliProcess';
import { fileSandbox } from './harness';

const sandbox = fileSandbox();

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

test('Forward to… answers a URL without :// in the words every URL field uses', async () => {
  const received = await fetch(`${sandbox.origin}/_inbox/wording`, { method: 'POST', body: '{}' });
  const { message_id } = (await received.json()) as { message_id: string };
  const res = await sandbox.consoleApi('POST', `/inbox/wording/messages/${message_id}/forward`, {
    url: 'localhost:4700/ok',
  });
  assert.equal(res.status, 400, res.text);
  assert.equal(res.body.error.param, 'url');
  assert.equal(
    res.body.error.message,
    '"localhost:4700/ok" has no http:// or https:// in front: add http:// or https://, e.g. http://localhost:4700/ok.',
  );
});

test('a bad signing secret gets one wording everywhere: the API, check-endpoint, serve, startTestSandbox', async () => {
  const RULE = 'whsec_ followed by at least 16 characters of base64';
  const api = await sandbox.api('POST', '/sandbox/endpoint-checks', {
    body: { url: 'http://127.0.0.1:9/hooks', secret: 'whsec_short' },
  });
  assert.equal(api.status, 400, api.text);
  assert.equal(api.body.error.param, 'secret');
  assert.match(
    api.body.error.message,
    new RegExp(
      `secret must be the endpoint’s signing secret, ${RULE} \\(as the endpoint verifies with\\)\\.$`,
    ),
  );

  const said = `${RULE}, the signing secret the endpoint verifies with`;
  const check = spawnCli(['check-endpoint', 'http://127.0.0.1:9/hooks', '--secret', 'whsec_short']);
  assert.equal((await check.waitForExit()).code, 2, check.transcript());
  assert.equal(check.stderrLines()[0], `payment-links-sandbox check-endpoint: --secret must be ${said}`);

  const serve = spawnCli(['serve', '--in-memory', '--port', '0'], {
    PLS_WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
    PLS_WEBHOOK_SECRET: 'nope',
  });
  assert.equal((await serve.waitForExit()).code, 2, serve.transcript());
  assert.ok(serve.stderr.includes(`PLS_WEBHOOK_SECRET must be ${said}`), serve.stderr);

  await assert.rejects(
    startOwnTestSandbox({ webhookUrl: 'http://127.0.0.1:9/hooks', webhookSecret: 'nope' }),
    {
      message: `startTestSandbox: webhookSecret must be ${said} (leave it out for a generated one).`,
    },
  );
});
