// Where the commands against a running sandbox look for it (issue 31, item 6; docs/contract.md §14):
// --base-url, else PLS_BASE_URL, else where serve's own PLS_HOST and PLS_PORT put it (0.0.0.0 and
// :: read as 127.0.0.1), else http://127.0.0.1:4545. In a container started with PLS_PORT=4645,
// `payment-links-sandbox status` must reach its own server. Real CLI children, real sandboxes.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { nextFreePort } from '../core/freePort';
import { closedPort, killLeftoverClis, spawnCli } from './cliProcess';
import { fileSandbox } from './harness';

const sandbox = fileSandbox();
after(killLeftoverClis);

/** Nothing of the test runner's own environment decides where the CLI looks. */
const CLEAN = { PLS_BASE_URL: undefined, PLS_HOST: undefined, PLS_PORT: undefined, PLS_API_KEY: undefined };

async function status(env: NodeJS.ProcessEnv, args: string[] = []) {
  const cli = spawnCli(['status', ...args], { ...CLEAN, ...env });
  const { code } = await cli.waitForExit();
  return { code, first: cli.stdoutLines()[0] ?? '', stderr: cli.stderr };
}

const portOf = (origin: string): string => new URL(origin).port;

test('a sandbox started as the container starts it (PLS_HOST=0.0.0.0, PLS_PORT) is found by status in the same environment', async () => {
  const port = await nextFreePort('127.0.0.1', 46_000 + Math.floor(Math.random() * 2000));
  const image = { PLS_HOST: '0.0.0.0', PLS_PORT: String(port), PLS_IN_MEMORY: 'true' };
  const serve = spawnCli(['serve'], { ...CLEAN, ...image });
  try {
    assert.equal(await serve.waitForOrigin(), `http://127.0.0.1:${port}`);
    const run = await status(image);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.first, new RegExp(`^Sandbox at http://127\\.0\\.0\\.1:${port}: up, version `));
  } finally {
    serve.signal('SIGTERM');
    await serve.waitForExit();
  }
});

test('PLS_PORT alone, or with PLS_HOST ::, names the sandbox; PLS_BASE_URL beats them, --base-url beats all', async () => {
  const port = portOf(sandbox.origin);
  for (const env of [
    { PLS_PORT: port },
    { PLS_PORT: port, PLS_HOST: '::' },
    { PLS_PORT: port, PLS_HOST: '127.0.0.1' },
  ]) {
    const run = await status(env);
    assert.equal(run.code, 0, `${JSON.stringify(env)}: ${run.stderr}`);
    assert.equal(run.first.split(': up')[0], `Sandbox at ${sandbox.origin}`, JSON.stringify(env));
  }
  const closed = await closedPort();
  const beaten = await status({ PLS_BASE_URL: `http://127.0.0.1:${closed}`, PLS_PORT: port });
  assert.equal(beaten.code, 1);
  assert.match(beaten.stderr, new RegExp(`cannot reach the sandbox at http://127\\.0\\.0\\.1:${closed} `));
  const flag = await status({ PLS_BASE_URL: `http://127.0.0.1:${closed}`, PLS_PORT: String(closed) }, [
    '--base-url',
    sandbox.origin,
  ]);
  assert.equal(flag.code, 0, flag.stderr);
});

test('with nothing set, the default http://127.0.0.1:4545', async () => {
  const run = await status({});
  // Whether a sandbox answers there is this machine's business: the URL tried is the point.
  const said = run.code === 0 ? run.first : run.stderr;
  assert.match(said, /http:\/\/127\.0\.0\.1:4545[: ]/);
});

test('a PLS_PORT or PLS_HOST that names no sandbox is bad usage (2), named with what it must be', async () => {
  const cases: [NodeJS.ProcessEnv, string][] = [
    [
      { PLS_PORT: 'abc' },
      'payment-links-sandbox status: PLS_PORT must be the port the sandbox listens on, a whole number from 1 to 65535 (or give --base-url / PLS_BASE_URL); got "abc"',
    ],
    [
      { PLS_PORT: '0' },
      'payment-links-sandbox status: PLS_PORT must be the port the sandbox listens on, a whole number from 1 to 65535 (or give --base-url / PLS_BASE_URL); got "0"',
    ],
    [
      { PLS_HOST: 'a b', PLS_PORT: '4545' },
      'payment-links-sandbox status: PLS_HOST must be the host name or address the sandbox listens on, such as 127.0.0.1 (or give --base-url / PLS_BASE_URL); got "a b"',
    ],
    [
      { PLS_HOST: '' },
      'payment-links-sandbox status: PLS_HOST must be the host name or address the sandbox listens on, such as 127.0.0.1 (or give --base-url / PLS_BASE_URL); got ""',
    ],
  ];
  for (const [env, said] of cases) {
    const run = await status(env);
    assert.equal(run.code, 2, `${JSON.stringify(env)}: ${run.stderr}`);
    assert.equal(run.stderr.split('\n')[0], said);
  }
});
