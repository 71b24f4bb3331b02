import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, realpath, rm, symlink } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild, type Child, type ChildMessage } from './child';
import {
  CONNECTIONS,
  DURATION_S,
  WARMUP_S,
  durableCreate,
  fmt,
  listPending,
  measure,
  randomRetrieve,
  type Measurement,
} from './measure';

/**
 * `BENCH_COMPARE=<rev> npm run bench`: this checkout's API against another revision's, in one run.
 * The other revision is checked out in a git worktree under the temporary folder (its node_modules
 * a link to this checkout's); each revision seeds its own store with its own bench/seed.ts, and is
 * started by bench/revisionServer.ts from its own src/core, as `serve` runs it (request log on).
 * Then, round after round, a bare node:http baseline and each revision's retrieve, list (25 a page)
 * and fsync'd create, the two revisions' order swapped every round, so that whatever else the
 * machine does falls on both alike. Prints both SHAs, every measurement, and each figure's median
 * with its ratio this ÷ other. BENCH_ROUNDS (default 3), BENCH_COMPARE_LINKS (default 10,000).
 */

const LINKS = Number(process.env.BENCH_COMPARE_LINKS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const here = resolve(fileURLToPath(new URL('..', import.meta.url)));

const git = (...args: string[]): string => execFileSync('git', args, { cwd: here, encoding: 'utf8' }).trim();

interface Revision {
  label: 'this' | 'other';
  sha: string;
  root: string;
  seeded: string;
  ids: string[];
}

const SCENARIOS = ['retrieve', 'list', 'create'] as const;
type Scenario = (typeof SCENARIOS)[number];
type Figures = Record<Scenario, Measurement[]>;

async function withChild<T>(
  script: string,
  args: string[],
  body: (origin: string, child: Child) => Promise<T>,
): Promise<T> {
  const child = startChild(script, args);
  try {
    const ready = await child.next<ChildMessage & { origin: string }>('ready');
    const result = await body(ready.origin, child);
    child.send({ type: 'stop' });
    await child.next('closed');
    await child.exited;
    return result;
  } catch (err) {
    child.process.kill('SIGKILL');
    throw err;
  }
}

const cpuOf = (child: Child) => async (): Promise<number> => {
  child.send({ type: 'cpu' });
  return (await child.next<ChildMessage & { us: number }>('cpu')).us;
};

async function seed(rev: Revision, dir: string): Promise<void> {
  const idsFile = `${dir}.ids.json`;
  const seeder = startChild(join(rev.root, 'bench/seed.ts'), [dir, String(LINKS), 'snapshot', idsFile]);
  await seeder.next('seeded');
  await seeder.exited;
  rev.ids = JSON.parse(await readFile(idsFile, 'utf8')) as string[];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

export async function compareBench(rev: string): Promise<void> {
  const otherSha = git('rev-parse', '--verify', `${rev}^{commit}`);
  const thisSha = git('rev-parse', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  const root = await mkdtemp(join(tmpdir(), 'pls-compare-'));
  const worktree = join(root, `rev-${otherSha.slice(0, 12)}`);
  git('worktree', 'add', '--detach', worktree, otherSha);
  try {
    await symlink(await realpath(join(here, 'node_modules')), join(worktree, 'node_modules'));
    console.log(
      `Compare: this ${thisSha.slice(0, 12)}${dirty ? ' (with uncommitted changes)' : ''} against other ${otherSha.slice(0, 12)} (${rev})`,
    );
    console.log(
      `${fmt(LINKS)} links each, ${ROUNDS} rounds, autocannon ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s measured; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    const revisions: Revision[] = [
      { label: 'this', sha: thisSha, root: here, seeded: join(root, 'this-seeded'), ids: [] },
      { label: 'other', sha: otherSha, root: worktree, seeded: join(root, 'other-seeded'), ids: [] },
    ];
    for (const r of revisions) await seed(r, r.seeded);

    const bare: Measurement[] = [];
    const figures: Record<Revision['label'], Figures> = {
      this: { retrieve: [], list: [], create: [] },
      other: { retrieve: [], list: [], create: [] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      console.log(`\nround ${round + 1} of ${ROUNDS}`);
      bare.push(
        await withChild('./bareServer.ts', [], (origin, child) =>
          measure('bare node:http', origin, randomRetrieve(revisions[0]?.ids ?? []), cpuOf(child)),
        ),
      );
      const order = round % 2 === 0 ? revisions : [...revisions].reverse();
      for (const r of order) {
        // A fresh copy each time: the creates leave a journal, and a start-up would compact it.
        const dir = join(root, `${r.label}-data`);
        await rm(dir, { recursive: true, force: true });
        await cp(r.seeded, dir, { recursive: true });
        const f = figures[r.label];
        await withChild('./revisionServer.ts', [r.root, dir], async (origin, child) => {
          const tag = `${r.label} ${r.sha.slice(0, 7)}`;
          f.retrieve.push(await measure(`${tag} retrieve`, origin, randomRetrieve(r.ids), cpuOf(child)));
          f.list.push(await measure(`${tag} list 25 a page`, origin, listPending, cpuOf(child)));
          f.create.push(await measure(`${tag} create (fsync'd)`, origin, durableCreate, cpuOf(child)));
        });
      }
    }

    const rps = (ms: Measurement[]) => median(ms.map((m) => m.rps));
    const cpu = (ms: Measurement[]) => median(ms.map((m) => m.cpuPerRequestUs));
    const p99 = (ms: Measurement[]) => median(ms.map((m) => m.p99));
    const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
    console.log(
      `\n## This ${thisSha.slice(0, 12)}${dirty ? '+' : ''} ÷ other ${otherSha.slice(0, 12)}: medians of ${ROUNDS} interleaved rounds\n`,
    );
    console.log(
      row([
        '',
        'this req/s (p99 ms)',
        'other req/s (p99 ms)',
        'ratio this/other',
        'this CPU µs/req',
        'other CPU µs/req',
      ]),
    );
    console.log(row(['---', '---:', '---:', '---:', '---:', '---:']));
    console.log(
      row([
        'bare node:http GET',
        `${fmt(rps(bare))} (${p99(bare).toFixed(0)})`,
        '',
        '',
        cpu(bare).toFixed(1),
        '',
      ]),
    );
    const names: Record<Scenario, string> = {
      retrieve: 'retrieve',
      list: 'list, 25 a page',
      create: "create, fsync'd",
    };
    for (const s of SCENARIOS) {
      const a = figures.this[s];
      const b = figures.other[s];
      console.log(
        row([
          names[s],
          `${fmt(rps(a))} (${p99(a).toFixed(0)})`,
          `${fmt(rps(b))} (${p99(b).toFixed(0)})`,
          `${(rps(a) / rps(b)).toFixed(2)}×`,
          cpu(a).toFixed(1),
          cpu(b).toFixed(1),
        ]),
      );
    }
    const failed = [...bare, ...Object.values(figures).flatMap((f) => SCENARIOS.flatMap((s) => f[s]))].some(
      (m) => m.non2xx + m.errors + m.timeouts > 0,
    );
    console.log(
      `\n${failed ? 'WARNING: some requests failed (non-2xx, errors or timeouts); see the lines above.' : 'Every measured request answered 2xx.'} Load average after: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}.`,
    );
  } finally {
    if (process.env.BENCH_KEEP) console.log(`(kept ${root})`);
    else {
      git('worktree', 'remove', '--force', worktree);
      await rm(root, { recursive: true, force: true });
    }
  }
}
