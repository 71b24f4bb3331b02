import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { parseServeArgs, USAGE } from '../cli/options';
import { UsageError } from '../cli/usageError';
import { http, killLeftoverClis, startServe } from './cliProcess';
import { makeTempDir } from './harness';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await makeTempDir('pls-cli-faults-');
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await killLeftoverClis();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const faultsOf = (...args: string[]) => parseServeArgs(['--in-memory', ...args], {}).start.faults;
const refusal = (...args: string[]): string => {
  try {
    parseServeArgs(['--in-memory', ...args], {});
  } catch (err) {
    assert.ok(err instanceof UsageError, String(err));
    return err.message;
  }
  assert.fail(`accepted ${args.join(' ')}`);
};

describe('--fault: the compact form', () => {
  test('method, route, action and options', () => {
    assert.deepEqual(faultsOf('--fault', 'POST /payment-links status=500 remaining=2'), [
      {
        match: { method: 'POST', path: '/payment-links' },
        action: { type: 'status', status: 500 },
        remaining: 2,
      },
    ]);
    assert.deepEqual(
      faultsOf('--fault', 'status=429 retry_after=5 code=slow_down probability=0.25 key=sk_test_ci'),
      [
        {
          match: { api_key: 'sk_test_ci' },
          action: { type: 'status', status: 429, retry_after_seconds: 5, code: 'slow_down' },
          probability: 0.25,
        },
      ],
    );
    assert.deepEqual(
      faultsOf('--fault', 'GET /payment-links/:id latency=800 jitter=200', '--fault', 'lose_response'),
      [
        {
          match: { method: 'GET', path: '/payment-links/:id' },
          action: { type: 'latency', ms: 800, jitter_ms: 200 },
        },
        { match: {}, action: { type: 'lose_response' } },
      ],
    );
  });

  test('seed= fixes the probability and jitter draws (docs/faults.md, "Seeds")', () => {
    assert.deepEqual(faultsOf('--fault', 'GET latency=100 jitter=50 probability=0.5 seed=42'), [
      {
        match: { method: 'GET' },
        action: { type: 'latency', ms: 100, jitter_ms: 50 },
        probability: 0.5,
        seed: 42,
      },
    ]);
    assert.throws(() => faultsOf('--fault', 'drop seed=-1'), /seed/);
  });

  test('JSON works too', () => {
    assert.deepEqual(faultsOf('--fault', '{"action":{"type":"drop"},"remaining":1}'), [
      { action: { type: 'drop' }, remaining: 1 },
    ]);
  });

  test('without --fault or --faults the stored rules stay', () => {
    assert.equal(faultsOf(), undefined);
    assert.match(USAGE, /--fault RULE/);
    assert.match(USAGE, /--faults FILE/);
  });

  test('bad rules are clear usage errors', () => {
    assert.match(
      refusal('--fault', 'POST /payment-links'),
      /has no action: add status=CODE, latency=MS, drop or lose_response/,
    );
    assert.match(refusal('--fault', 'explode'), /"explode" is not a method, a route/);
    assert.match(refusal('--fault', 'status=700'), /action\.status must be an HTTP status from 400 to 599/);
    assert.match(refusal('--fault', '/sandbox/clock drop'), /match\.path must be one of the route patterns/);
    assert.match(refusal('--fault', 'drop jitter=5'), /a drop action takes no other field, not jitter_ms/);
    assert.match(refusal('--fault', '{"action":'), /is not valid JSON/);
  });
});

describe('--faults FILE', () => {
  test('a JSON array of rules, before the --fault ones', async () => {
    const file = join(await tempDir(), 'faults.json');
    await writeFile(file, JSON.stringify([{ action: { type: 'status', status: 503 } }]));
    assert.deepEqual(faultsOf('--faults', file, '--fault', 'drop'), [
      { action: { type: 'status', status: 503 } },
      { match: {}, action: { type: 'drop' } },
    ]);
  });

  test('a missing file, bad JSON, not an array, or a bad rule is refused naming it', async () => {
    const dir = await tempDir();
    assert.match(refusal('--faults', join(dir, 'none.json')), /--faults cannot read .*none\.json/);
    await writeFile(join(dir, 'bad.json'), '[');
    assert.match(refusal('--faults', join(dir, 'bad.json')), /is not valid JSON/);
    await writeFile(join(dir, 'obj.json'), '{}');
    assert.match(refusal('--faults', join(dir, 'obj.json')), /must hold a JSON array of rules/);
    await writeFile(join(dir, 'rule.json'), '[{"action":{"type":"drop"}},{"action":{"type":"latency"}}]');
    assert.match(
      refusal('--faults', join(dir, 'rule.json')),
      /rule 1: action\.ms: a latency action needs action\.ms/,
    );
  });
});

test('the CLI starts with exactly the rules it was given, and they act', async () => {
  const dataDir = await tempDir();
  const { cli, origin } = await startServe(dataDir, [
    '--quiet',
    '--fault',
    'GET /payment-links status=503 remaining=1',
  ]);
  try {
    const rules = (await http(origin, 'GET', '/sandbox/faults')).body.data;
    assert.equal(rules.length, 1);
    assert.equal(rules[0].remaining, 1);
    assert.equal((await http(origin, 'GET', '/payment-links')).status, 503);
    assert.equal((await http(origin, 'GET', '/payment-links')).status, 200);
  } finally {
    cli.signal('SIGTERM');
    await cli.waitForExit(5_000);
  }
});
