// An endpoint check whose valid, signed event fails (docs/endpoint-check.md, "When the valid event
// fails"): the report leads with that failure, and the failures that got the same answer follow from
// it rather than each sending the tester after its own fix. Real checks against real receivers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { EndpointCheck } from '../shared/endpointCheck';
import { rootCause } from '../shared/endpointCheckReports';
import { closedPort, killLeftoverClis, runCli } from './cliProcess';
import { startTestSandbox, TEST_SECRET, type TestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

/** Every probe but the redirect one (a 500 is no redirect), in the order they run. */
const FAILING_ON_500 = [
  'valid_event',
  'wrong_signature',
  'missing_signature',
  'stale_timestamp',
  'future_timestamp',
  'rotated_secret',
  'duplicate',
  'out_of_order',
  'unknown_type',
  'large_body',
];

let sandbox: TestSandbox;
let broken: WebhookReceiver;
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
  broken = await WebhookReceiver.start({ plan: () => 500 });
});
after(async () => {
  await killLeftoverClis();
  await broken.stop();
  await sandbox.stop();
});

/** What the console does: add the endpoint, start a check by its id, read it until it is done. */
async function checkOf(url: string): Promise<EndpointCheck> {
  const added = await sandbox.consoleApi('POST', '/endpoints', { url });
  assert.equal(added.status, 201, added.text);
  const id = added.body.data.id;
  const started = await sandbox.consoleApi('POST', `/endpoints/${id}/checks`, {});
  assert.equal(started.status, 202, started.text);
  for (;;) {
    const read = await sandbox.consoleApi('GET', `/endpoints/${id}/checks/${started.body.data.id}?wait=60`);
    assert.equal(read.status, 200, read.text);
    if (read.body.data.status === 'done') return read.body.data;
  }
}

const failed = (check: EndpointCheck) => check.probes.filter((p) => p.status === 'fail').map((p) => p.name);

test('an endpoint that answers 500 to everything: the valid event is the root cause and the 9 other failures follow', async () => {
  const check = await checkOf(`${broken.url}?all-500`);
  assert.deepEqual(failed(check), FAILING_ON_500);
  const cause = rootCause(check);
  assert.ok(cause, 'a failed valid event is a root cause');
  assert.equal(cause.probe, 'valid_event');
  assert.equal(cause.headline, 'The endpoint answers 500 to a valid, signed event: fix that first.');
  assert.deepEqual(cause.following, FAILING_ON_500.slice(1));
  assert.match(cause.detail, /^9 other failures got the same 500 and follow from it: /);
});

test('a failure that got another answer is its own: a 500 endpoint that takes an unsigned event with 200', async () => {
  const unsigned = await WebhookReceiver.start({
    plan: (request) => (request.headers['webhook-signature'] === undefined ? 200 : 500),
  });
  try {
    const check = await checkOf(unsigned.url);
    assert.deepEqual(failed(check), FAILING_ON_500);
    const cause = rootCause(check);
    assert.ok(cause);
    assert.deepEqual(
      cause.following,
      FAILING_ON_500.filter((name) => name !== 'valid_event' && name !== 'missing_signature'),
      'the missing signature was accepted (200): a failure of its own, not a 500',
    );
  } finally {
    await unsigned.stop();
  }
});

test('an endpoint that gives no answer names why; one whose valid event passes has no root cause', async () => {
  const nobody = await checkOf(`http://127.0.0.1:${await closedPort()}/webhooks`);
  const cause = rootCause(nobody);
  assert.ok(cause);
  assert.match(
    cause.headline,
    /^The endpoint gives no answer to a valid, signed event \(.+\): fix that first\.$/,
  );
  assert.ok(cause.following.includes('wrong_signature'));
  assert.match(cause.detail, /got no answer either and follow from it/);

  const fine = await WebhookReceiver.start({ plan: () => 200 });
  try {
    const check = await checkOf(fine.url);
    assert.ok(failed(check).includes('wrong_signature'), 'accepting anything fails the signature probes');
    assert.equal(rootCause(check), null);
  } finally {
    await fine.stop();
  }
});

test('check-endpoint on the command line leads "To fix:" with the root cause and leaves out the fixes that follow', async () => {
  const run = await runCli(['check-endpoint', broken.url, '--secret', TEST_SECRET], 60_000);
  assert.equal(run.code, 1, run.cli.transcript());
  const fixes = run.stdout.slice(run.stdout.indexOf('To fix:')).split('\n');
  assert.equal(
    fixes[1],
    '  The endpoint answers 500 to a valid, signed event: fix that first. 9 other failures got the same 500 and follow from it: leave their advice until the valid event gets a 2xx, then check again.',
  );
  assert.match(fixes[2] ?? '', /^ {2}valid_event: Answer 2xx/);
  assert.equal(fixes[3], `  Following from it: ${FAILING_ON_500.slice(1).join(', ')}`);
  assert.doesNotMatch(run.stdout, /wrong_signature: Verify/);
});
