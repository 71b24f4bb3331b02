// The CI jobs the docs show, run as written (workflowJob.ts): every `run:` step with bash, in a
// folder standing in for the user's repository, with the sandbox from this clone.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from './cliProcess';
import { jobIn, makeCheckout, missingRuntime, runJob, workflowsIn, type WorkflowJob } from './workflowJob';

// The user's app, reduced to what the documented job asks of it: `npm test` runs its tests, which
// serve the webhook route on port 3000 (the job's --webhook-url) and verify what arrives with
// PAYMENTS_WEBHOOK_SECRET, as any Standard Webhooks verifier does.
const APP_TEST = `import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { test } from 'node:test';

const { PAYMENTS_BASE_URL, PAYMENTS_KEY, PAYMENTS_WEBHOOK_SECRET = '' } = process.env;

function verified(headers, body) {
  const key = Buffer.from(PAYMENTS_WEBHOOK_SECRET.replace(/^whsec_/, ''), 'base64');
  const signed = headers['webhook-id'] + '.' + headers['webhook-timestamp'] + '.' + body;
  const expected = createHmac('sha256', key).update(signed).digest();
  return String(headers['webhook-signature'] ?? '').split(' ').some((signature) => {
    const given = Buffer.from(signature.replace(/^v1,/, ''), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

async function api(method, path, body) {
  const response = await fetch(PAYMENTS_BASE_URL + path, {
    method,
    headers: { authorization: 'Bearer ' + PAYMENTS_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.ok(response.ok, method + ' ' + path + ' answered ' + response.status);
  return (await response.json()).data;
}

test("a paid link's webhook reaches the app and verifies", async () => {
  const received = [];
  const app = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const ok = verified(req.headers, body);
      received.push({ ok, event: JSON.parse(body) });
      res.writeHead(ok ? 204 : 400).end();
    });
  });
  await new Promise((resolve) => app.listen(3000, '127.0.0.1', resolve));
  try {
    const link = await api('POST', '/payment-links', { amount: 150000, title: 'Order #1001' });
    await api('POST', '/sandbox/simulate', { payment_link_id: link.id, event: 'paid' });
    let webhook;
    for (let i = 0; i < 100 && !webhook; i++) {
      webhook = received.find((w) => w.event.data.id === link.id);
      if (!webhook) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(webhook, 'no webhook for the paid link reached the app');
    assert.ok(webhook.ok, 'the app rejected the webhook: its signature does not verify with PAYMENTS_WEBHOOK_SECRET');
    assert.equal(webhook.event.type, 'payment_link.paid');
  } finally {
    app.close();
    app.closeAllConnections();
  }
});
`;

// A QA session as the console would have recorded it, reduced to three steps.
const SCENARIO = JSON.stringify({
  format: 'payment-links-sandbox/scenario',
  version: 1,
  name: 'Checkout',
  steps: [
    { create: { amount: 150000, title: 'Order #1001' }, as: 'order', expect: { status: 201 } },
    { simulate: 'order', event: 'paid' },
    { expect_webhook: { type: 'payment_link.paid', link: 'order' } },
  ],
});

function assertJobRan(result: Awaited<ReturnType<typeof runJob>>): void {
  for (const step of result.steps)
    assert.ok(!step.skipped && step.code === 0, `step "${step.label}" did not pass\n${result.transcript}`);
  assert.deepEqual(result.leftovers, [], `the job left processes running\n${result.transcript}`);
}

async function runnable(t: { skip(message: string): void }, job: WorkflowJob): Promise<boolean> {
  const missing = await missingRuntime(job);
  if (missing) {
    // Printed as well as reported, so a skipped language is visible in any reporter's output.
    console.log(`SKIPPED: ${missing}`);
    t.skip(missing);
  }
  return missing === undefined;
}

test('docs/testing-your-app.md: the GitHub Actions job runs as written, the app verifies its webhooks and nothing is left running', async (t) => {
  const job = await jobIn('docs/testing-your-app.md', '.github/workflows/payments.yml', 'integration');
  if (!(await runnable(t, job))) return;
  const checkout = await makeCheckout(
    { 'test/payments.test.mjs': APP_TEST, 'qa/checkout.scenario.json': SCENARIO },
    { test: 'node --test' },
  );
  try {
    const result = await runJob(job, checkout.workspace);
    assertJobRan(result);
    const appTests = result.steps.find((s) => s.label === 'npm test')?.output ?? '';
    assert.match(appTests, /pass 1\b/, `the app's test did not run\n${result.transcript}`);
    const junit = await readFile(join(checkout.workspace, 'reports/scenario.xml'), 'utf8');
    assert.match(junit, /<testsuite[^>]*tests="3"[^>]*failures="0"/);
  } finally {
    await checkout.remove();
  }
});

const LANGUAGES = [
  { job: 'python', example: 'python' },
  { job: 'go', example: 'go' },
  { job: 'php', example: 'php' },
] as const;

for (const { job: name, example } of LANGUAGES) {
  test(`docs/ci.md: the ${name} job runs as written against the sandbox from npm: the example creates a link, pays it and verifies its webhook, and rejects a tampered body`, async (t) => {
    const job = await jobIn('docs/ci.md', '.github/workflows/payments.yml', name);
    if (!(await runnable(t, job))) return;
    // The job names where a user keeps the example they copied: it is this repository's example.
    const checkout = await makeCheckout({});
    try {
      await cp(join(REPO_ROOT, 'docs/examples', example), join(checkout.workspace, 'tests/payments'), {
        recursive: true,
      });
      const result = await runJob(job, checkout.workspace);
      assertJobRan(result);
      const tested = result.steps.find((s) => s.label.includes('example'))?.output ?? '';
      assert.match(
        tested,
        /tampered/i,
        `the example's test said nothing of a tampered body\n${result.transcript}`,
      );
    } finally {
      await checkout.remove();
    }
  });
}

test('docs/ci.md: the service-container job is not run here (no Actions runner, no registry); its shell steps are the python job’s, which run above', async () => {
  const [withService] = (await workflowsIn('docs/ci.md')).filter(
    (w) => w.file === '.github/workflows/payments-service.yml',
  );
  assert.ok(withService, 'docs/ci.md shows no .github/workflows/payments-service.yml');
  const serviceJob = withService.jobs.python!;
  const npmJob = await jobIn('docs/ci.md', '.github/workflows/payments.yml', 'python');
  const service = serviceJob.services?.payments;
  assert.ok(service?.image, 'the job has no payments service with an image');
  assert.ok(
    existsSync(join(REPO_ROOT, 'docs/examples/python/test_payment_link.py')),
    'the python example the job runs is missing',
  );
  const exampleStep = (job: WorkflowJob) => job.steps.find((s) => s.name?.includes('example'));
  assert.deepEqual(exampleStep(serviceJob), exampleStep(npmJob));
});

test('docs/ci.md shows each example verifier exactly as the file a user copies', async () => {
  const doc = await readFile(join(REPO_ROOT, 'docs/ci.md'), 'utf8');
  for (const [fence, file] of [
    ['python', 'python/webhooks.py'],
    ['go', 'go/webhooks.go'],
    ['php', 'php/webhooks.php'],
  ] as const) {
    const source = await readFile(join(REPO_ROOT, 'docs/examples', file), 'utf8');
    assert.ok(
      doc.includes('```' + fence + '\n' + source + '```'),
      `docs/ci.md does not show ${file} as it is`,
    );
  }
});
