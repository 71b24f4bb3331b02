// docs/configuration.md, "A bad file" and "Size": what a configuration file may be beyond its
// schema (issue 28). A file without end is refused at the size limit in one line, the limit holds
// the most links a file may declare at their longest, a byte order mark is not a problem, and a
// key given twice is named with its JSON path.
import assert from 'node:assert/strict';
import { open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { MAX_CONFIGURATION_BYTES } from '../core/configuration/readConfiguration';
import { MAX_CONFIGURED_LINKS } from '../core/configuration/configurationSchema';
import { http, killLeftoverClis, runCli, spawnCli } from './cliProcess';
import { docBlocks } from './configFile';
import { makeTempDir } from './harness';

let dir: string;
before(async () => {
  dir = await makeTempDir('pls-config-inputs-');
});
after(async () => {
  await killLeftoverClis();
  await rm(dir, { recursive: true, force: true });
});

function oneLine(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  assert.equal(lines.length, 1, `stderr must be one line:\n${stderr}`);
  return lines[0] as string;
}

/** A file of `bytes` zero bytes that takes no room on disk. */
async function sparseFile(name: string, bytes: number): Promise<string> {
  const file = join(dir, name);
  const handle = await open(file, 'w');
  await handle.truncate(bytes);
  await handle.close();
  return file;
}

test('serve --config /dev/zero is refused in one line naming the file and the limit, exit 2, as documented', async () => {
  const result = await runCli(['serve', '--in-memory', '--port', '0', '--config', '/dev/zero']);
  assert.equal(result.code, 2, result.cli.transcript());
  const [, , documented] = await docBlocks('text');
  assert.equal(`${oneLine(result.stderr)}\n`, documented);
});

test('the limit is exact: a file of 256 MiB is read (and is not JSON), one byte more is refused', async () => {
  const atLimit = await sparseFile('at-limit.json', MAX_CONFIGURATION_BYTES);
  const read = await runCli(['config', 'validate', atLimit]);
  assert.equal(read.code, 2, read.cli.transcript());
  assert.match(read.stderr, /not valid JSON/);
  const past = await sparseFile('past-limit.json', MAX_CONFIGURATION_BYTES + 1);
  const refused = await runCli(['config', 'validate', past]);
  assert.equal(refused.code, 2, refused.cli.transcript());
  assert.match(oneLine(refused.stderr), /past-limit\.json: is larger than 256 MiB/);
});

test('the limit holds the most links a file may declare with each field at its longest, indented, and ten times as many usual ones', () => {
  const longest = (length: number) => 'x'.repeat(length);
  const link = {
    id: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
    amount: 100_000_000_000,
    title: longest(255),
    reference_id: longest(255),
    note: longest(1000),
    settlement_account_id: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
    expires_in_seconds: 7_776_000,
    status: 'succeeded',
  };
  // Indented as an item of "links", with the comma after it.
  const bytes = Buffer.byteLength(`${JSON.stringify(link, null, 2).replace(/^/gm, '    ')},\n`, 'utf8');
  const file = bytes * MAX_CONFIGURED_LINKS;

  assert.ok(file < MAX_CONFIGURATION_BYTES, `${file} bytes`);
  // Fixtures as people write them (an id, an amount, a title, a reference) take far less.
  const usual = Buffer.byteLength(
    `${JSON.stringify({ id: link.id, amount: 150000, title: 'Order #100000', reference_id: 'INV-100000' })},`,
  );
  assert.ok(usual * MAX_CONFIGURED_LINKS * 10 < MAX_CONFIGURATION_BYTES, `${usual} bytes a link`);
});

test('a file that starts with a UTF-8 byte order mark is applied', async () => {
  const file = join(dir, 'bom.json');
  await writeFile(file, `\ufeff${JSON.stringify({ version: 1, settings: { currency: 'USD' } })}`);
  const validated = await runCli(['config', 'validate', file]);
  assert.equal(validated.code, 0, validated.cli.transcript());
  const cli = spawnCli(['serve', '--in-memory', '--port', '0', '--config', file]);
  try {
    const origin = await cli.waitForOrigin();
    const settings = await http(origin, 'GET', '/_console/api/settings');
    assert.equal(settings.body.data.currency, 'USD');
  } finally {
    cli.signal('SIGTERM');
    await cli.waitForExit();
  }
});

test('a key given twice is named with its JSON path, as the API names one in a body, exit 2, as documented', async () => {
  const cwd = await makeTempDir('pls-config-twice-');
  const file = join(cwd, 'payment-links-sandbox.json');
  await writeFile(
    file,
    '{"version": 1, "links": [{"id": "3b0c1d2e-4f5a-4b6c-8d7e-9f0a1b2c3d4e", "amount": 150000, "amount": 1, "title": "t"}]}',
  );
  try {
    const served = spawnCli(['serve', '--in-memory', '--port', '0'], {}, cwd);
    assert.equal((await served.waitForExit()).code, 2, served.transcript());
    const [, documented] = await docBlocks('text');
    assert.equal(`${oneLine(served.stderr)}\n`, documented);
    const validated = await runCli(['config', 'validate', file]);
    assert.equal(validated.code, 2, validated.cli.transcript());
    assert.ok(
      validated.stderr.includes(
        `${file}: links[0].amount: "amount" is given twice in one object; give each key once\n`,
      ),
      validated.stderr,
    );
    await writeFile(file, '{"version": 1, "version": 1}');
    const top = await runCli(['config', 'validate', file]);
    assert.match(top.stderr, /: version: "version" is given twice in one object; give each key once/);
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
});

test('config validate lists every problem, one a line: each key given twice, a bad version, each unknown key, a section of the wrong shape, and the records still checked (issue 31)', async () => {
  const file = join(dir, 'many-problems.json');
  await writeFile(
    file,
    '{"port": 1, "version": 2, "host": "x", "links": {}, "clock": {"offset": "1d", "offset": "-2d"}, "endpoints": [{"id": "we_a", "url": "http://a/h", "id": "we_b"}], "faults": [{"action": {"type": "drop", "ms": 1}}]}',
  );
  const validated = await runCli(['config', 'validate', file]);
  assert.equal(validated.code, 2, validated.cli.transcript());
  const allowed = 'Allowed: $schema, version, settings, endpoints, faults, clock, links.';
  assert.deepEqual(validated.cli.stderrLines(), [
    `${file}: clock.offset: "offset" is given twice in one object; give each key once`,
    `${file}: endpoints[0].id: "id" is given twice in one object; give each key once`,
    `${file}: version: Invalid version: 2 (a number); version must be the file format: 1.`,
    `${file}: port: Unknown parameter port. ${allowed}`,
    `${file}: host: Unknown parameter host. ${allowed}`,
    `${file}: links: Invalid links: an object; links must be at most 100000 fixture links, each made once, keyed by its id.`,
    `${file}: faults[0].action.ms: a drop action takes no other field, not ms`,
    `${file}: clock.offset: "-2d" is not allowed; offset must be a duration from 1s to 3650d, such as 90s, 15m, 2h, 1d or 1d12h: the clock runs at least this far ahead of real time (it never goes back)`,
    `${file}: 8 problems; nothing was applied`,
  ]);
  await writeFile(file, '{}');
  const empty = await runCli(['config', 'validate', file]);
  assert.deepEqual(empty.cli.stderrLines(), [
    `${file}: version: Missing required parameter version: the file format: 1.`,
    `${file}: 1 problem; nothing was applied`,
  ]);
});
