import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type ChildMessage } from './child';
import { durableCreate, fmt, listPending, measure, randomRetrieve, type Measurement } from './measure';

/**
 * Server CPU per request, interleaved: a bare Fastify route, then the sandbox's retrieve, list
 * and create, `rounds` times over one seeded store, each sandbox on a fresh copy of it (creates
 * would otherwise leave a journal, whose start-up compaction would run during the next round).
 * Prints every round and the medians. On a shared machine a single 6 s measurement swings by
 * more than the 1.2× and 1.25× targets; this is what those are judged on in docs/performance.md.
 *   node --import tsx bench/interleaved.ts [links=10000] [rounds=3]
 * Not part of `npm run bench`.
 */
const links = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 3);

const root = await mkdtemp(join(tmpdir(), 'pls-interleaved-'));
try {
  const seeded = join(root, 'seeded');
  const seeder = startChild('./seed.ts', [seeded, String(links), 'snapshot', `${seeded}.ids.json`]);
  await seeder.next('seeded');
  await seeder.exited;
  const ids = JSON.parse(await readFile(`${seeded}.ids.json`, 'utf8')) as string[];
  const dir = join(root, 'data');
  const out: Record<string, number[]> = {};
  const keep = (k: string, m: Measurement): void => {
    (out[k] ??= []).push(m.cpuPerRequestUs);
  };

  const withServer = async (
    script: string,
    body: (origin: string, cpu: () => Promise<number>) => Promise<void>,
  ) => {
    const child = startChild(script, [dir]);
    child.watch('compaction', () => undefined);
    const ready = await child.next<ChildMessage & { origin: string }>('ready');
    await body(ready.origin, async () => {
      child.send({ type: 'cpu' });
      return (await child.next<ChildMessage & { us: number }>('cpu')).us;
    });
    child.send({ type: 'stop' });
    await child.next('closed');
    await child.exited;
  };

  for (let i = 0; i < rounds; i++) {
    console.log(`round ${i + 1} of ${rounds}, ${fmt(links)} links`);
    await rm(dir, { recursive: true, force: true });
    await cp(seeded, dir, { recursive: true });
    await withServer('./bareFastifyServer.ts', async (origin, cpu) =>
      keep(
        'bare Fastify',
        await measure('bare Fastify route (Map lookup)', origin, randomRetrieve(ids), cpu),
      ),
    );
    await withServer('./sandboxServer.ts', async (origin, cpu) => {
      keep('retrieve', await measure('retrieve GET /payment-links/{id}', origin, randomRetrieve(ids), cpu));
      keep('list', await measure('list ?status=pending&per_page=25', origin, listPending, cpu));
      keep('create', await measure('durable create POST', origin, durableCreate, cpu));
    });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
  console.log(`\nserver CPU µs/request at ${fmt(links)} links, ${rounds} rounds:`);
  for (const [name, xs] of Object.entries(out))
    console.log(
      `  ${name.padEnd(13)} ${xs.map((x) => x.toFixed(1)).join(', ')} → median ${median(xs).toFixed(1)}`,
    );
  console.log(
    `  retrieve ÷ bare Fastify (medians): ${(median(out.retrieve ?? []) / median(out['bare Fastify'] ?? [])).toFixed(2)}×`,
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
