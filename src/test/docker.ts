// The Docker side of the container test and benchmark: the engine's presence, the README's
// commands with the parts CI has to change, and a container's state as the engine reports it.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './cliProcess';

const exec = promisify(execFile);

/** The README's tag for the image. */
const README_IMAGE = 'payment-links-sandbox';
/**
 * The tag the tests build and run: the README's, unless PLS_TEST_IMAGE gives a run one of its own,
 * so that runs on one engine at once (several checkouts) never replace each other's image.
 */
export const IMAGE = process.env.PLS_TEST_IMAGE || README_IMAGE;

/** A README command with the image's tag as this run builds it. */
export function withImageTag(command: string): string {
  return IMAGE === README_IMAGE ? command : substitute(command, ` ${README_IMAGE}`, ` ${IMAGE}`);
}

/** `docker ARGS`; rejects with the command and its stderr when it exits non-zero. */
export async function docker(args: string[], timeoutMs = 15 * 60_000): Promise<string> {
  try {
    const { stdout } = await exec('docker', args, {
      cwd: REPO_ROOT,
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout.trim();
  } catch (err) {
    const { stderr, stdout, message } = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(
      `docker ${args.join(' ')} failed: ${(stderr || message).trim()}\n${(stdout ?? '').slice(-3000)}`,
    );
  }
}

/** Why no container can run here (no client, no engine answering), or undefined when one can. */
export async function engineProblem(): Promise<string | undefined> {
  try {
    await exec('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 30_000 });
    return undefined;
  } catch (err) {
    const { code, stderr, message } = err as { code?: string; stderr?: string; message: string };
    if (code === 'ENOENT') return 'no docker command on PATH';
    return `no Docker engine answers \`docker info\`: ${(stderr || message).trim().split('\n').pop()}`;
  }
}

/** A port nothing listens on now: host networking shares the host's ports between runs. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The `docker …` commands of the README's "Container" section, one string each, continuation
 * lines joined, exactly as a reader copies them.
 */
export function readmeDockerCommands(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = /^## Container\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (!section) throw new Error('README.md has no "## Container" section');
  const commands: string[] = [];
  for (const block of section.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    const joined = (block[1] as string).replace(/\\\n\s*/g, '');
    for (const line of joined.split('\n')) if (line.startsWith('docker ')) commands.push(line.trim());
  }
  return commands;
}

/**
 * Replaces `from` with `to` in a README command, failing when `from` is not there: a change to the
 * README that the CI substitution no longer matches must break the test, not pass it silently.
 */
export function substitute(command: string, from: string, to: string): string {
  if (!command.includes(from)) throw new Error(`expected "${from}" in the README command: ${command}`);
  return command.replaceAll(from, to);
}

/** Splits a README command into arguments; the README's commands quote nothing. */
export function argsOf(command: string): string[] {
  const [first, ...rest] = command.split(/\s+/);
  if (first !== 'docker') throw new Error(`not a docker command: ${command}`);
  return rest;
}

/**
 * The README's build command as CI runs it: with host networking (the build's npm reaches the
 * registry through loopback here) and, when PLS_NODE_IMAGE names one, a local stand-in base.
 */
export function ciBuildArgs(readmeBuild: string): string[] {
  const base = process.env.PLS_NODE_IMAGE;
  const extra = ['--network', 'host', ...(base ? ['--build-arg', `NODE_IMAGE=${base}`] : [])];
  return argsOf(withImageTag(substitute(readmeBuild, 'docker build ', `docker build ${extra.join(' ')} `)));
}

/** What the container printed, stdout and stderr, as `docker logs` shows both. */
export async function logsOf(name: string): Promise<string> {
  const { stdout, stderr } = await exec('docker', ['logs', name], { maxBuffer: 64 * 1024 * 1024 });
  return stdout + stderr;
}

export interface ContainerState {
  Status: string;
  ExitCode: number;
  Health?: { Status: string; Log?: { Output: string }[] };
}

export async function containerState(name: string): Promise<ContainerState> {
  return JSON.parse(await docker(['inspect', '--format', '{{json .State}}', name])) as ContainerState;
}

/** Resolves once Docker's own health check reports the container healthy; throws if it stops first. */
export async function waitHealthy(name: string, limitMs = 120_000): Promise<void> {
  const end = Date.now() + limitMs;
  for (;;) {
    const state = await containerState(name);
    if (state.Health?.Status === 'healthy') return;
    if (state.Status !== 'running' || Date.now() > end) {
      const logs = await logsOf(name).catch((err: Error) => err.message);
      throw new Error(
        `container ${name} is ${state.Status}, health ${state.Health?.Status ?? 'none'} (exit ${state.ExitCode}):\n${logs}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
