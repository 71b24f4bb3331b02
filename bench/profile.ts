import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type ChildMessage } from './child';
import {
  durableCreate,
  fmt,
  listPending,
  measure,
  randomRetrieve,
  type Measurement,
  type Shape,
} from './measure';

/**
 * Where the server's time goes in one scenario:
 *   node --import tsx bench/profile.ts retrieve|list|create|bare|fastify|startup [links=10000] [snapshot|journal]
 * Seeds a temporary store (in the given layout, default snapshot), runs the sandbox (or a bare
 * server) with --cpu-prof under autocannon, then prints the self time by function and by package.
 * `startup` starts the sandbox and stops it as soon as it listens, with no load (with the journal
 * layout the stop waits for the start-up compaction, which is then in the profile too).
 * PROFILE_DATA=<dir> uses that data directory instead of seeding (its ids are not known, so only
 * list, create and startup); PROFILE_KEEP=<dir> keeps the profile there. PROFILE_ROOT=<checkout>
 * runs that checkout's sandbox as `serve` runs it, request log on (bench/revisionServer.ts; `.` for
 * this one), instead of bench/sandboxServer.ts's API alone. PROFILE_INCLUSIVE=<regex> also prints
 * the time spent in (and under) the functions whose name matches, per request (e.g.
 * `^(record|append|add)$` for the request log). Not part of `npm run bench`.
 */
const scenario = process.argv[2] ?? 'retrieve';
const links = Number(process.argv[3] ?? 10_000);
const layout = process.argv[4] === 'journal' ? 'journal' : 'snapshot';
const top = Number(process.env.PROFILE_TOP ?? 30);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
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

/** Samples in and under the frames whose function name matches (a frame under another match counted once). */
function inclusive(profile: CpuProfile, pattern: RegExp): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  const walk = (node: ProfileNode, inside: string | null): void => {
    const name = node.callFrame.functionName;
    const here =
      inside ??
      (pattern.test(name) ? `${name}  ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}` : null);
    if (here) out.set(here, (out.get(here) ?? 0) + (node.hitCount ?? 0));
    for (const c of node.children ?? []) {
      const child = byId.get(c);
      if (child) walk(child, here);
    }
  };
  const root = profile.nodes[0];
  if (root) walk(root, null);
  return out;
}

const root = await mkdtemp(join(tmpdir(), 'pls-profile-'));
try {
  const profDir = process.env.PROFILE_KEEP ?? join(root, 'prof');
  const dir = process.env.PROFILE_DATA ?? join(root, 'data');
  let ids: string[] = [];
  if (!process.env.PROFILE_DATA) {
    const seeder = startChild('./seed.ts', [dir, String(links), layout, `${dir}.ids.json`]);
    await seeder.next('seeded');
    await seeder.exited;
    ids = JSON.parse(await readFile(`${dir}.ids.json`, 'utf8')) as string[];
  } else if (scenario === 'retrieve' || scenario === 'bare' || scenario === 'fastify') {
    throw new Error(`${scenario} needs the seeded ids: leave PROFILE_DATA unset`);
  }
  const shapes: Record<string, Shape | null> = {
    retrieve: randomRetrieve(ids),
    bare: randomRetrieve(ids),
    fastify: randomRetrieve(ids),
    list: listPending,
    create: durableCreate,
    startup: null,
  };
  const shape = shapes[scenario];
  if (shape === undefined) throw new Error(`unknown scenario ${scenario}`);
  const [script, args] =
    scenario === 'bare'
      ? ['./bareServer.ts', []]
      : scenario === 'fastify'
        ? ['./bareFastifyServer.ts', [dir]]
        : process.env.PROFILE_ROOT
          ? ['./revisionServer.ts', [process.env.PROFILE_ROOT, dir]]
          : ['./sandboxServer.ts', [dir]];
  const before = new Set(await readdir(profDir).catch(() => []));
  const server = startChild(script, args, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
  const ready = await server.next<
    ChildMessage & { origin: string; processMs?: number; startupMs?: number; cpuUs?: number }
  >('ready');
  let measured: Measurement | undefined;
  if (shape) {
    measured = await measure(`${scenario} @ ${fmt(links)}`, ready.origin, shape, async () => {
      server.send({ type: 'cpu' });
      return (await server.next<ChildMessage & { us: number }>('cpu')).us;
    });
  } else {
    console.log(
      `start-up: process start → listening ${ready.processMs?.toFixed(0)} ms (startSandbox ${ready.startupMs?.toFixed(0)} ms), CPU ${((ready.cpuUs ?? 0) / 1000).toFixed(0)} ms`,
    );
  }
  server.send({ type: 'stop' });
  await server.next('closed');
  await server.exited;
  const file = (await readdir(profDir)).find((f) => !before.has(f) && f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const profile = JSON.parse(await readFile(join(profDir, file), 'utf8')) as CpuProfile;
  summarise(profile);
  if (process.env.PROFILE_INCLUSIVE) {
    // A share of the busy samples times the CPU per measured request. The profile covers the
    // start-up and the warm-up too, so this slightly understates a request path's share.
    console.log(
      `\nIn and under functions matching /${process.env.PROFILE_INCLUSIVE}/ (share of busy samples)`,
    );
    const idle = profile.nodes
      .filter((n) => n.callFrame.functionName === '(idle)')
      .reduce((a, n) => a + (n.hitCount ?? 0), 0);
    const busy = profile.samples.length - idle;
    for (const [fn, hits] of inclusive(profile, new RegExp(process.env.PROFILE_INCLUSIVE))) {
      const share = hits / busy;
      const perRequest = measured ? ` ≈ ${(share * measured.cpuPerRequestUs).toFixed(1)} µs/request` : '';
      console.log(`  ${(share * 100).toFixed(1).padStart(5)} %${perRequest}  ${fn}`);
    }
  }
  if (process.env.PROFILE_KEEP) console.log(`\nprofile: ${join(profDir, file)}`);
} finally {
  await rm(root, { recursive: true, force: true });
}
