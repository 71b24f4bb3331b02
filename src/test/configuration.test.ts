// docs/configuration.md: a configuration file applied at start, by id, under the flags; refused
// whole when bad; `config validate`; `reset` against a running sandbox.
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, test } from 'node:test';
import { nextFreePort } from '../core/freePort';
import { http, killLeftoverClis, spawnCli, spawnShell, type CliProcess } from './cliProcess';
import { commandOnPath, docBlocks, docExample } from './configFile';
import { makeTempDir } from './harness';

const dirs: string[] = [];
afterEach(async () => {
  await killLeftoverClis();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await makeTempDir('pls-config-');
  dirs.push(dir);
  return dir;
}

async function stop(cli: CliProcess): Promise<void> {
  cli.signal('SIGTERM');
  const status = await cli.waitForExit();
  assert.equal(status.code, 0, cli.transcript());
}

/** `serve` with `args`, in `cwd`, waited on until it listens. */
async function serveIn(cwd: string | undefined, args: string[], env: NodeJS.ProcessEnv = {}) {
  const cli = spawnCli(['serve', '--quiet', ...args], env, cwd);
  return { cli, origin: await cli.waitForOrigin() };
}

/** What a configuration can have changed, as the API and the console show it. */
async function sandboxState(origin: string) {
  const links = await http(origin, 'GET', '/payment-links?per_page=100');
  const endpoints = await http(origin, 'GET', '/_console/api/endpoints');
  const faults = await http(origin, 'GET', '/sandbox/faults');
  const settings = await http(origin, 'GET', '/_console/api/settings');
  const clock = await http(origin, 'GET', '/sandbox/clock');
  return {
    links: links.body.data as Record<string, unknown>[],
    endpoints: endpoints.body.data as Record<string, unknown>[],
    faults: faults.body.data as Record<string, unknown>[],
    settings: settings.body.data as Record<string, unknown>,
    frozen: clock.body.data.frozen as boolean,
  };
}

const FIXTURE = '3b0c1d2e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

test('the documented example runs as written: validated, applied at start, reset by the reset command and applied again', async () => {
  const cwd = await tempDir();
  const env = await commandOnPath(cwd);
  await writeFile(join(cwd, 'payment-links-sandbox.json'), await docExample());
  const [startBlock, resetBlock] = await docBlocks('sh');
  const [validateLine, serveLine] = (startBlock as string).trim().split('\n') as [string, string];
  assert.equal((resetBlock as string).trim(), 'payment-links-sandbox reset');

  const validate = spawnShell(validateLine, env, cwd);
  assert.equal((await validate.waitForExit()).code, 0, validate.transcript());
  assert.equal(
    validate.stdout,
    'payment-links-sandbox.json is valid: it declares 3 settings, 1 endpoint, 1 fault rule, the clock, 2 links\n',
  );

  // The doc's serve line, on any free port: PLS_PORT is the documented variable for --port.
  const serve = spawnShell(serveLine, { ...env, PLS_PORT: '0', PLS_QUIET: 'true' }, cwd);
  const origin = await serve.waitForOrigin();
  try {
    await serve.waitFor(
      () => /^Configuration: payment-links-sandbox\.json$/m.test(serve.stdout) || undefined,
      'the Configuration: line',
    );
    const started = await sandboxState(origin);
    assert.deepEqual(started.links.map((link) => [link.id, link.status, link.title]).sort(), [
      ['0f6b7a8e-3c1d-4e5f-9a0b-1c2d3e4f5a6b', 'pending', 'Order #1001'],
      ['7d9e0f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a', 'succeeded', 'Order #1002 (already paid)'],
    ]);
    assert.equal(started.links[0]?.url, `${origin}/pay/${started.links[0]?.id}`, 'checkout URL of this run');
    const [endpoint] = started.endpoints;
    assert.ok(
      serve
        .stdoutLines()
        .includes(`Webhook endpoint: ${endpoint?.url} (secret as payment-links-sandbox.json declares it)`),
      serve.transcript(),
    );
    assert.equal(endpoint?.id, 'we_orders');
    assert.equal(endpoint?.secret, SECRET);
    assert.deepEqual(endpoint?.event_types, ['payment_link.paid', 'payment_link.failed']);
    assert.equal((endpoint?.faults as { duplicate: boolean }).duplicate, true);
    assert.equal(started.settings.currency, 'IDR');
    assert.deepEqual(started.settings.webhook_retry_schedule_seconds, [0, 5, 30]);

    // The declared rule answers the next create with 503, once.
    const faulted = await http(origin, 'POST', '/payment-links', { body: { amount: 1000, title: 'x' } });
    assert.equal(faulted.status, 503);
    const made = await http(origin, 'POST', '/payment-links', { body: { amount: 1000, title: 'x' } });
    assert.equal(made.status, 201);
    assert.deepEqual((await sandboxState(origin)).faults, []);

    const reset = spawnShell(resetBlock as string, { ...env, PLS_BASE_URL: origin }, cwd);
    assert.equal((await reset.waitForExit()).code, 0, reset.transcript());
    assert.match(
      reset.stdout,
      /^Removed 3 links, \d+ webhook events?, \d+ deliver(y|ies), 0 idempotency records, \d+ logged requests, 0 inbox messages\.\n$/,
    );
    const after = await sandboxState(origin);
    assert.deepEqual(
      after.links.map((link) => link.id).sort(),
      started.links.map((link) => link.id).sort(),
      'the fixtures again, the made link gone',
    );
    assert.equal(after.faults.length, 1, 'the used-up rule is armed again');
  } finally {
    await stop(serve);
  }
});

test('the documented bad-file line is what serve prints, and the store it refused is unchanged', async () => {
  const data = await tempDir();
  const first = await serveIn(undefined, ['--port', '0', '--data', data]);
  await http(first.origin, 'POST', '/payment-links', { body: { amount: 1000, title: 'kept' } });
  await stop(first.cli);

  const cwd = await tempDir();
  const example = JSON.parse(await docExample());
  example.links[1].amount = '99000';
  await writeFile(join(cwd, 'payment-links-sandbox.json'), JSON.stringify(example, null, 2));
  const refused = spawnCli(['serve', '--port', '0', '--data', data], {}, cwd);
  assert.equal((await refused.waitForExit()).code, 2);
  const [documented] = await docBlocks('text');
  assert.equal(refused.stderr, documented);
  assert.equal(refused.stdout, '');

  const again = await serveIn(undefined, ['--port', '0', '--data', data]);
  try {
    const state = await sandboxState(again.origin);
    assert.deepEqual(
      state.links.map((link) => link.title),
      ['kept'],
    );
    assert.deepEqual(state.endpoints, []);
    assert.deepEqual(state.faults, []);
  } finally {
    await stop(again.cli);
  }
});

test('applying the file again on restart changes nothing: same records, same ids, a generated secret kept; a fixture keeps what happened to it', async () => {
  const data = await tempDir();
  const cwd = await tempDir();
  const file = join(cwd, 'sandbox.json');
  await writeFile(
    file,
    JSON.stringify({
      version: 1,
      settings: { currency: 'USD', fees: { transaction_fixed: 30 } },
      endpoints: [
        { id: 'we_fixed', url: 'http://127.0.0.1:9/fixed', secret: SECRET },
        { id: 'we_generated', url: 'http://127.0.0.1:9/generated', events: ['payment_link.expired'] },
      ],
      faults: [{ match: { path: '/payment-links/:id/cancel' }, action: { type: 'latency', ms: 1 } }],
      links: [
        { id: FIXTURE, amount: 5000, title: 'Fixture' },
        { id: '3b0c1d2e-4f5a-4b6c-8d7e-9f0a1b2c3d4f', amount: 7000, title: 'Failed one', status: 'failed' },
      ],
    }),
  );
  const first = await serveIn(undefined, ['--port', '0', '--data', data, '--config', file]);
  const before = await sandboxState(first.origin);
  await stop(first.cli);

  const second = await serveIn(undefined, ['--port', '0', '--data', data], { PLS_CONFIG: file });
  try {
    const after = await sandboxState(second.origin);
    assert.deepEqual(after, before);
    assert.equal(after.links.length, 2);
    assert.equal(after.endpoints.length, 2);
    assert.match(String(after.endpoints.find((e) => e.id === 'we_generated')?.secret), /^whsec_/);
    assert.equal(after.settings.currency, 'USD');

    const canceled = await http(second.origin, 'POST', `/payment-links/${FIXTURE}/cancel`);
    assert.equal(canceled.status, 200, canceled.text);
  } finally {
    await stop(second.cli);
  }
  const third = await serveIn(undefined, ['--port', '0', '--data', data, '--config', file]);
  try {
    const fixture = await http(third.origin, 'GET', `/payment-links/${FIXTURE}`);
    assert.equal(fixture.body.data.status, 'canceled', 'a link already made is left as it is');
    assert.equal((await sandboxState(third.origin)).links.length, 2);
  } finally {
    await stop(third.cli);
  }
});

test('precedence: flags and PLS_ variables beat the file, and the file beats the store', async () => {
  const data = await tempDir();
  const cwd = await tempDir();
  const preferred = await nextFreePort('127.0.0.1', 47_000 + Math.floor(Math.random() * 1000));
  assert.ok(preferred);
  await writeFile(
    join(cwd, 'payment-links-sandbox.json'),
    JSON.stringify({
      version: 1,
      settings: { preferred_port: preferred },
      faults: [{ match: { method: 'POST' }, action: { type: 'status', status: 500 } }],
      clock: { frozen: true },
    }),
  );
  const flagged = await serveIn(
    cwd,
    ['--port', '0', '--data', data, '--fault', 'GET /payment-links/:id status=404'],
    {
      PLS_CLOCK: 'running',
    },
  );
  try {
    assert.notEqual(new URL(flagged.origin).port, String(preferred), '--port beats preferred_port');
    const state = await sandboxState(flagged.origin);
    assert.deepEqual(
      state.faults.map((rule) => rule.match),
      [{ method: 'GET', path: '/payment-links/:id' }],
      "--fault replaces the file's rules",
    );
    assert.equal(state.frozen, false, 'PLS_CLOCK beats clock.frozen');
  } finally {
    await stop(flagged.cli);
  }
  // No flags: the file's port, rules and clock, over what the last run stored.
  const plain = await serveIn(cwd, ['--data', data]);
  try {
    assert.equal(plain.origin, `http://127.0.0.1:${preferred}`);
    const state = await sandboxState(plain.origin);
    assert.deepEqual(
      state.faults.map((rule) => rule.match),
      [{ method: 'POST' }],
    );
    assert.equal(state.frozen, true);
  } finally {
    await stop(plain.cli);
  }
});

test('a bad file is refused with its path and what is allowed, exit 2, before any store is touched; config validate lists every problem', async () => {
  const cwd = await tempDir();
  const data = await tempDir();
  const file = join(cwd, 'bad.json');
  await writeFile(
    file,
    JSON.stringify({
      version: 1,
      endpoints: [{ id: 'we_a', url: 'ftp://example.com/hook', secret: 'not-a-secret' }],
      faults: [{ action: { type: 'drop', ms: 5 } }],
      clock: { offset: '-1d' },
      links: [
        { id: FIXTURE, amount: 1000, title: 't' },
        { id: FIXTURE, amount: 2000, title: 't' },
        { id: '3b0c1d2e-4f5a-4b6c-8d7e-9f0a1b2c3d4f', amount: 0, title: 't' },
      ],
      port: 4545,
    }),
  );
  const served = spawnCli(['serve', '--port', '0', '--data', data, '--config', file], {});
  assert.equal((await served.waitForExit()).code, 2);
  assert.equal(served.stdout, '');
  assert.deepEqual(served.stderrLines(), [
    `payment-links-sandbox: configuration ${file}: port: Unknown parameter port. Allowed: $schema, version, settings, endpoints, faults, clock, links. (5 more: payment-links-sandbox config validate ${file} lists each)`,
  ]);
  // An unknown key is one problem among the others, not the only one said (issue 31).
  const listed = spawnCli(['config', 'validate', file], {});
  assert.equal((await listed.waitForExit()).code, 2);
  assert.deepEqual(listed.stderrLines(), [
    `${file}: port: Unknown parameter port. Allowed: $schema, version, settings, endpoints, faults, clock, links.`,
    `${file}: endpoints[0].url: "ftp://example.com/hook" starts with ftp://, but only http:// and https:// URLs can receive webhooks (for example http://localhost:3000/webhooks).`,
    `${file}: faults[0].action.ms: a drop action takes no other field, not ms`,
    `${file}: clock.offset: "-1d" is not allowed; offset must be a duration from 1s to 3650d, such as 90s, 15m, 2h, 1d or 1d12h: the clock runs at least this far ahead of real time (it never goes back)`,
    `${file}: links[1].id: "${FIXTURE}" is already declared by links[0]; each id may appear once`,
    `${file}: links[2].amount: Invalid amount: 0 (a number); amount must be an integer from 1 to 100000000000 (minor units).`,
    `${file}: 6 problems; nothing was applied`,
  ]);
  const withoutPort = JSON.parse(await readFile(file, 'utf8'));
  delete withoutPort.port;
  await writeFile(file, JSON.stringify(withoutPort));

  const again = spawnCli(['serve', '--port', '0', '--data', data, '--config', file], {});
  assert.equal((await again.waitForExit()).code, 2);
  const [line, ...rest] = again.stderrLines();
  assert.deepEqual(rest, []);
  assert.equal(
    line,
    `payment-links-sandbox: configuration ${file}: endpoints[0].url: "ftp://example.com/hook" starts with ftp://, but only http:// and https:// URLs can receive webhooks (for example http://localhost:3000/webhooks). (4 more: payment-links-sandbox config validate ${file} lists each)`,
  );

  const validate = spawnCli(['config', 'validate', file], {});
  assert.equal((await validate.waitForExit()).code, 2);
  assert.equal(validate.stdout, '');
  assert.deepEqual(validate.stderrLines(), [
    `${file}: endpoints[0].url: "ftp://example.com/hook" starts with ftp://, but only http:// and https:// URLs can receive webhooks (for example http://localhost:3000/webhooks).`,
    `${file}: faults[0].action.ms: a drop action takes no other field, not ms`,
    `${file}: clock.offset: "-1d" is not allowed; offset must be a duration from 1s to 3650d, such as 90s, 15m, 2h, 1d or 1d12h: the clock runs at least this far ahead of real time (it never goes back)`,
    `${file}: links[1].id: "${FIXTURE}" is already declared by links[0]; each id may appear once`,
    `${file}: links[2].amount: Invalid amount: 0 (a number); amount must be an integer from 1 to 100000000000 (minor units).`,
    `${file}: 5 problems; nothing was applied`,
  ]);

  // The data folder was never opened: a plain start finds it empty.
  const plain = await serveIn(undefined, ['--port', '0', '--data', data]);
  try {
    const state = await sandboxState(plain.origin);
    assert.deepEqual([state.links, state.endpoints, state.faults], [[], [], []]);
  } finally {
    await stop(plain.cli);
  }
});

test('a file that passes its check but not this store (a fixture below the stored fee) is refused at start, and nothing it declares is written', async () => {
  const data = await tempDir();
  const cwd = await tempDir();
  const first = await serveIn(undefined, ['--port', '0', '--data', data]);
  const patched = await http(first.origin, 'PATCH', '/_console/api/settings', {
    body: { fees: { transaction_fixed: 5000 } },
    headers: { origin: first.origin },
  });
  assert.equal(patched.status, 200, patched.text);
  await stop(first.cli);

  const file = join(cwd, 'payment-links-sandbox.json');
  await writeFile(
    file,
    JSON.stringify({
      version: 1,
      settings: { currency: 'USD' },
      endpoints: [{ id: 'we_new', url: 'http://127.0.0.1:9/new' }],
      links: [{ id: FIXTURE, amount: 1000, title: 'Too small' }],
    }),
  );
  const validate = spawnCli(['config', 'validate', file], {});
  assert.equal((await validate.waitForExit()).code, 0, 'valid on its own');

  const refused = spawnCli(['serve', '--port', '0', '--data', data], {}, cwd);
  assert.equal((await refused.waitForExit()).code, 2);
  assert.match(
    refused.stderr,
    /^payment-links-sandbox: configuration payment-links-sandbox\.json: links\[0\]\.amount: amount 1000 is less than the fee of 5029 .*\n$/,
  );
  const plain = await serveIn(undefined, ['--port', '0', '--data', data]);
  try {
    const state = await sandboxState(plain.origin);
    assert.deepEqual([state.links, state.endpoints], [[], []]);
    assert.equal(state.settings.currency, 'IDR', "the file's settings were not written either");
  } finally {
    await stop(plain.cli);
  }
});

test('reset says in one line when no sandbox answers, and exits 1', async () => {
  const port = await nextFreePort('127.0.0.1', 48_000 + Math.floor(Math.random() * 1000));
  const reset = spawnCli(['reset', '--base-url', `http://127.0.0.1:${port}`], {});
  assert.equal((await reset.waitForExit()).code, 1);
  assert.deepEqual(reset.stderrLines(), [
    `payment-links-sandbox reset: cannot reach the sandbox at http://127.0.0.1:${port} (ECONNREFUSED); start it with "payment-links-sandbox serve", or give --base-url / PLS_BASE_URL`,
  ]);
});
