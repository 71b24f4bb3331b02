import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type ChildMessage } from './child';
import { durableCreate, listPending, measure, randomRetrieve } from './measure';

/**
 * Diagnosis tool: one revision's server (bench/revisionServer.ts, request log on unless
 * BENCH_REQUEST_LOG=0) measured through a sequence of scenarios on 10,000 seeded links, e.g.
 *   node --import tsx bench/diagSeq.ts /path/to/checkout retrieve,list,list
 * DIAG_ARGS adds node flags to the server (DIAG_ARGS="--trace-gc"). Not part of `npm run bench`.
 */
const [root, sequence] = process.argv.slice(2);
if (!root || !sequence) throw new Error('usage: diagSeq.ts <checkout> <retrieve|list|create,...>');
const dir = await mkdtemp(join(tmpdir(), 'pls-diag-'));
try {
  const seeder = startChild(join(root, 'bench/seed.ts'), [
    join(dir, 'seeded'),
    '10000',
    'snapshot',
    join(dir, 'ids.json'),
  ]);
  await seeder.next('seeded');
  await seeder.exited;
  const ids = JSON.parse(await readFile(join(dir, 'ids.json'), 'utf8')) as string[];
  await cp(join(dir, 'seeded'), join(dir, 'data'), { recursive: true });
  const child = startChild(
    './revisionServer.ts',
    [root, join(dir, 'data')],
    process.env.DIAG_ARGS?.split(' ') ?? [],
  );
  const ready = await child.next<ChildMessage & { origin: string }>('ready');
  const cpu = async (): Promise<number> => {
    child.send({ type: 'cpu' });
    return (await child.next<ChildMessage & { us: number }>('cpu')).us;
  };
  for (const scenario of sequence.split(',')) {
    const shape =
      scenario === 'list' ? listPending : scenario === 'create' ? durableCreate : randomRetrieve(ids);
    await measure(`${root.split('/').pop()} ${scenario}`, ready.origin, shape, cpu);
  }
  child.send({ type: 'stop' });
  await child.next('closed');
  await child.exited;
} finally {
  await rm(dir, { recursive: true, force: true });
}
