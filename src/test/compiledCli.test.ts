import assert from 'node:assert/strict';
import { cp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { CLI_BIN, killLeftoverClis, REPO_ROOT, spawnShell } from './cliProcess';
import { makeTempDir } from './harness';

after(killLeftoverClis);

// A clone of its own (sources, package.json, the installed node_modules), so editing a source
// cannot disturb the CLI other tests run.
let clone = '';
before(async () => {
  clone = await makeTempDir('pls-compiled-cli-');
  for (const entry of ['src', 'package.json', 'tsconfig.json'])
    await cp(join(REPO_ROOT, entry), join(clone, entry), {
      recursive: true,
      filter: (source) => !source.includes(`${join('src', 'test')}`),
    });
  await symlink(join(REPO_ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
});
after(() => rm(clone, { recursive: true, force: true }));

async function version(): Promise<string> {
  const cli = spawnShell(`node ${CLI_BIN} --version`, {}, clone);
  const status = await cli.waitForExit(60_000);
  assert.deepEqual(status, { code: 0, signal: null }, cli.transcript());
  return cli.stdout.trim();
}

test('the CLI in a clone runs straight away, and an edit to a source shows at the next launch', async () => {
  const manifest = JSON.parse(await readFile(join(clone, 'package.json'), 'utf8')) as { version: string };
  assert.equal(await version(), manifest.version);
  // Nothing changed: the same answer, from the build already there.
  assert.equal(await version(), manifest.version);

  const source = join(clone, 'src', 'core', 'version.ts');
  const text = await readFile(source, 'utf8');
  await writeFile(source, text.replace(').version;', ').version + "-edited";'));
  assert.equal(await version(), `${manifest.version}-edited`);
});

test('a source the CLI cannot be compiled from is named, with a one-line error and exit 1', async () => {
  const source = join(clone, 'src', 'cli', 'help.ts');
  await writeFile(source, `${await readFile(source, 'utf8')}\nexport const broken = ;\n`);
  const cli = spawnShell(`node ${CLI_BIN} --version`, {}, clone);
  const status = await cli.waitForExit(60_000);
  assert.deepEqual(status, { code: 1, signal: null });
  assert.match(cli.stderr, /src\/cli\/help\.ts/);
  assert.match(
    cli.stderrLines().at(-1) ?? '',
    /^payment-links-sandbox: could not compile the CLI from src\//,
  );
});
