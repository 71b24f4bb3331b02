// `npm run test:container`: the image as the README builds and runs it, tested from outside. It
// runs the README's own `docker` commands with only the changes CI must make (the README names
// them): host networking and a free port instead of `-p 4545:4545`, a volume of its own, the
// receiver's address, and a local stand-in base image when PLS_NODE_IMAGE names one.
// With no Docker engine it says why and skips, unless PLS_REQUIRE_DOCKER=1 (CI) makes that a failure.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliProcess, http, REPO_ROOT } from './cliProcess';
import {
  argsOf,
  ciBuildArgs,
  containerState,
  docker,
  engineProblem,
  freePort,
  IMAGE,
  logsOf,
  readmeDockerCommands,
  substitute,
  waitHealthy,
  withImageTag,
} from './docker';
import { WebhookReceiver } from './webhookReceiver';

const problem = await engineProblem();
const required = process.env.PLS_REQUIRE_DOCKER === '1';
if (problem) {
  console.log(
    `# container tests ${required ? 'FAIL' : 'skipped'} (${problem}); ` +
      'start a Docker engine to run them (CI: .ci/run starts dockerd)',
  );
}
const skip = problem !== undefined && !required ? problem : false;

const [BUILD, RUN, RUN_WITH_WEBHOOKS, EXEC_STATUS, EXEC_LISTEN] = readmeDockerCommands();
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const README_TOKEN = 'my-console-token-0001';
const run = randomBytes(4).toString('hex');
const volume = `pls-test-${run}`;
const containers: string[] = [];
let port: number;
let origin: string;
let receiver: WebhookReceiver;
let linkId: string;

before(async () => {
  if (skip) return;
  assert.ok(problem === undefined, `PLS_REQUIRE_DOCKER=1, but ${problem}`);
  receiver = await WebhookReceiver.start();
});

after(async () => {
  if (skip) return;
  for (const name of containers) await docker(['rm', '--force', name]).catch(() => undefined);
  await docker(['volume', 'rm', '--force', volume]).catch(() => undefined);
  await receiver?.stop();
});

/** A README `docker run` command as CI runs it: detached, named, on host networking and its own volume. */
function ciRun(readmeRun: string, name: string, onPort = port): string[] {
  let command = substitute(readmeRun, 'docker run ', `docker run -d --name ${name} `);
  command = substitute(command, '-p 4545:4545', `--network host -e PLS_PORT=${onPort}`);
  command = substitute(command, 'pls-data:/data', `${volume}:/data`);
  return argsOf(withImageTag(command));
}

/**
 * Starts a container from a README command and waits until Docker reports it healthy. Each gets a
 * port of its own, so a container a failed test left running cannot answer for the next one.
 */
async function start(readmeRun: string, step: string): Promise<string> {
  const name = `pls-test-${run}-${step}`;
  containers.push(name);
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  await docker(ciRun(readmeRun, name));
  await waitHealthy(name);
  return name;
}

/** The README's run with webhooks to the host, as CI runs it: the host is loopback, the app is the receiver. */
function runWithWebhooks(): string {
  const command = substitute(RUN_WITH_WEBHOOKS as string, 'host-gateway', '127.0.0.1');
  return substitute(command, 'host.docker.internal:3000', `host.docker.internal:${receiver.port}`);
}

/** `docker stop` (SIGTERM to the server, node as PID 1) and the exit code Docker recorded. */
async function stop(name: string): Promise<number> {
  await docker(['stop', name]);
  return (await containerState(name)).ExitCode;
}

/** The token the `Console:` line prints, or undefined when it prints none. */
async function consoleToken(name: string): Promise<string | undefined> {
  const line = (await logsOf(name)).split('\n').find((l) => l.startsWith('Console:'));
  assert.ok(line, `no Console: line in:\n${await logsOf(name)}`);
  return /\?token=([A-Za-z0-9_-]+)/.exec(line)?.[1];
}

test(
  'the README build command builds an image that runs the compiled CLI as a non-root user',
  { skip },
  async () => {
    assert.ok(BUILD?.startsWith('docker build '), `README build command: ${BUILD}`);
    await docker(ciBuildArgs(BUILD as string));
    const config = JSON.parse(await docker(['image', 'inspect', '--format', '{{json .Config}}', IMAGE]));
    assert.deepEqual(config.Entrypoint, ['node', 'dist/cli.js']);
    assert.deepEqual(config.Cmd, ['serve']);
    assert.equal(config.User, 'node');
    assert.deepEqual(Object.keys(config.Volumes ?? {}), ['/data']);
    assert.deepEqual(Object.keys(config.ExposedPorts ?? {}), ['4545/tcp']);
  },
);

test(
  'docker run: healthy, serves the API to the key alone, and the console to the token its Console: line prints',
  { skip },
  async () => {
    const name = await start(RUN as string, 'first');
    const health = await fetch(`${origin}/healthz`);
    assert.equal(health.status, 200);
    const created = await http(origin, 'POST', '/payment-links', {
      body: { amount: 150_000, title: 'Boxed' },
    });
    assert.equal(created.status, 201, created.text);
    linkId = created.body.data.id;
    assert.equal(created.body.data.url, `${origin}/pay/${linkId}`);

    const token = await consoleToken(name);
    assert.ok(token, 'bound to 0.0.0.0 inside, the console gets a token, printed in its Console: line');
    assert.equal((await fetch(`${origin}/`)).status, 401, 'the console refuses a request without it');
    assert.equal((await fetch(`${origin}/?token=${token}`)).status, 200);

    const status = await docker(['exec', name, 'cat', '/proc/1/status']);
    const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    assert.ok(uid !== undefined && uid !== '0', `the server (PID 1) runs as uid ${uid}`);
    assert.match(await docker(['exec', name, 'cat', '/proc/1/cmdline']), /^node\0dist\/cli\.js\0serve/);
    const help = await docker(['exec', name, 'payment-links-sandbox', '--help']);
    assert.match(help, /^Usage: payment-links-sandbox/m, 'the CLI is on PATH under its own name');

    assert.equal(await stop(name), 0, `docker stop exits 0:\n${await logsOf(name)}`);
  },
);

test(
  'a new container on the same volume keeps the links; PLS_ variables set the webhook, its secret and the console token',
  { skip },
  async () => {
    const name = await start(runWithWebhooks(), 'second');

    const kept = await http(origin, 'GET', `/payment-links/${linkId}`);
    assert.equal(kept.status, 200, kept.text);
    assert.equal(kept.body.data.title, 'Boxed');

    assert.equal(await consoleToken(name), README_TOKEN);
    assert.equal((await fetch(`${origin}/?token=${README_TOKEN}`)).status, 200);

    const paid = await http(origin, 'POST', '/sandbox/simulate', {
      body: { payment_link_id: linkId, event: 'paid' },
    });
    assert.equal(paid.status, 200, paid.text);
    const [delivery] = await receiver.waitForRequests(1);
    assert.equal(delivery!.path, '/webhooks');
    const event = new Webhook(SECRET).verify(delivery!.body, delivery!.headers) as any;
    assert.equal(
      event.data.id,
      linkId,
      'signed with PLS_WEBHOOK_SECRET, about the link made before the restart',
    );

    assert.equal(await stop(name), 0, `docker stop exits 0:\n${await logsOf(name)}`);
  },
);

/** Creates `count` links at `at`, `count` at once, and returns the ids each 201 acknowledged. */
async function createLinks(at: string, count: number, title: string): Promise<string[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_unused, i) =>
      http(at, 'POST', '/payment-links', { body: { amount: 1000 + i, title: `${title} ${i}` } }),
    ),
  );
  return answers.map((answer) => {
    assert.equal(answer.status, 201, answer.text);
    return answer.body.data.id as string;
  });
}

/** Every id answers 200 at `origin`: none of those writes was lost. */
async function assertKept(ids: string[]): Promise<void> {
  const missing: string[] = [];
  for (const id of ids)
    if ((await http(origin, 'GET', `/payment-links/${id}`)).status !== 200) missing.push(id);
  assert.deepEqual(missing, [], `${missing.length} of ${ids.length} acknowledged creates are gone`);
}

/** The lock record a running container's sandbox wrote on the volume. */
async function lockOf(name: string): Promise<{ pid: number; started_at: string; pid_ns?: string }> {
  return JSON.parse(await docker(['exec', name, 'cat', '/data/sandbox.lock']));
}

const HOLDER = (started: string) =>
  `process 1 in a container \\(host name [^)]+\\) \\(/app/dist/cli\\.js serve, started ${started.replaceAll('.', '\\.')}\\)`;

test(
  'a second container on the same volume waits on the first one’s lease, then exits 1 naming it; the first keeps serving and loses nothing',
  { skip },
  async () => {
    const first = await start(RUN as string, 'holder');
    const holder = origin;
    const { started_at } = await lockOf(first);
    // The issue lost 154 creates this way: ten times as many, 50 at once.
    const acknowledged: string[] = [];
    for (let batch = 0; batch < 31; batch++) acknowledged.push(...(await createLinks(holder, 50, 'before')));

    const second = `pls-test-${run}-second-holder`;
    containers.push(second);
    await docker(ciRun(RUN as string, second, await freePort()));
    // The first goes on writing, 25 creates at a time, while the second starts and waits.
    const end = Date.now() + 60_000;
    let state = await containerState(second);
    while (state.Status === 'created' || state.Status === 'running') {
      assert.ok(Date.now() < end, `the second container still runs after 60 s:\n${await logsOf(second)}`);
      acknowledged.push(...(await createLinks(holder, 25, 'meanwhile')));
      state = await containerState(second);
    }
    const lines = (await logsOf(second)).trim().split('\n');
    assert.equal(state.ExitCode, 1, lines.join('\n'));
    assert.equal(
      lines.length,
      2,
      `a line saying it waits, then one saying why it stops:\n${lines.join('\n')}`,
    );
    assert.match(
      lines[0] as string,
      new RegExp(`^/data: held by ${HOLDER(started_at)}; waiting up to 10 s for it to renew its lease`),
    );
    assert.match(
      lines[1] as string,
      new RegExp(
        `^payment-links-sandbox: /data: is in use by ${HOLDER(started_at)}, which renewed its lease within 10 s; stop that process`,
      ),
    );

    acknowledged.push(...(await createLinks(holder, 10, 'after')));
    assert.equal(await stop(first), 0, `docker stop exits 0:\n${await logsOf(first)}`);
    const next = await start(RUN as string, 'after-holder');
    console.log(`# ${acknowledged.length} creates acknowledged by the first container, all kept`);
    await assertKept(acknowledged);
    assert.equal(await stop(next), 0);
  },
);

test(
  'after docker kill, a new container on the volume says it waits on the dead one’s lease, then comes up on its own with every write',
  { skip },
  async () => {
    const killed = await start(RUN as string, 'killed');
    const { started_at, pid_ns: killedNamespace } = await lockOf(killed);
    const acknowledged = await createLinks(origin, 50, 'killed');
    await docker(['kill', killed]);
    // The kernel gives the next new PID namespace the dead one's number back, and a sandbox there
    // sees at once that its pid 1 is not the owner. On a busy host another container has taken
    // that number meanwhile, and only the lease can tell: a container started now takes it here.
    const filler = `pls-test-${run}-filler`;
    containers.push(filler);
    await docker([
      ...['run', '-d', '--name', filler, '--network', 'none', '-v', `${volume}:/data`],
      ...['--entrypoint', 'sleep', IMAGE, '600'],
    ]);
    const name = await start(RUN as string, 'after-kill');
    const namespace = await docker(['exec', name, 'readlink', '/proc/self/ns/pid']);
    assert.notEqual(namespace, killedNamespace, 'the new container is in a PID namespace of its own');
    const logs = await logsOf(name);
    const said = logs.split('\n').filter((line) => line.startsWith('/data: held by'));
    assert.equal(said.length, 1, `one line saying it waits:\n${logs}`);
    assert.match(said[0] as string, new RegExp(`^/data: held by ${HOLDER(started_at)}; waiting up to 10 s`));
    await assertKept(acknowledged);
    const kept = await http(origin, 'GET', `/payment-links/${linkId}`);
    assert.equal(kept.body.data.status, 'succeeded', kept.text);
    assert.equal(await stop(name), 0);
    await docker(['rm', '--force', filler]);
  },
);

test(
  'another container reaches it by a name given in PLS_ALLOWED_HOST, with the API key alone',
  { skip },
  async () => {
    const name = `pls-test-${run}-named`;
    containers.push(name);
    await docker([
      ...['run', '-d', '--name', name, '--network', 'host', '-v', `${volume}:/data`],
      ...['-e', `PLS_PORT=${port}`, '-e', 'PLS_ALLOWED_HOST=sandbox', IMAGE],
    ]);
    await waitHealthy(name);
    // The client runs in a container of its own, where both names lead to the server, as a compose
    // service name would: only the allowed one is answered.
    const client = (host: string) =>
      docker([
        ...['run', '--rm', '--network', 'host', '--entrypoint', 'node'],
        ...['--add-host', 'sandbox:127.0.0.1', '--add-host', 'elsewhere:127.0.0.1', IMAGE],
        '-e',
        `fetch('http://${host}:${port}/payment-links/${linkId}', {headers: {authorization: 'Bearer sk_test_app'}}).then(async (r) => console.log(r.status, (await r.json()).data?.status ?? ''))`,
      ]);
    assert.equal(await client('sandbox'), '200 succeeded');
    assert.equal(await client('elsewhere'), '421');
    assert.equal(await stop(name), 0);
  },
);

test(
  "docs/ci.md's Python parallel workers against the container: four processes, none sees another's",
  { skip },
  async () => {
    const name = await start(RUN as string, 'parallel');
    const doc = await readFile(join(REPO_ROOT, 'docs', 'ci.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Parallel workers, one sandbox'));
    const command = /```sh\n(python3 .+)\n```/.exec(section)?.[1];
    assert.ok(command, 'docs/ci.md shows the Python command');
    // The workers' receivers listen on this machine's loopback, which the container shares (host network).
    const workers = new CliProcess(
      [],
      { PAYMENTS_BASE_URL: origin },
      { file: 'sh', args: ['-c', command], cwd: join(REPO_ROOT, 'docs', 'examples', 'python') },
    );
    const { code } = await workers.waitForExit(180_000);
    assert.equal(code, 0, `${command}${workers.transcript()}`);
    assert.match(
      workers.stdout,
      /^4 workers, 3 rounds each: none saw another's link, webhook, clock or fault\.$/m,
    );
    const listed = await http(origin, 'GET', '/sandbox/workspaces?per_page=100');
    const names = (listed.body.data as { name: string }[]).map((w) => w.name);
    for (const n of [0, 1, 2, 3]) assert.ok(names.includes(`worker_${n}`), names.join(', '));
    assert.equal(await stop(name), 0);
  },
);

test(
  'docker run -e PLS_IN_MEMORY=true: the image folder is a default, so the container keeps nothing on disk',
  { skip },
  async () => {
    const name = await start(
      substitute(RUN as string, 'docker run ', 'docker run -e PLS_IN_MEMORY=true '),
      'memory',
    );
    assert.match(await logsOf(name), /^Data: in memory/m);
    const created = await http(origin, 'POST', '/payment-links', {
      body: { amount: 1500, title: 'Kept nowhere' },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(await stop(name), 0);
  },
);

test(
  "the README's docker exec -i: the CLI on PATH reaches the server at the image's PLS_PORT, and a killed client stops listen, which removes its endpoint",
  { skip },
  async () => {
    const name = await start(runWithWebhooks(), 'exec');
    const exec = (readme: string | undefined, extra?: [string, string]) => {
      if (!readme?.startsWith('docker exec -i sb ')) throw new Error(`README exec command: ${readme}`);
      const line = extra ? substitute(readme, extra[0], extra[1]) : readme;
      return argsOf(substitute(line, ' sb ', ` ${name} `));
    };
    const status = await docker(exec(EXEC_STATUS));
    assert.match(status, /Workspace: default/, `status reached the server on port ${port}:\n${status}`);

    const endpoints = async () =>
      ((await http(origin, 'GET', '/sandbox/endpoints')).body.data as { url: string }[]).map((e) => e.url);
    const before = (await endpoints()).length;
    // The docker client is killed, not asked to stop: its exec session's stdin closes, nothing else.
    const client = spawn(
      'docker',
      exec(EXEC_LISTEN, ['host.docker.internal:3000', `host.docker.internal:${receiver.port}`]),
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    try {
      const deadline = Date.now() + 20_000;
      while ((await endpoints()).length === before) {
        assert.ok(Date.now() < deadline, 'listen registered no endpoint within 20 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      client.kill('SIGKILL');
    }
    const gone = Date.now() + 20_000;
    while ((await endpoints()).length !== before) {
      assert.ok(
        Date.now() < gone,
        `listen's endpoint is still there 20 s after its client was killed: ${await endpoints()}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const left = await docker(['exec', name, 'bash', '-c', 'cat /proc/[0-9]*/cmdline | tr "\\0" " "']);
    assert.doesNotMatch(left, /cli\.js listen|payment-links-sandbox listen/, 'no listen left running inside');
    assert.equal(await stop(name), 0);
  },
);
