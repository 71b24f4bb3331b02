import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type ChildMessage } from './child';
import { durableCreate, fmt, listPending, measure, randomRetrieve, type Shape } from './measure';

/**
 * Where the server's time goes in one scenario:
 *   node --import tsx bench/profile.ts retrieve|list|create|bare [links=10000]
 * Seeds a temporary store, runs the sandbox (or the bare server) with --cpu-prof under autocannon,
 * then prints the self time by function and by package. Not part of `npm run bench`.
 */
const scenario = process.argv[2] ?? 'retrieve';
const links = Number(process.argv[3] ?? 10_000);
const top = Number(process.env.PROFILE_TOP ?? 30);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

function where(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1] as string;
  if (url.includes('/src/')) return url.slice(url.indexOf('/src/') + 1);
  if (url.includes('/bench/')) return url.slice(url.indexOf('/bench/') + 1);
  if (url.startsWith('node:')) return url;
  return url === '' ? '(native/VM)' : url;
}

function summarise(profile: CpuProfile): void {
  const total = profile.samples.length;
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (!hits) continue;
    const place = where(node.callFrame.url);
    const fn = `${node.callFrame.functionName || '(anonymous)'}  ${place}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
    const group = place.startsWith('node:') ? place.split('/').slice(0, 2).join('/') : place;
    byPlace.set(group, (byPlace.get(group) ?? 0) + hits);
  }
  const show = (title: string, m: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) {
      console.log(`  ${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
    }
  };
  show('Self time by package / file', byPlace, top);
  show('Self time by function', byFunction, top);
}

const root = await mkdtemp(join(tmpdir(), 'pls-profile-'));
try {
  const profDir = join(root, 'prof');
  const dir = join(root, 'data');
  const seeder = startChild('./seed.ts', [dir, String(links), 'snapshot', `${dir}.ids.json`]);
  await seeder.next('seeded');
  await seeder.exited;
  const ids = JSON.parse(await readFile(`${dir}.ids.json`, 'utf8')) as string[];
  const shapes: Record<string, Shape> = {
    retrieve: randomRetrieve(ids),
    bare: randomRetrieve(ids),
    list: listPending,
    create: durableCreate,
  };
  const shape = shapes[scenario];
  if (!shape) throw new Error(`unknown scenario ${scenario}`);
  const server = startChild(
    scenario === 'bare' ? './bareServer.ts' : './sandboxServer.ts',
    scenario === 'bare' ? [] : [dir],
    ['--cpu-prof', `--cpu-prof-dir=${profDir}`],
  );
  const ready = await server.next<ChildMessage & { origin: string }>('ready');
  await measure(`${scenario} @ ${fmt(links)}`, ready.origin, shape, async () => {
    server.send({ type: 'cpu' });
    return (await server.next<ChildMessage & { us: number }>('cpu')).us;
  });
  server.send({ type: 'stop' });
  await server.next('closed');
  await server.exited;
  const [file] = await readdir(profDir);
  if (!file) throw new Error('no profile written');
  summarise(JSON.parse(await readFile(join(profDir, file), 'utf8')) as CpuProfile);
} finally {
  await rm(root, { recursive: true, force: true });
}
