import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, test } from 'node:test';
import { http, killLeftoverClis, spawnCli, type CliProcess } from './cliProcess';
import { Webhook } from 'standardwebhooks';
import { WebhookReceiver } from './webhookReceiver';
import { rawRequest, makeTempDir } from './harness';

const dirs: string[] = [];
afterEach(async () => {
  await killLeftoverClis();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function exitOf(cli: CliProcess): Promise<{ code: number | null; stderr: string }> {
  const status = await cli.waitForExit();
  return { code: status.code, stderr: cli.stderr };
}

test('every serve flag has a PLS_ variable: port, data folder, webhook URLs one per line, a fixed secret, the clock', async () => {
  const dir = await makeTempDir('pls-env-');
  dirs.push(dir);
  const first = await WebhookReceiver.start();
  const second = await WebhookReceiver.start();
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const cli = spawnCli(['serve'], {
    PLS_PORT: '0',
    PLS_DATA: dir,
    PLS_WEBHOOK_URL: `${first.url}\n${second.url}\n`,
    PLS_WEBHOOK_SECRET: secret,
    PLS_CLOCK: 'frozen',
    PLS_QUIET: 'true',
  });
  try {
    const origin = await cli.waitForOrigin();
    await cli.waitFor(() => cli.stdout.includes('Sandbox clock:') || undefined, 'the clock line');
    assert.match(cli.stdout, new RegExp(`Data: ${dir.replace(/[/\\.]/g, '\\$&')}`));
    assert.match(cli.stdout, /frozen/);
    const link = await http(origin, 'POST', '/payment-links', { body: { amount: 150_000, title: 'Env' } });
    assert.equal(link.status, 201, link.text);
    await http(origin, 'POST', '/sandbox/simulate', {
      body: { payment_link_id: link.body.data.id, event: 'paid' },
    });
    for (const receiver of [first, second]) {
      const [delivery] = await receiver.waitForRequests(1);
      assert.ok(
        new Webhook(secret).verify(delivery!.body, delivery!.headers),
        'signed with PLS_WEBHOOK_SECRET',
      );
    }
    assert.doesNotMatch(cli.stdout, /POST \/payment-links/, 'PLS_QUIET=true logs no request lines');
  } finally {
    cli.signal('SIGTERM');
    await cli.waitForExit();
    await first.stop();
    await second.stop();
  }
});

test('a flag beats its variable, and the variable beats PORT', async () => {
  const cli = spawnCli(['serve', '--in-memory', '--port', '0'], {
    PLS_DATA: '/nonexistent/pls',
    PLS_PORT: '1',
  });
  try {
    await cli.waitFor(() => cli.stdout.includes('Data:') || undefined, 'the data line');
    assert.match(cli.stdout, /Data: in memory/, '--in-memory wins over an image-wide PLS_DATA');
  } finally {
    cli.signal('SIGTERM');
    await cli.waitForExit();
  }
  const envPort = spawnCli(['serve', '--in-memory'], { PLS_PORT: '0', PORT: 'not-a-port' });
  try {
    await envPort.waitForOrigin();
  } finally {
    envPort.signal('SIGTERM');
    await envPort.waitForExit();
  }
});

test('a bad variable is named in one line, with what is allowed, and exits 2', async () => {
  const cases: [NodeJS.ProcessEnv, RegExp][] = [
    [
      { PLS_PORT: 'abc', PLS_IN_MEMORY: '1' },
      /^payment-links-sandbox: PLS_PORT must be a whole number from 0 to 65535; got "abc"$/,
    ],
    [{ PORT: 'abc', PLS_IN_MEMORY: '1' }, /^payment-links-sandbox: PORT must be a whole number/],
    [{ PLS_IN_MEMORY: 'yes', PLS_PORT: '0' }, /PLS_IN_MEMORY must be true, false, 1 or 0; got "yes"/],
    [
      {
        PLS_WEBHOOK_SECRET: 'nope',
        PLS_WEBHOOK_URL: 'http://127.0.0.1:9/h',
        PLS_IN_MEMORY: '1',
        PLS_PORT: '0',
      },
      /PLS_WEBHOOK_SECRET must be whsec_ followed by at least 16 characters of base64/,
    ],
  ];
  for (const [env, wording] of cases) {
    const { code, stderr } = await exitOf(spawnCli(['serve'], env));
    assert.equal(code, 2, stderr);
    assert.match(stderr.trim(), wording);
    assert.equal(stderr.trim().split('\n').length, 1, stderr);
  }
});

test('no value is taken silently: an empty one, a switch that is not true/false/1/0, a name that is not a host, each named as given (issue 28)', async () => {
  const faults = join(tmpdir(), 'pls-env-no-such-faults.json');
  const cases: [string[], NodeJS.ProcessEnv, string][] = [
    [[], { PLS_HOST: '' }, 'PLS_HOST is empty: it takes HOST (see --help), or unset PLS_HOST'],
    [['--host', ''], {}, '--host is empty: it takes HOST (see --help), or leave --host out'],
    [['--in-memory'], { PLS_HOST: '' }, 'PLS_HOST is empty: it takes HOST (see --help), or unset PLS_HOST'],
    [[], { PLS_DATA: '' }, 'PLS_DATA is empty: it takes DIR (see --help), or unset PLS_DATA'],
    [[], { PLS_DEFAULT_DATA: ' ' }, 'PLS_DEFAULT_DATA is empty: it takes DIR, or unset PLS_DEFAULT_DATA'],
    // A flag beats the variable, but a switch's variable is still checked: not read as "off".
    [
      ['--data', '/nonexistent/pls'],
      { PLS_IN_MEMORY: 'maybe' },
      'PLS_IN_MEMORY must be true, false, 1 or 0; got "maybe"',
    ],
    [['--in-memory', '--quiet'], { PLS_QUIET: 'yes' }, 'PLS_QUIET must be true, false, 1 or 0; got "yes"'],
    [
      ['--in-memory'],
      { PLS_ALLOWED_HOST: 'a b' },
      'PLS_ALLOWED_HOST "a b" is not a host name: give letters, digits, - and _ in labels separated by dots, such as sandbox or app.example.test',
    ],
    [
      ['--in-memory'],
      { PLS_ALLOWED_HOST: '' },
      'PLS_ALLOWED_HOST is empty: it takes NAME (see --help), or unset PLS_ALLOWED_HOST',
    ],
    [
      ['--in-memory', '--allowed-host', 'sandbox:4545'],
      {},
      '--allowed-host "sandbox:4545" has a port: give the host name alone ("sandbox")',
    ],
    [['--in-memory'], { PLS_CLOCK: 'stopped' }, 'PLS_CLOCK must be frozen or running; got "stopped"'],
    [['--in-memory'], { PLS_CLOCK_OFFSET: 'soon' }, 'PLS_CLOCK_OFFSET must be a duration forward'],
    [['--in-memory'], { PLS_FAULT: 'POST /payment-links' }, 'PLS_FAULT "POST /payment-links" has no action'],
    [['--in-memory'], { PLS_FAULTS: faults }, `PLS_FAULTS cannot read ${faults}`],
  ];
  for (const [args, env, wording] of cases) {
    const { code, stderr } = await exitOf(spawnCli(['serve', '--port', '0', ...args], env));
    const said = `${args.join(' ')} ${JSON.stringify(env)}: ${stderr}`;
    assert.equal(code, 2, said);
    assert.equal(stderr.trim().split('\n').length, 1, said);
    assert.ok(stderr.trim().startsWith(`payment-links-sandbox: ${wording}`), said);
  }
});

test('commands that talk to a sandbox name PLS_BASE_URL and PLS_API_KEY when a bad value came from them', async () => {
  const cases: [string[], NodeJS.ProcessEnv, string][] = [
    [['status'], { PLS_API_KEY: 'bogus' }, 'payment-links-sandbox status: PLS_API_KEY must be sk_test_'],
    [
      ['status'],
      { PLS_BASE_URL: '' },
      'payment-links-sandbox status: PLS_BASE_URL must be an http:// or https:// URL; got ""',
    ],
    [
      ['status', '--api-key', 'bogus'],
      { PLS_API_KEY: 'sk_test_fine' },
      'payment-links-sandbox status: --api-key must be sk_test_',
    ],
    [
      ['mcp'],
      { PLS_API_KEY: 'nope' },
      'payment-links-sandbox mcp: PLS_API_KEY must be a test key (sk_test_…); got "nope"',
    ],
    [
      // A key the server would refuse (401) is refused before any tool is offered.
      ['mcp'],
      { PLS_API_KEY: 'sk_test_a-b' },
      'payment-links-sandbox mcp: PLS_API_KEY must be a test key (sk_test_…); got "sk_test_a-b"; a key is sk_test_ followed by letters, digits or _',
    ],
    [
      ['mcp'],
      { PLS_BASE_URL: 'ftp://x' },
      'payment-links-sandbox mcp: PLS_BASE_URL must be an http:// or https:// URL',
    ],
  ];
  for (const [args, env, wording] of cases) {
    const { code, stderr } = await exitOf(spawnCli(args, env));
    const said = `${args.join(' ')} ${JSON.stringify(env)}: ${stderr}`;
    assert.equal(code, 2, said);
    assert.ok(stderr.trim().startsWith(wording), said);
  }
});

test('a switch takes true, false, 1 or 0 in any case; an allowed host may be a compose service name', async () => {
  const cli = spawnCli(['serve', '--port', '0'], {
    PLS_IN_MEMORY: 'TRUE',
    PLS_QUIET: 'False',
    PLS_ALLOWED_HOST: 'my_service\napp.example.test',
  });
  try {
    const origin = await cli.waitForOrigin();
    const port = new URL(origin).port;
    const statusFor = async (host: string) =>
      (await rawRequest(origin, { path: '/openapi.json', headers: { host: `${host}:${port}` } })).status;
    assert.equal(await statusFor('my_service'), 200);
    assert.equal(await statusFor('app.example.test'), 200);
    assert.notEqual(await statusFor('evil.example'), 200, 'the Host check is in play');
    assert.match(cli.stdout, /Data: in memory/);
  } finally {
    cli.signal('SIGTERM');
    await cli.waitForExit();
  }
});

test('--clock-offset -1d says how to write a value that starts with "-", and that form says the clock never goes back', async () => {
  const ambiguous = await exitOf(spawnCli(['serve', '--in-memory', '--clock-offset', '-1d']));
  assert.equal(ambiguous.code, 2);
  assert.match(
    ambiguous.stderr,
    /--clock-offset was given "-1d", which starts with "-": write --clock-offset=-1d/,
  );
  const negative = await exitOf(spawnCli(['serve', '--in-memory', '--clock-offset=-1d']));
  assert.equal(negative.code, 2);
  assert.match(negative.stderr, /the sandbox clock never goes back\); got "-1d"/);
});

test("the image's PLS_DEFAULT_DATA is a default: PLS_IN_MEMORY and PLS_DATA still choose, both together are refused", async () => {
  const imageDir = await makeTempDir('pls-env-image-');
  const userDir = await makeTempDir('pls-env-user-');
  dirs.push(imageDir, userDir);
  const dataLine = async (env: NodeJS.ProcessEnv): Promise<string> => {
    const cli = spawnCli(['serve'], { PLS_PORT: '0', PLS_DEFAULT_DATA: imageDir, ...env });
    try {
      return await cli.waitFor(() => /^Data: .*$/m.exec(cli.stdout)?.[0], 'the data line');
    } finally {
      cli.signal('SIGTERM');
      await cli.waitForExit();
    }
  };
  assert.match(await dataLine({}), new RegExp(`^Data: ${imageDir}`), 'nothing else given: the image folder');
  assert.match(
    await dataLine({ PLS_IN_MEMORY: 'true' }),
    /^Data: in memory/,
    'docker run -e PLS_IN_MEMORY=true',
  );
  assert.match(
    await dataLine({ PLS_DATA: userDir }),
    new RegExp(`^Data: ${userDir}`),
    'docker run -e PLS_DATA=…',
  );
  const both = await exitOf(
    spawnCli(['serve'], { PLS_DEFAULT_DATA: imageDir, PLS_DATA: userDir, PLS_IN_MEMORY: 'true' }),
  );
  assert.equal(both.code, 2);
  assert.match(both.stderr, /PLS_DATA and PLS_IN_MEMORY exclude each other; pick one/);
});
