// Every command docs/scenarios.md shows, run as written (through the shell, so "$PROVIDER_URL"
// expands as it does for a user), in a folder holding the files it names; the sample output it
// shows must appear in what the command prints.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { CLI_BIN, REPO_ROOT } from './cliProcess';
import { makeTempDir, startTestSandbox, type TestSandbox } from './harness';
import { recordShop } from './shopRecording';

const PROGRAM = 'npx payment-links-sandbox ';

interface Shown {
  command: string;
  output: string[];
}

async function shownCommands(): Promise<Shown[]> {
  const doc = await readFile(join(REPO_ROOT, 'docs/scenarios.md'), 'utf8');
  return [...doc.matchAll(/```console\n([\s\S]*?)```/g)].map((block) => {
    const [first = '', ...output] = (block[1] as string).trimEnd().split('\n');
    assert.ok(first.startsWith(`$ ${PROGRAM}`), first);
    return { command: first.slice(2), output };
  });
}

/** The shown command through sh, with the package's program in place of npx's lookup of it. */
function runShown(command: string, cwd: string, env: NodeJS.ProcessEnv) {
  const args = command.slice(PROGRAM.length);
  const script = `exec "$PLS_NODE" "$PLS_CLI" ${args}`;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('sh', ['-c', script], {
      cwd,
      env: { ...process.env, ...env, PLS_NODE: process.execPath, PLS_CLI: join(REPO_ROOT, CLI_BIN) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Each shown output line, but `…`, in the printed output, in order. */
function assertShown(printed: string, shown: string[], command: string): void {
  const lines = printed.split('\n');
  let at = 0;
  for (const line of shown) {
    if (line === '…') continue;
    const found = lines.indexOf(line, at);
    assert.ok(found >= 0, `${command}\nshown:   ${line}\nprinted:\n${printed}`);
    at = found + 1;
  }
}

let dir: string;
let recorder: TestSandbox;
let provider: TestSandbox;

before(async () => {
  dir = await makeTempDir('pls-scenario-docs-');
  recorder = await startTestSandbox({ inMemory: true });
  provider = await startTestSandbox({ inMemory: true });
  await recorder.consoleApi('PATCH', '/settings', { fees: { transaction_percent: 3.5 } });
  await provider.consoleApi('PATCH', '/settings', { fees: { transaction_percent: 2.9 } });
  const created = await recorder.api('POST', '/payment-links', {
    body: { amount: 150_000, title: 'Order 1001' },
    headers: { 'Idempotency-Key': 'order-1001' },
  });
  const id = created.body.data.id as string;
  await recorder.api('GET', `/payment-links/${id}`);
  await recorder.api('POST', '/sandbox/simulate', { body: { payment_link_id: id, event: 'paid' } });
  await recorder.api('POST', `/payment-links/${id}/cancel`);
  const exported = await recorder.consoleApi('POST', '/requests/scenario', { name: 'Checkout session' });
  await writeFile(join(dir, 'checkout.scenario.json'), exported.text);
  await recordShop(join(dir, 'trusted.ndjson'));
  await recordShop(join(dir, 'later.ndjson'));
  await recordShop(join(dir, 'major-units.ndjson'), 'major-units');
});
after(async () => {
  await recorder.stop();
  await provider.stop();
});

test('docs/scenarios.md: every command shown runs as written and prints what is shown', async () => {
  const recording = (name: string) => () => copyFile(join(dir, name), join(dir, 'recording.ndjson'));
  const expected: Record<string, { code: number; before?: () => Promise<void> }> = {
    'npx payment-links-sandbox run checkout.scenario.json --junit reports/scenario.xml': { code: 0 },
    'npx payment-links-sandbox run checkout.scenario.json --base-url "$PROVIDER_URL" --api-key "$PROVIDER_KEY"':
      { code: 1 },
    'npx payment-links-sandbox compare qa/checkout.golden.ndjson recording.ndjson --update': {
      code: 0,
      before: recording('trusted.ndjson'),
    },
    'npx payment-links-sandbox compare qa/checkout.golden.ndjson recording.ndjson --ignore request_body.metadata.trace':
      { code: 0, before: recording('later.ndjson') },
    'npx payment-links-sandbox compare qa/checkout.golden.ndjson recording.ndjson': {
      code: 1,
      before: recording('major-units.ndjson'),
    },
  };
  const shown = await shownCommands();
  assert.deepEqual(
    shown.map((s) => s.command),
    Object.keys(expected),
  );
  const env = { PROVIDER_URL: provider.origin, PROVIDER_KEY: 'sk_test_provider' };
  for (const { command, output } of shown) {
    const { code, before: prepare } = expected[command] as { code: number; before?: () => Promise<void> };
    await prepare?.();
    const res = await runShown(command, dir, env);
    assert.equal(res.code, code, `${command}\n${res.stdout}${res.stderr}`);
    assertShown(res.stdout, output, command);
  }
  assert.match(
    await readFile(join(dir, 'reports/scenario.xml'), 'utf8'),
    /<testsuite name="Checkout session" tests="4" failures="0"/,
  );
});
