import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the CLI is run from here exactly as a user would run it. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI_BIN = 'src/cli/bin.mjs';
/** Every wait on a child is bounded by this, so a hang fails the test instead of blocking it. */
export const WAIT_MS = 15_000;

const LISTENING = /^Payment Links Sandbox listening on (http:\/\/127\.0\.0\.1:(\d+))$/;

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const running = new Set<CliProcess>();

/** One real `node src/cli/bin.mjs ...` child, with its output collected as it arrives. */
export class CliProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<ExitStatus>;
  exitStatus: ExitStatus | null = null;
  private readonly watchers = new Set<() => void>();

  constructor(
    readonly args: string[],
    overrides: NodeJS.ProcessEnv = {},
    /**
     * What runs, before `args`: the CLI itself, or an npm script or a documented command as a user
     * types it; in the repository unless `cwd` says where.
     */
    command: { file: string; args: string[]; cwd?: string } = { file: process.execPath, args: [CLI_BIN] },
    /** /dev/null as a background job's (the default), or a pipe the test holds and may end. */
    stdin: 'ignore' | 'pipe' = 'ignore',
  ) {
    const env = { ...process.env, ...overrides };
    if (!('PORT' in overrides)) delete env.PORT;
    for (const [name, value] of Object.entries(overrides)) if (value === undefined) delete env[name];
    this.child = spawn(command.file, [...command.args, ...args], {
      cwd: command.cwd ?? REPO_ROOT,
      env,
      stdio: [stdin, 'pipe', 'pipe'],
    });
    running.add(this);
    this.child.stdout?.setEncoding('utf8');
    this.child.stderr?.setEncoding('utf8');
    this.child.stdout?.on('data', (chunk: string) => {
      this.stdout += chunk;
      this.notify();
    });
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderr += chunk;
      this.notify();
    });
    this.exited = new Promise<ExitStatus>((resolve) => {
      // 'close' comes after both pipes are drained, so stdout/stderr are complete by then.
      this.child.once('close', (code, signal) => {
        this.exitStatus = { code, signal };
        running.delete(this);
        this.notify();
        resolve(this.exitStatus);
      });
      this.child.once('error', (err) => {
        this.stderr += `spawn error: ${err.message}\n`;
      });
    });
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error('the CLI process did not start');
    return this.child.pid;
  }

  stdoutLines(): string[] {
    return this.stdout.split('\n').filter((line) => line !== '');
  }

  stderrLines(): string[] {
    return this.stderr.split('\n').filter((line) => line !== '');
  }

  /** Resolves with the value `check` returns once the output satisfies it; rejects on exit or after `ms`. */
  waitFor<T>(check: () => T | undefined, what: string, ms = WAIT_MS): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined = undefined;
      const done = (fn: () => void) => {
        this.watchers.delete(watch);
        clearTimeout(timer);
        fn();
      };
      const watch = () => {
        let value: T | undefined;
        try {
          value = check();
        } catch (err) {
          return done(() => reject(err as Error));
        }
        if (value !== undefined) return done(() => resolve(value));
        if (this.exitStatus) {
          const status = this.exitStatus;
          done(() =>
            reject(new Error(`CLI exited (${describe(status)}) before ${what}${this.transcript()}`)),
          );
        }
      };
      timer = setTimeout(
        () =>
          done(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}${this.transcript()}`))),
        ms,
      );
      this.watchers.add(watch);
      watch();
    });
  }

  /**
   * The API origin from the first stdout line (after npm's own "> script" lines, when run through
   * npm); fails if that line is anything else.
   */
  waitForOrigin(ms = WAIT_MS): Promise<string> {
    return this.waitFor(
      () => {
        const output = this.stdout.replace(/^(?:\n|> [^\n]*\n)*/, '');
        const newline = output.indexOf('\n');
        if (newline === -1) return undefined;
        const first = output.slice(0, newline);
        const match = LISTENING.exec(first);
        if (!match) throw new Error(`first stdout line is not the listening line: ${JSON.stringify(first)}`);
        return match[1];
      },
      'the "listening on" line',
      ms,
    );
  }

  /** Waits for the process to end; rejects (after killing it) if it is still running after `ms`. */
  async waitForExit(ms = WAIT_MS): Promise<ExitStatus> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`CLI still running after ${ms} ms${this.transcript()}`)), ms);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } catch (err) {
      await this.forceKill();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  signal(signal: NodeJS.Signals): void {
    if (!this.exitStatus) this.child.kill(signal);
  }

  /** SIGKILL and wait for the exit (a no-op once it has exited). */
  async forceKill(): Promise<void> {
    if (this.exitStatus) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  transcript(): string {
    return `\n--- stdout ---\n${this.stdout.slice(-4000)}\n--- stderr ---\n${this.stderr.slice(-4000)}`;
  }

  private notify(): void {
    for (const watch of [...this.watchers]) watch();
  }
}

function describe(status: ExitStatus): string {
  return status.signal ? `signal ${status.signal}` : `code ${status.code}`;
}

/** Spawns the CLI with `args` (after the command name), without waiting for anything. */
export function spawnCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
  stdin: 'ignore' | 'pipe' = 'ignore',
): CliProcess {
  return new CliProcess(args, env, { file: process.execPath, args: [join(REPO_ROOT, CLI_BIN)], cwd }, stdin);
}

/**
 * A shell command line run as a user types it, in `cwd`; the shell execs it, so the child is the
 * command itself and a signal reaches it.
 */
export function spawnShell(line: string, env: NodeJS.ProcessEnv, cwd: string): CliProcess {
  return new CliProcess([], env, { file: 'sh', args: ['-c', `exec ${line}`], cwd });
}

/** `npm run serve -- ...args`, as a user starts the sandbox from a clone. */
export function spawnNpmServe(args: string[]): CliProcess {
  return new CliProcess(args, {}, { file: 'npm', args: ['run', 'serve', '--'] });
}

/** `serve --port 0 --data dir ...extra`, waited on until it listens. */
export async function startServe(
  dataDir: string,
  extra: string[] = [],
): Promise<{ cli: CliProcess; origin: string }> {
  const cli = spawnCli(['serve', '--port', '0', '--data', dataDir, ...extra]);
  try {
    const origin = await cli.waitForOrigin();
    return { cli, origin };
  } catch (err) {
    await cli.forceKill();
    throw err;
  }
}

/** Runs the CLI to completion (bounded) and returns its exit status and output. */
export async function runCli(
  args: string[],
  ms = WAIT_MS,
): Promise<ExitStatus & { stdout: string; stderr: string; cli: CliProcess }> {
  const cli = spawnCli(args);
  const status = await cli.waitForExit(ms);
  return { ...status, stdout: cli.stdout, stderr: cli.stderr, cli };
}

/** Test teardown: SIGKILL every CLI child still running and wait for each to be gone. */
export async function killLeftoverClis(): Promise<void> {
  await Promise.all([...running].map((cli) => cli.forceKill()));
}

// ---- HTTP against a CLI-started server (127.0.0.1 only) -------------------------------------------

export const CLI_KEY = 'sk_test_x';
const auth = { authorization: `Bearer ${CLI_KEY}` };

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export async function http(
  origin: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpResult> {
  if (!origin.startsWith('http://127.0.0.1:'))
    throw new Error(`refusing to call ${origin}: tests target 127.0.0.1`);
  const headers: Record<string, string> = { ...auth, ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(origin + path, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(WAIT_MS),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, text, body: json };
}

export const LINK_BODY = { amount: 1000, title: 't' };

/** Creates a link; throws unless the answer is 201. */
export async function createLinkAt(origin: string, body: Record<string, unknown> = LINK_BODY) {
  const res = await http(origin, 'POST', '/payment-links', { body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data as Record<string, unknown> & { id: string };
}

export interface LoadResult {
  /** The `data` of every 201 the client received, in no particular order. */
  acked: (Record<string, unknown> & { id: string })[];
  /** Requests that failed at the connection level (the server went away). */
  failed: number;
  /** Answers other than 201 (e.g. 503 while shutting down), by status. */
  otherStatuses: number[];
}

/**
 * `loops` concurrent loops of POST /payment-links. A loop ends at its first connection failure or
 * non-201 answer, when `stop()` says so, or once `maxTotal` creates have been sent in all.
 */
export async function createLoad(
  origin: string,
  options: { loops: number; maxTotal: number; stop?: () => boolean; onAck?: (count: number) => void },
): Promise<LoadResult> {
  const result: LoadResult = { acked: [], failed: 0, otherStatuses: [] };
  let sent = 0;
  const loop = async (n: number) => {
    let i = 0;
    while (!options.stop?.() && sent < options.maxTotal) {
      sent++;
      const body = { amount: 1000 + n, title: `load ${n}-${i}`, reference_id: `ref-${n}-${i++}` };
      let res: HttpResult;
      try {
        res = await http(origin, 'POST', '/payment-links', { body });
      } catch {
        result.failed++;
        return;
      }
      if (res.status !== 201) {
        result.otherStatuses.push(res.status);
        return;
      }
      result.acked.push(res.body.data);
      options.onAck?.(result.acked.length);
    }
  };
  await Promise.all(Array.from({ length: options.loops }, (_, n) => loop(n)));
  return result;
}

/** GETs every link (a few at a time) and returns the ones that are not there exactly as acknowledged. */
export async function missingOrChanged(
  origin: string,
  links: readonly (Record<string, unknown> & { id: string })[],
): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < links.length) {
      const link = links[next++]!;
      const res = await http(origin, 'GET', `/payment-links/${link.id}`);
      if (res.status !== 200) problems.push(`${link.id}: GET answered ${res.status}`);
      else if (JSON.stringify(sortKeys(res.body.data)) !== JSON.stringify(sortKeys(link)))
        problems.push(`${link.id}: stored ${res.text} but 201 said ${JSON.stringify(link)}`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return problems;
}

function sortKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
}

/** A port nothing listens on: one the system just gave out and took back. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
