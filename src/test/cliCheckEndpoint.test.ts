// `payment-links-sandbox check-endpoint` (docs/cli.md, docs/endpoint-check.md "From the command
// line"): the real CLI process against real receivers on 127.0.0.1, with a sandbox core of its own
// or the running sandbox at --base-url; and the commands both docs show, run by a shell as written.
import assert from 'node:assert/strict';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { EndpointCheck } from '../shared/endpointCheck';
import { CLI_BIN, CliProcess, killLeftoverClis, REPO_ROOT, runCli } from './cliProcess';
import { KEY, makeTempDir, startTestSandbox, type TestSandbox, TEST_SECRET as SECRET } from './harness';

/** A check runs 11 probes; a process that starts its own sandbox core gets this long on a busy machine. */
const CHECK_MS = 60_000;
const PROBES = [
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
  'redirect',
];
const SIGNATURE_AND_TIMESTAMP = [
  'wrong_signature',
  'missing_signature',
  'stale_timestamp',
  'future_timestamp',
];

interface Receiver {
  url: string;
  close(): Promise<void>;
}

/** A node:http receiver on 127.0.0.1 whose handler sees the raw body and answers a status. */
async function serve(answer: (req: IncomingMessage, raw: string) => number): Promise<Receiver> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => res.writeHead(answer(req, Buffer.concat(chunks).toString('utf8'))).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Standard Webhooks verification of the raw body, dedupe by webhook-id, unknown types taken with a 2xx. */
function correctReceiver(): Promise<Receiver> {
  const webhook = new Webhook(SECRET);
  const seen = new Set<string>();
  return serve((req, raw) => {
    try {
      webhook.verify(raw, req.headers as Record<string, string>);
    } catch {
      return 400;
    }
    const id = req.headers['webhook-id'] as string;
    if (seen.has(id)) return 200;
    seen.add(id);
    return 204;
  });
}

const acceptAnything = (): Promise<Receiver> => serve(() => 200);

/** The ✓ / ✗ / ! lines of the output, as {name: mark}. */
function marks(stdout: string): Record<string, string> {
  return Object.fromEntries(
    [...stdout.matchAll(/^([✓✗!]) ([a-z_]+) — /gm)].map((m) => [m[2] as string, m[1] as string]),
  );
}

let correct: Receiver;
let anything: Receiver;
let dir: string;
before(async () => {
  correct = await correctReceiver();
  anything = await acceptAnything();
  dir = await makeTempDir('pls-check-endpoint-');
});
after(async () => {
  await killLeftoverClis();
  await correct.close();
  await anything.close();
  await rm(dir, { recursive: true, force: true });
});

test('a correct receiver passes every probe: a ✓ line each, the summary, exit 0', async () => {
  const run = await runCli(['check-endpoint', correct.url, '--secret', SECRET], CHECK_MS);
  assert.equal(run.code, 0, run.cli.transcript());
  assert.deepEqual(marks(run.stdout), Object.fromEntries(PROBES.map((name) => [name, '✓'])));
  assert.equal(
    run.cli.stdoutLines().at(-1),
    `${correct.url}: pass (11 passed, 0 failed, 0 warned of 11 probes)`,
  );
  assert.doesNotMatch(run.stdout, /To fix/);
});

test('a receiver that accepts anything exits 1 naming the signature and timestamp probes, with their fixes', async () => {
  const run = await runCli(['check-endpoint', anything.url, '--secret', SECRET], CHECK_MS);
  assert.equal(run.code, 1, run.cli.transcript());
  const expected = Object.fromEntries(
    PROBES.map((name) => [name, SIGNATURE_AND_TIMESTAMP.includes(name) ? '✗' : '✓']),
  );
  assert.deepEqual(marks(run.stdout), expected);
  assert.match(run.stdout, /✗ wrong_signature — A wrong signature: the endpoint answered 200 .*cannot trust/);
  assert.match(run.stdout, /: fail \(7 passed, 4 failed, 0 warned of 11 probes\)/);
  const fixes = run.stdout.slice(run.stdout.indexOf('To fix:'));
  for (const name of SIGNATURE_AND_TIMESTAMP) assert.match(fixes, new RegExp(`^  ${name}: \\S`, 'm'));
  assert.match(fixes, /wrong_signature: Verify webhook-signature over the raw body/);
  assert.doesNotMatch(fixes, /valid_event|duplicate/);
});

test('--junit writes one testcase per probe under its stable name, a failure carrying its reason', async () => {
  const out = join(dir, 'reports', 'endpoint-check.xml');
  const run = await runCli(
    ['check-endpoint', anything.url, '--secret', SECRET, '--junit', out, '--json'],
    CHECK_MS,
  );
  assert.equal(run.code, 1, run.cli.transcript());
  const check = JSON.parse(run.stdout) as EndpointCheck;
  assert.equal(check.result, 'fail');
  const xml = await readFile(out, 'utf8');
  const cases = [...xml.matchAll(/<testcase classname="check-endpoint" name="([a-z_]+)"/g)].map((m) => m[1]);
  assert.deepEqual(
    cases,
    check.probes.map((p) => p.name),
  );
  assert.deepEqual(cases, PROBES);
  assert.match(xml, /<testsuite name="check-endpoint" tests="11" failures="4" skipped="0"/);
  for (const probe of check.probes.filter((p) => p.status === 'fail')) {
    const message = (probe.reason as string).replace(/"/g, '&quot;');
    assert.ok(
      xml.includes(`name="${probe.name}"`) && xml.includes(`<failure message="${message}">`),
      probe.name,
    );
  }
  // Nothing in the names or messages changes from one run to the next but the times.
  assert.doesNotMatch(xml, /chk_|evt_|msg_|endpoint_check_[0-9a-f]/);
});

describe('bad usage exits 2 and says what is allowed', () => {
  const cases: [string, string[], RegExp][] = [
    [
      'no URL',
      ['--secret', SECRET],
      /give one URL, the endpoint to check: check-endpoint URL --secret whsec_…/,
    ],
    [
      'two URLs',
      ['http://a/x', 'http://b/y', '--secret', SECRET],
      /give one URL.*got "http:\/\/a\/x http:\/\/b\/y"/,
    ],
    [
      'a URL that is not one',
      ['not a url', '--secret', SECRET],
      /is not a web address. Use an absolute http:\/\/ or https:\/\/ URL/,
    ],
    [
      'a URL that is not http',
      ['ftp://example.com/hooks', '--secret', SECRET],
      /only http:\/\/ and https:\/\/ URLs/,
    ],
    [
      'no secret',
      ['http://127.0.0.1:9/webhooks'],
      /give --secret whsec_…: the signing secret your endpoint verifies with/,
    ],
    [
      'a secret that is not whsec_',
      ['http://127.0.0.1:9/webhooks', '--secret', 'sk_test_123456789012345678'],
      /--secret must be whsec_ followed by at least 16 characters of base64/,
    ],
    [
      'an unknown flag',
      ['http://127.0.0.1:9/webhooks', '--secret', SECRET, '--verbose'],
      /unknown option --verbose; it takes --secret, --junit, --json, --link, --state-url, --state-path, --base-url, --api-key, --help\nUsage: payment-links-sandbox check-endpoint URL /,
    ],
    [
      '--api-key without --base-url',
      ['http://127.0.0.1:9/webhooks', '--secret', SECRET, '--api-key', KEY],
      /--api-key goes with --base-url/,
    ],
    [
      'one effect check flag without the others',
      ['http://127.0.0.1:9/webhooks', '--secret', SECRET, '--link', 'abc'],
      /--link, --state-url and --state-path go together .*got only --link/,
    ],
    [
      'effect checks without --base-url',
      [
        'http://127.0.0.1:9/webhooks',
        '--secret',
        SECRET,
        '--link',
        'abc',
        '--state-url',
        'http://127.0.0.1:9/orders/{link_id}',
        '--state-path',
        'status',
      ],
      /--link names a link your app made in a running sandbox: give its --base-url/,
    ],
    [
      'a bad --base-url',
      ['http://127.0.0.1:9/webhooks', '--secret', SECRET, '--base-url', 'localhost:4545'],
      /--base-url must be an http:\/\/ or https:\/\/ URL/,
    ],
  ];
  for (const [what, args, message] of cases)
    test(what, async () => {
      const run = await runCli(['check-endpoint', ...args]);
      assert.equal(run.code, 2, run.cli.transcript());
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /^payment-links-sandbox check-endpoint: /);
      assert.match(run.stderr, message);
    });
});

test('--help shows the usage and exits 0', async () => {
  const run = await runCli(['check-endpoint', '--help']);
  assert.equal(run.code, 0, run.cli.transcript());
  assert.match(run.stdout, /^Usage: payment-links-sandbox check-endpoint URL --secret whsec_…/);
});

describe('--base-url: the check runs in the running sandbox, through its keyed API', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox({ inMemory: true });
    // Only this key gets in, so that another one is refused.
    const keys = await sandbox.consoleApi('PATCH', '/settings', { api_keys: [KEY] });
    assert.equal(keys.status, 200, keys.text);
  });
  after(async () => {
    await sandbox.stop();
  });
  /** check-endpoint against the correct receiver, run in this sandbox with this key. */
  const inSandbox = (key: string): string[] => [
    'check-endpoint',
    correct.url,
    '--secret',
    SECRET,
    '--base-url',
    sandbox.origin,
    '--api-key',
    key,
  ];

  test('a correct receiver passes, and the sandbox keeps the check it ran', async () => {
    const run = await runCli([...inSandbox(KEY), '--json'], CHECK_MS);
    assert.equal(run.code, 0, run.cli.transcript());
    const check = JSON.parse(run.stdout) as EndpointCheck;
    assert.equal(check.result, 'pass');
    const kept = await sandbox.api('GET', `/sandbox/endpoint-checks/${check.id}`);
    assert.equal(kept.status, 200, kept.text);
    assert.deepEqual(kept.body.data, check);
  });

  test('a key the sandbox refuses exits 1 with its error', async () => {
    const run = await runCli(inSandbox('sk_test_wrong'));
    assert.equal(run.code, 1, run.cli.transcript());
    assert.match(run.stderr, /the sandbox answered 401/);
  });

  test('no sandbox there exits 1 naming the URL', async () => {
    const gone = await serve(() => 200);
    const origin = new URL(gone.url).origin;
    await gone.close();
    const run = await runCli(['check-endpoint', correct.url, '--secret', SECRET, '--base-url', origin]);
    assert.equal(run.code, 1, run.cli.transcript());
    assert.match(run.stderr, new RegExp(`cannot reach the sandbox at ${origin}`));
  });
});

describe('the commands the docs show, against the Express receiver of docs/examples/receivers', () => {
  let express: CliProcess;
  let webhookUrl: string;
  let sandbox: TestSandbox;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    // Started by the command docs/webhook-receivers.md shows, as receiverExamples.test.ts does.
    const text = await readFile(join(REPO_ROOT, 'docs/webhook-receivers.md'), 'utf8');
    const line = text.split('\n').find((l) => l === 'node docs/examples/receivers/express.mjs');
    assert.ok(line, 'docs/webhook-receivers.md shows how to start express.mjs');
    express = new CliProcess(
      [],
      { WEBHOOK_SECRET: SECRET, PORT: '0' },
      { file: 'sh', args: ['-c', `exec ${line}`] },
    );
    const origin = await express.waitFor(
      () => /Receiver listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(express.stdout)?.[1],
      'express.mjs listening',
    );
    webhookUrl = `${origin}/webhooks`;
    sandbox = await startTestSandbox({ inMemory: true });
    // What an installed package puts on PATH: a `payment-links-sandbox` that runs this CLI.
    await writeFile(
      join(dir, 'payment-links-sandbox'),
      `#!/bin/sh\nexec "${process.execPath}" "${join(REPO_ROOT, CLI_BIN)}" "$@"\n`,
    );
    await chmod(join(dir, 'payment-links-sandbox'), 0o755);
    env = {
      PATH: `${dir}:${process.env.PATH}`,
      WEBHOOK_URL: webhookUrl,
      WEBHOOK_SECRET: SECRET,
      SANDBOX: sandbox.origin,
      KEY,
      PLS_BASE_URL: undefined,
      PLS_API_KEY: undefined,
    };
  });
  after(async () => {
    await express?.forceKill();
    await sandbox?.stop();
  });

  /** The check-endpoint lines of a doc's ```sh blocks. */
  async function shown(doc: string): Promise<string[]> {
    const text = await readFile(join(REPO_ROOT, 'docs', doc), 'utf8');
    return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)]
      .flatMap((block) => (block[1] as string).split('\n'))
      .filter((line) => line.startsWith('payment-links-sandbox check-endpoint '));
  }

  async function runsAsWritten(line: string): Promise<void> {
    const shell = new CliProcess([], env, { file: 'sh', args: ['-c', `exec ${line}`], cwd: dir });
    const { code } = await shell.waitForExit(CHECK_MS);
    assert.equal(code, 0, `${line}${shell.transcript()}`);
    if (line.includes('--json')) assert.equal((JSON.parse(shell.stdout) as EndpointCheck).result, 'pass');
    else
      assert.equal(
        shell.stdoutLines().at(-1),
        `${webhookUrl}: pass (11 passed, 0 failed, 0 warned of 11 probes)`,
      );
    const junit = /--junit (\S+)/.exec(line)?.[1];
    if (junit) {
      const xml = await readFile(join(dir, junit), 'utf8');
      assert.match(xml, /<testsuite name="check-endpoint" tests="11" failures="0"/);
      await rm(join(dir, junit));
    }
  }

  test('effect checks: --link, --state-url and --state-path drive a link the app made in the sandbox at --base-url', async () => {
    const made = await sandbox.api('POST', '/payment-links', {
      body: { amount: 150_000, title: 'Order #1001', reference_id: 'order-cli-effects' },
    });
    assert.equal(made.status, 201, made.text);
    const id = made.body.data.id as string;
    const args = [
      'check-endpoint',
      webhookUrl,
      '--secret',
      SECRET,
      '--base-url',
      sandbox.origin,
      '--api-key',
      KEY,
      '--link',
      id,
      '--state-url',
      `${new URL(webhookUrl).origin}/orders/{reference_id}`,
      '--state-path',
      'status',
    ];
    const run = await runCli([...args, '--json'], CHECK_MS);
    assert.equal(run.code, 0, run.cli.transcript());
    const check = JSON.parse(run.stdout) as EndpointCheck;
    assert.deepEqual(
      check.probes.slice(-3).map((probe) => [probe.name, probe.status]),
      [
        ['effect_refused', 'pass'],
        ['effect_duplicate', 'pass'],
        ['effect_out_of_order', 'pass'],
      ],
    );
    assert.equal((await sandbox.api('GET', `/payment-links/${id}`)).body.data.status, 'canceled');
    // The link is no longer pending: bad input, said by the sandbox, and nothing runs.
    const again = await runCli(args, CHECK_MS);
    assert.equal(again.code, 2, again.cli.transcript());
    assert.match(again.stderr, /the sandbox answered 400 .*pending/);
    assert.equal(again.stdout, '');
  });

  test('docs/cli.md', async () => {
    const lines = await shown('cli.md');
    assert.equal(lines.length, 2, lines.join('\n'));
    for (const line of lines) await runsAsWritten(line);
  });

  test('docs/endpoint-check.md, "From the command line"', async () => {
    const lines = await shown('endpoint-check.md');
    assert.equal(lines.length, 3, lines.join('\n'));
    for (const line of lines) await runsAsWritten(line);
  });
});
