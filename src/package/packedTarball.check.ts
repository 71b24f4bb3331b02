// `npm run test:package`: the package as a user gets it. Runs docs/testing-your-app.md's Install
// commands as written: packs the tarball (`npm run pack:package` stages and packs build/package)
// and installs it into an empty project (its dependencies from the registry), and uses it there: the CLI through npx, the library through import and through
// require(), and its types from TypeScript on nodenext resolution, as ES module and as CommonJS.
// It also reads what was shipped: no Electron app, no install script, and docs whose links
// resolve. A missing file, a runtime dependency left in devDependencies, or declarations that do
// not resolve each fail here, not on a user's machine.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { relativeLinks } from './packageDocs';

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../..');
const KEY = 'sk_test_packed';
let work: string;
let app: string;
let installed: string;
let packedFiles: string[];

/** The commands docs/testing-your-app.md's Install section shows, in order. */
async function installCommands(): Promise<[string, string]> {
  const doc = await readFile(join(REPO, 'docs/testing-your-app.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Install'), doc.indexOf('\n## ', doc.indexOf('## Install') + 1));
  const commands = [...section.matchAll(/```sh\n(.+)\n```/g)].map((block) => block[1] as string);
  assert.equal(commands.length, 2, `the Install section shows two commands: ${commands.join(' | ')}`);
  return commands as [string, string];
}

const sh = (command: string, cwd: string, env: NodeJS.ProcessEnv = process.env) =>
  run('sh', ['-c', command], { cwd, env, maxBuffer: 64 * 1024 * 1024 });

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'pls-packed-'));
  app = join(work, 'app');
  const [pack, install] = await installCommands();
  const { version } = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { version: string };
  const tarball = `payment-links-sandbox-${version}.tgz`;
  assert.ok(
    install.includes(`./${tarball}`),
    `the doc installs ${tarball}, this version's tarball: ${install}`,
  );
  // As a user runs it in a clone: the tarball lands in the clone's folder, then goes to the project.
  await sh(pack, REPO, { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' });
  await run('mkdir', ['-p', app]);
  await rename(join(REPO, tarball), join(app, tarball));
  packedFiles = (await run('tar', ['-tzf', join(app, tarball)], { maxBuffer: 16 * 1024 * 1024 })).stdout
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^package\//, ''));
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  await sh(install, app);
  const manifest = JSON.parse(await readFile(join(app, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
  assert.equal(manifest.devDependencies?.['payment-links-sandbox'], `file:${tarball}`);
  installed = join(app, 'node_modules/payment-links-sandbox');
});

after(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

test('the installed package carries no TypeScript runner: it runs compiled JavaScript', () => {
  assert.equal(existsSync(join(app, 'node_modules/tsx')), false, 'tsx was installed with the package');
  assert.ok(existsSync(join(app, 'node_modules/payment-links-sandbox/dist/cli.js')));
  assert.ok(existsSync(join(app, 'node_modules/payment-links-sandbox/out/renderer/index.html')));
});

test('the tarball leaves out the Electron app and every install script, and keeps the console', async () => {
  const electron = packedFiles.filter((path) => /^(out\/(main|preload)|src)\//.test(path));
  assert.deepEqual(electron, [], 'the tarball ships the desktop app or its sources');
  for (const path of ['out/renderer/index.html', 'dist/index.js', 'dist/index.cjs', 'dist/cli.js'])
    assert.ok(packedFiles.includes(path), `the tarball has no ${path}`);
  const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
    devDependencies?: unknown;
  };
  assert.equal(manifest.scripts, undefined, 'the package has scripts, which npm would run on install');
  assert.equal(manifest.devDependencies, undefined);
});

test('every relative link in the shipped Markdown resolves inside the package', async () => {
  const docs = ['README.md', ...(await readdir(join(installed, 'docs'))).map((name) => `docs/${name}`)];
  assert.ok(docs.length > 5, `only ${docs.join(', ')} shipped`);
  const broken: string[] = [];
  for (const doc of docs.filter((name) => name.endsWith('.md'))) {
    for (const link of relativeLinks(await readFile(join(installed, doc), 'utf8'))) {
      const target = resolve(installed, dirname(doc), link);
      if (relative(installed, target).startsWith('..') || !existsSync(target)) broken.push(`${doc}: ${link}`);
    }
  }
  assert.deepEqual(broken, [], 'links to files the package does not ship');
});

test('npx payment-links-sandbox serve --in-memory --port 0 serves the API and the console', async () => {
  const child = spawn('npx', ['payment-links-sandbox', 'serve', '--in-memory', '--port', '0', '--quiet'], {
    cwd: app,
    stdio: ['ignore', 'pipe', 'pipe'],
    // npx runs the CLI as its own child: the whole group is stopped at the end, not npx alone.
    detached: true,
  });
  try {
    const origin = await new Promise<string>((found, failed) => {
      let output = '';
      const timer = setTimeout(() => failed(new Error(`no listening line in 30 s:\n${output}`)), 30_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          found(match[1]);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => failed(new Error(`exited with ${code} before listening:\n${output}`)));
    });
    const created = await fetch(`${origin}/payment-links`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 25_000, title: 'From the packed CLI' }),
    });
    assert.equal(created.status, 201);
    assert.equal(((await created.json()) as { data: { title: string } }).data.title, 'From the packed CLI');
    const consolePage = await fetch(`${origin}/`);
    assert.match(await consolePage.text(), /<div id="root">/);
  } finally {
    process.kill(-(child.pid as number), 'SIGTERM');
  }
});

test('the MCP server configured as docs/mcp.md shows it starts from the installed package', async () => {
  const doc = await readFile(join(installed, 'docs/mcp.md'), 'utf8');
  const snippet = /```json\n([\s\S]*?)\n```/.exec(doc);
  assert.ok(snippet?.[1], 'docs/mcp.md has no JSON snippet');
  const config = JSON.parse(snippet[1]) as {
    mcpServers: Record<string, { command: string; args: string[] }>;
  };
  const server = config.mcpServers['payment-links-sandbox'];
  assert.ok(server, 'the snippet names no payment-links-sandbox server');
  const client = new Client({ name: 'packed-check', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: server.command, args: server.args, cwd: app, stderr: 'ignore' }),
  );
  try {
    const created = await client.callTool({
      name: 'create_payment_link',
      arguments: { amount: 2_500, title: 'From the agent' },
    });
    assert.notEqual(created.isError, true, JSON.stringify(created.content));
    const [part] = created.content as { text: string }[];
    assert.equal((JSON.parse(part!.text) as { data: { status: string } }).data.status, 'pending');
  } finally {
    await client.close();
  }
});

test("import { startSandbox } from 'payment-links-sandbox' works from plain JavaScript", async () => {
  await writeFile(
    join(app, 'consumer.mjs'),
    `import { startSandbox } from 'payment-links-sandbox';
const sandbox = await startSandbox({ port: 0 });
const response = await fetch(sandbox.origin + '/payment-links', {
  method: 'POST',
  headers: { authorization: 'Bearer ${KEY}', 'content-type': 'application/json' },
  body: JSON.stringify({ amount: 10000, title: 'From the library' }),
});
const body = await response.json();
await sandbox.close();
console.log(JSON.stringify({ status: response.status, status_of_link: body.data.status }));
`,
  );
  const { stdout } = await run(process.execPath, ['consumer.mjs'], { cwd: app });
  assert.deepEqual(JSON.parse(stdout), { status: 201, status_of_link: 'pending' });
});

test("require('payment-links-sandbox') works from CommonJS", async () => {
  await writeFile(
    join(app, 'consumer.cjs'),
    `const { startSandbox } = require('payment-links-sandbox');
startSandbox({ port: 0 }).then(async (sandbox) => {
  const response = await fetch(sandbox.origin + '/payment-links', {
    method: 'POST',
    headers: { authorization: 'Bearer ${KEY}', 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 10000, title: 'From require' }),
  });
  const body = await response.json();
  const favicon = await fetch(sandbox.origin + '/favicon.ico');
  await sandbox.close();
  console.log(JSON.stringify({ status: response.status, title: body.data.title, favicon: favicon.status }));
});
`,
  );
  const { stdout, stderr } = await run(process.execPath, ['consumer.cjs'], { cwd: app });
  assert.deepEqual(JSON.parse(stdout), { status: 201, title: 'From require', favicon: 200 });
  assert.equal(stderr, '', 'requiring the package printed a warning');
});

test('the test API runs from the installed package: a workspace of startTestSandbox, and connectTestSandbox', async () => {
  await writeFile(
    join(app, 'workspaces.mjs'),
    `import { startSandbox, startTestSandbox, connectTestSandbox } from 'payment-links-sandbox';
const sandbox = await startTestSandbox();
const worker = await sandbox.workspace('packed');
const link = await worker.createLink({ amount: 1000, title: 'In a workspace' });
await worker.simulate(link.id, 'paid');
const inWorkspace = await worker.nextWebhook({ linkId: link.id });
await sandbox.close();
const server = await startSandbox({ port: 0 });
const shared = await connectTestSandbox({ baseUrl: server.origin, workspace: 'packed' });
const other = await shared.createLink({ amount: 1000, title: 'Shared' });
await shared.simulate(other.id, 'paid');
const connected = await shared.nextWebhook({ linkId: other.id });
await shared.close();
await server.close();
console.log(JSON.stringify({ inWorkspace: inWorkspace.verified, connected: connected.verified, key: shared.apiKey }));
`,
  );
  const { stdout } = await run(process.execPath, ['workspaces.mjs'], { cwd: app, timeout: 60_000 });
  assert.deepEqual(JSON.parse(stdout.trim().split('\n').pop() as string), {
    inWorkspace: true,
    connected: true,
    key: 'sk_test_ws_packed',
  });
});

test('its declarations type-check in a nodenext TypeScript project, as import and as require', async () => {
  await writeFile(
    join(app, 'consumer.ts'),
    `import { startSandbox, connectTestSandbox, type RunningSandbox, type TestWorkspace } from 'payment-links-sandbox';
const sandbox: RunningSandbox = await startSandbox({ port: 0 });
const origin: string = sandbox.origin;
// @ts-expect-error the port is a number: this line fails to compile if the types were lost (any)
await startSandbox({ port: 'any' });
await sandbox.close();
export async function worker(): Promise<TestWorkspace> {
  // @ts-expect-error a workspace is named by a string, as the test API's types say
  await connectTestSandbox({ baseUrl: origin, workspace: 1 });
  return connectTestSandbox({ baseUrl: origin, workspace: 'worker_1' });
}
export { origin };
`,
  );
  await writeFile(
    join(app, 'consumer.cts'),
    `import sandboxes = require('payment-links-sandbox');
export async function origin(): Promise<string> {
  const sandbox: sandboxes.RunningSandbox = await sandboxes.startSandbox({ port: 0 });
  // @ts-expect-error the port is a number, under require() as under import
  await sandboxes.startSandbox({ port: 'any' });
  await sandbox.close();
  return sandbox.origin;
}
`,
  );
  await writeFile(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noEmit: true,
        types: ['node'],
        typeRoots: [join(REPO, 'node_modules/@types')],
      },
      files: ['consumer.ts', 'consumer.cts'],
    }),
  );
  await run(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
    cwd: app,
  }).catch((err: { stdout?: string }) => assert.fail(`tsc failed:\n${err.stdout}`));
});

test("the configuration file's JSON Schema ships as payment-links-sandbox/config.schema.json, the one the server serves", async () => {
  await writeFile(
    join(app, 'schema.mjs'),
    `import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { startSandbox } from 'payment-links-sandbox';
const shipped = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('payment-links-sandbox/config.schema.json'), 'utf8'));
const sandbox = await startSandbox({ port: 0 });
const served = await (await fetch(sandbox.origin + '/config.schema.json')).json();
await sandbox.close();
console.log(JSON.stringify({ same: JSON.stringify(shipped) === JSON.stringify(served), title: shipped.title ?? null, version: Boolean(shipped.properties?.version) }));
`,
  );
  const { stdout } = await run(process.execPath, ['schema.mjs'], { cwd: app });
  const result = JSON.parse(stdout.trim().split('\n').pop() as string) as { same: boolean; version: boolean };
  assert.equal(result.same, true, stdout);
  assert.equal(result.version, true, 'the schema describes the file (its version field)');
});
