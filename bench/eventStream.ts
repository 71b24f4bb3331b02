import { connect } from 'node:net';
import autocannon from 'autocannon';
import type { Child, ChildMessage } from './child';
import { AUTH, CONNECTIONS, fmt, listPending } from './measure';

/**
 * One console event-stream client that never reads, beside a list load (issue 10). Every request
 * is a request.logged event for the console, so the stream carries thousands of events a second;
 * a client that reads none of them must be cut off rather than buffered for. The load runs for
 * 10 s without the client first (the heap grows to what the load itself needs); the server's RSS
 * is taken after that and after the measured load. A paused socket does not notice that it was
 * closed, so the client reads on afterwards: a connection that ends after a few MiB was cut off.
 */
const SECONDS = Number(process.env.BENCH_SSE_SECONDS ?? 60);
/** The same load without the client first, so the heap has grown to what the load itself needs. */
const WARMUP_SECONDS = 10;
const LINKS = 1000;

export interface EventStreamResult {
  seconds: number;
  requests: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  /** Whether the server had closed the sleeping client's connection by the end of the load. */
  cutOff: boolean;
  /** Bytes the sleeping client got in all, reading on after the load. */
  receivedBytes: number;
}

type Spawn = (script: string, args: string[], execArgv?: string[]) => Child;

export async function eventStreamBench(
  dir: string,
  spawn: Spawn,
  execArgv: string[] = [],
): Promise<EventStreamResult> {
  console.log(
    `\nConsole event stream: one client that never reads, ${CONNECTIONS}-connection list load for ${SECONDS} s`,
  );
  const child = spawn('./eventStreamServer.ts', [dir], execArgv);
  try {
    const { origin } = await child.next<ChildMessage & { origin: string }>('ready');
    const rss = async () => {
      child.send({ type: 'memory' });
      return (await child.next<ChildMessage & { rss: number }>('memory')).rss / 1024 / 1024;
    };
    await autocannon({
      url: `${origin}/payment-links`,
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1000, title: 'Pending', note: 'n'.repeat(500) }),
      connections: 10,
      amount: LINKS,
    });
    await autocannon({
      url: origin + listPending.path,
      headers: listPending.headers,
      connections: CONNECTIONS,
      duration: WARMUP_SECONDS,
    });
    const { hostname, port } = new URL(origin);
    const socket = connect(Number(port), hostname);
    let receivedBytes = 0;
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => (receivedBytes += chunk.length));
    socket.write(`GET /_console/api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.pause();
    const rssBeforeMb = await rss();
    const load = await autocannon({
      url: origin + listPending.path,
      headers: listPending.headers,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    const rssAfterMb = await rss();
    const closed = new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 5000);
    });
    socket.resume();
    const cutOff = await closed;
    socket.destroy();
    const result: EventStreamResult = {
      seconds: SECONDS,
      requests: load.requests.total,
      rssBeforeMb,
      rssAfterMb,
      cutOff,
      receivedBytes,
    };
    console.log(
      `  ${fmt(result.requests)} list requests (each a request.logged event); server RSS ${rssBeforeMb.toFixed(0)} → ${rssAfterMb.toFixed(0)} MB;` +
        ` the sleeping client ${result.cutOff ? `had been cut off (it got ${(result.receivedBytes / 1024 / 1024).toFixed(1)} MiB in all)` : 'was NEVER cut off'}`,
    );
    child.send({ type: 'stop' });
    await child.next('closed');
    await child.exited;
    return result;
  } catch (err) {
    child.process.kill('SIGKILL');
    throw err;
  }
}

/** The result as markdown table rows. */
export function eventStreamTable(r: EventStreamResult): string[] {
  const growth = r.rssAfterMb - r.rssBeforeMb;
  return [
    '| Console event stream | Requests | RSS before → after | Target | Result |',
    '| --- | ---: | ---: | --- | --- |',
    `| one client that never reads, ${CONNECTIONS}-connection list load for ${r.seconds} s (${r.cutOff ? `cut off after ${(r.receivedBytes / 1024 / 1024).toFixed(1)} MiB` : 'never cut off'}) | ${fmt(r.requests)} | ${r.rssBeforeMb.toFixed(0)} → ${r.rssAfterMb.toFixed(0)} MB (+${growth.toFixed(0)}) | RSS grows < 100 MB | ${growth < 100 ? 'PASS' : 'MISS'} |`,
  ];
}
