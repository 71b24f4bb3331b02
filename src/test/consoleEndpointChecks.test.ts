// "Check this endpoint" through the console API (docs/endpoint-check.md "In the console"): a check
// started by the endpoint's id, with the URL and secret the sandbox holds, its reports kept with the
// endpoint. The receiver is a real node:http server; every answer is checked against /openapi.json.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import {
  ENDPOINT_CHECKS_KEPT,
  ENDPOINT_CHECKS_RUNNING_LIMIT,
  type EndpointCheck,
} from '../shared/endpointCheck';
import { compareReports, comparisonSentence } from '../shared/endpointCheckReports';
import { PROBE_SNIPPETS, RECEIVERS_DOC } from '../renderer/src/lib/receiverSnippets';
import { startTestSandbox, type TestSandbox } from './harness';
import { WebhookReceiver } from './webhookReceiver';

let sandbox: TestSandbox;
let receiver: WebhookReceiver;
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
  receiver = await WebhookReceiver.start({ plan: () => 200 });
});
after(async () => {
  await receiver.stop();
  await sandbox.stop();
});

async function addEndpoint(url = receiver.url): Promise<{ id: string; secret: string }> {
  const added = await sandbox.consoleApi('POST', '/endpoints', { url });
  assert.equal(added.status, 201, added.text);
  return added.body.data;
}

/** What the console does: start the check by the endpoint's id, then read it until it is done. */
async function check(endpointId: string): Promise<EndpointCheck> {
  const started = await sandbox.consoleApi('POST', `/endpoints/${endpointId}/checks`, {});
  assert.equal(started.status, 202, started.text);
  assert.equal(started.body.data.status, 'running');
  for (;;) {
    const read = await sandbox.consoleApi(
      'GET',
      `/endpoints/${endpointId}/checks/${started.body.data.id}?wait=60`,
    );
    assert.equal(read.status, 200, read.text);
    if (read.body.data.status === 'done') return read.body.data;
  }
}

const failed = (report: EndpointCheck) =>
  report.probes.filter((probe) => probe.status === 'fail').map((probe) => probe.name);

test('a check started by endpoint id signs with the endpoint’s secret; its reports are kept, the last two', async () => {
  const endpoint = await addEndpoint();
  // A receiver that accepts anything.
  const first = await check(endpoint.id);
  assert.equal(first.url, receiver.url);
  assert.deepEqual(failed(first), [
    'wrong_signature',
    'missing_signature',
    'stale_timestamp',
    'future_timestamp',
  ]);

  // Now it verifies with the secret the sandbox generated: the check must have signed with it.
  const webhook = new Webhook(endpoint.secret);
  receiver.plan = (request) => {
    try {
      webhook.verify(request.body, request.headers);
      return 200;
    } catch {
      return 400;
    }
  };
  const second = await check(endpoint.id);
  assert.equal(second.result, 'pass', JSON.stringify(second.probes.map((p) => p.reason)));
  assert.ok(!JSON.stringify(second).includes(endpoint.secret), 'the report never repeats the secret');

  const listed = await sandbox.consoleApi('GET', `/endpoints/${endpoint.id}/checks`);
  assert.equal(listed.status, 200);
  assert.deepEqual(
    listed.body.data.map((r: EndpointCheck) => r.id),
    [second.id, first.id],
  );
  const comparison = compareReports(listed.body.data[0], listed.body.data[1]);
  assert.deepEqual(
    comparison.fixed.map((p) => p.name),
    ['wrong_signature', 'missing_signature', 'stale_timestamp', 'future_timestamp'],
  );
  assert.equal(comparisonSentence(comparison), '4 fixed since the last check');

  // A third check: the oldest report goes, the previous one stays.
  const third = await check(endpoint.id);
  const kept = await sandbox.consoleApi('GET', `/endpoints/${endpoint.id}/checks`);
  assert.deepEqual(
    kept.body.data.map((r: EndpointCheck) => r.id),
    [third.id, second.id],
  );
  const gone = await sandbox.consoleApi('GET', `/endpoints/${endpoint.id}/checks/${first.id}`);
  assert.equal(gone.status, 404);
  assert.equal(gone.body.error.code, 'resource_not_found');
  assert.match(gone.body.error.message, /last 2 reports/);
});

test('an unknown endpoint id is a 404 naming it; another endpoint’s check is not this one’s', async () => {
  const unknown = await sandbox.consoleApi('POST', '/endpoints/we_nope/checks', {});
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.error.code, 'resource_not_found');
  assert.match(unknown.body.error.message, /we_nope/);
  assert.equal((await sandbox.consoleApi('GET', '/endpoints/we_nope/checks')).status, 404);

  const a = await addEndpoint(`${receiver.url}?a`);
  const b = await addEndpoint(`${receiver.url}?b`);
  const ofA = await check(a.id);
  assert.deepEqual((await sandbox.consoleApi('GET', `/endpoints/${b.id}/checks`)).body.data, []);
  assert.equal((await sandbox.consoleApi('GET', `/endpoints/${b.id}/checks/${ofA.id}`)).status, 404);
  const extra = await sandbox.consoleApi('POST', `/endpoints/${a.id}/checks`, { secret: 'whsec_x' });
  assert.equal(extra.status, 400, 'the console never hands a secret in');
});

test('the comparison names new failures and what still fails', () => {
  const report = (statuses: Record<string, 'pass' | 'fail' | 'warn'>) =>
    ({
      probes: Object.entries(statuses).map(([name, status]) => ({ name, status })),
    }) as EndpointCheck;
  const comparison = compareReports(
    report({ a: 'fail', b: 'pass', c: 'fail', d: 'warn' }),
    report({ a: 'fail', b: 'fail', c: 'pass', d: 'pass' }),
  );
  assert.equal(
    comparisonSentence(comparison),
    '1 fixed, 1 new failure, 1 still failing since the last check',
  );
  assert.equal(
    comparisonSentence(compareReports(report({ a: 'pass' }), report({ a: 'pass' }))),
    'No change since the last check',
  );
});

test('each fix snippet the console shows is quoted from its example receiver as it stands', async () => {
  const dedent = (lines: string[]) => {
    const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)?.[0].length ?? 0));
    return lines.map((l) => l.slice(indent)).join('\n');
  };
  const snippets = [...new Set(Object.values(PROBE_SNIPPETS).flat())];
  assert.ok(snippets.length >= 10);
  for (const snippet of snippets) {
    const lines = (await readFile(snippet.file, 'utf8')).split('\n');
    const size = snippet.code.split('\n').length;
    const found = lines.some((_, i) => dedent(lines.slice(i, i + size)) === snippet.code);
    assert.ok(found, `${snippet.file} no longer holds:\n${snippet.code}`);
  }
  assert.ok((await readFile(RECEIVERS_DOC, 'utf8')).includes('# Webhook receivers'));
});

test('an endpoint keeps its report however many other checks finish after it', async () => {
  const endpoint = await addEndpoint(`${receiver.url}?kept`);
  const started = await sandbox.consoleApi('POST', `/endpoints/${endpoint.id}/checks`, {});
  assert.equal(started.status, 202);
  const id = started.body.data.id as string;
  const finished = async (checkId: string) => {
    for (;;) {
      const read = await sandbox.api('GET', `/sandbox/endpoint-checks/${checkId}?wait=60`);
      if (read.status === 404 || read.body.data.status === 'done') return;
    }
  };
  // The console does not read it again while more than the keyed API keeps (ENDPOINT_CHECKS_KEPT)
  // finish after it.
  await finished(id);
  // In waves of as many as run at once (ENDPOINT_CHECKS_RUNNING_LIMIT), each finished before the next.
  for (let started = 0; started < ENDPOINT_CHECKS_KEPT + 5; started += ENDPOINT_CHECKS_RUNNING_LIMIT) {
    const wave = await Promise.all(
      Array.from({ length: ENDPOINT_CHECKS_RUNNING_LIMIT }, () =>
        sandbox.api('POST', '/sandbox/endpoint-checks', {
          body: { url: receiver.url, secret: endpoint.secret },
        }),
      ),
    );
    for (const other of wave) await finished(other.body.data.id);
  }
  assert.equal((await sandbox.api('GET', `/sandbox/endpoint-checks/${id}`)).status, 404);
  const kept = await sandbox.consoleApi('GET', `/endpoints/${endpoint.id}/checks/${id}`);
  assert.equal(kept.status, 200, kept.text);
  assert.equal(kept.body.data.status, 'done');
  assert.equal(kept.body.data.progress.done, kept.body.data.progress.total);
});
