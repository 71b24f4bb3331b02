import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/**
 * Benchmark helpers for the processes the runner starts: every child is a fresh `node --import tsx`
 * process talking to the runner over the IPC channel, so the server under test never shares an
 * event loop (or, on a 2-core machine, a core) with autocannon.
 */

export interface ChildMessage {
  type: string;
  [key: string]: unknown;
}

export interface Child {
  process: ChildProcess;
  /** Resolves with the next message of this type; rejects if the child exits first. */
  next<T extends ChildMessage>(type: string): Promise<T>;
  send(message: ChildMessage): void;
  /** Hands every message of this type to `handler` from now on, instead of keeping it for next(). */
  watch<T extends ChildMessage>(type: string, handler: (message: T) => void): void;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

export function startChild(script: string, args: string[], extraExecArgv: string[] = []): Child {
  const file = fileURLToPath(new URL(script, import.meta.url));
  const child = fork(file, args, {
    execArgv: ['--import', 'tsx', ...extraExecArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: ChildMessage[] = [];
  const watchers = new Map<string, (m: ChildMessage) => void>();
  const waiters: { type: string; resolve: (m: ChildMessage) => void; reject: (e: Error) => void }[] = [];
  let exitCode: number | null | undefined;
  child.on('message', (m: ChildMessage) => {
    const watcher = watchers.get(m.type);
    if (watcher) return watcher(m);
    const i = waiters.findIndex((w) => w.type === m.type);
    if (i >= 0) waiters.splice(i, 1)[0]?.resolve(m);
    else inbox.push(m);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      exitCode = code;
      for (const w of waiters.splice(0))
        w.reject(new Error(`${script} exited with ${code} before "${w.type}"`));
      resolve(code);
    });
  });
  return {
    process: child,
    exited,
    send: (message) => child.send(message),
    watch: <T extends ChildMessage>(type: string, handler: (message: T) => void) => {
      watchers.set(type, handler as (m: ChildMessage) => void);
    },
    next: <T extends ChildMessage>(type: string) =>
      new Promise<T>((resolve, reject) => {
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return resolve(inbox.splice(i, 1)[0] as T);
        if (exitCode !== undefined)
          return reject(new Error(`${script} exited with ${exitCode} before "${type}"`));
        waiters.push({ type, resolve: resolve as (m: ChildMessage) => void, reject });
      }),
  };
}

/** In a child: send a message to the runner. */
export function tell(message: ChildMessage): void {
  process.send?.(message);
}

/** In a child: resolves when the runner sends a message of this type. */
export function waitFor(type: string): Promise<ChildMessage> {
  return new Promise((resolve) => {
    const onMessage = (m: ChildMessage) => {
      if (m.type !== type) return;
      process.off('message', onMessage);
      resolve(m);
    };
    process.on('message', onMessage);
  });
}

/** In a server child: answer the runner's CPU probes with this process's CPU time so far (µs). */
export function answerCpuProbes(): void {
  process.on('message', (m: ChildMessage) => {
    if (m.type !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    tell({ type: 'cpu', us: user + system });
  });
}

export interface Memory {
  /** Resident set size of the whole process, bytes. */
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** Memory outside the JS heap (buffers, strings held natively). */
  external: number;
}

/** The memory a server child held over a window of time, sampled every SAMPLE_MS: median and peak. */
export interface MemoryWindow {
  samples: number;
  rssMedian: number;
  rssMax: number;
  heapUsedMedian: number;
  heapUsedMax: number;
}

const SAMPLE_MS = 500;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

/**
 * In a server child: answer the runner's memory probes with process.memoryUsage(), and its
 * `memory-window` probes with what was sampled since the last one: a single reading lands anywhere
 * in the collector's cycle (the heap holds garbage until a full collection), the median and the
 * peak of a load say what it held while loaded.
 */
export function answerMemoryProbes(): void {
  let rss: number[] = [];
  let heap: number[] = [];
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    rss.push(m.rss);
    heap.push(m.heapUsed);
  }, SAMPLE_MS);
  sample.unref();
  process.on('message', (m: ChildMessage) => {
    if (m.type === 'memory') {
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
      tell({ type: 'memory', rss, heapUsed, heapTotal, external });
    } else if (m.type === 'memory-window') {
      const window: MemoryWindow = {
        samples: rss.length,
        rssMedian: median(rss),
        rssMax: Math.max(...rss),
        heapUsedMedian: median(heap),
        heapUsedMax: Math.max(...heap),
      };
      rss = [];
      heap = [];
      tell({ type: 'memory-window', ...window });
    }
  });
}

/**
 * Milliseconds since the epoch on the monotonic clock, comparable between the runner and its
 * children (each process's time origin is an epoch time): marks when something happened in the
 * server, to match against the runner's response times.
 */
export const epochMs = (): number => performance.timeOrigin + performance.now();
