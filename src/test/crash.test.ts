import assert from 'node:assert/strict';
import { watch } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test, type TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createLoad,
  http,
  killLeftoverClis,
  missingOrChanged,
  startServe,
  WAIT_MS,
  type HttpResult,
} from './cliProcess';
import { makeTempDir } from './harness';

type Link = Record<string, unknown> & { id: string };

const dirs: string[] = [];
after(async () => {
  await killLeftoverClis();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Every link in the store, through the list endpoint (100 per page). */
async function listAll(origin: string): Promise<Map<string, Link>> {
  const all = new Map<string, Link>();
  for (let page = 1; ; page++) {
    const res: HttpResult = await http(origin, 'GET', `/payment-links?per_page=100&page=${page}`);
    assert.equal(res.status, 200, res.text);
    for (const link of res.body.data as Link[]) all.set(link.id, link);
    if (page >= res.body.pagination.last_page) return all;
  }
}

const ROUNDS = [300, 450, 600, 350, 500]; // ms of load before kill -9, one entry per round
const LOOPS = 20;
const MAX_PER_ROUND = 1500;

/** Resolves as soon as a snapshot temp file appears in `dir` (or after `ms`). */
function snapshotWriteStarts(dir: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, (_event, name) => {
      if (name?.endsWith('.tmp')) done();
    });
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      watcher.close();
      resolve();
    }
  });
}

/**
 * Rounds of: start on the same directory, check everything acknowledged so far, run a create load,
 * kill -9 in the middle of it. `serveArgs` go to every start.
 */
interface CrashPlan {
  serveArgs: string[];
  /** ms of load before kill -9, one entry per round. */
  rounds: number[];
  maxPerRound: number;
  /** Instead of after a while, kill the moment a snapshot write starts, once this many creates are in. */
  killDuringSnapshotWriteAfter?: number;
}

async function crashRounds(t: TestContext, plan: CrashPlan): Promise<{ dir: string; leftovers: number }> {
  const dir = await makeTempDir('pls-crash-');
  dirs.push(dir);
  const acknowledged = new Map<string, Link>();
  let leftovers = 0;

  for (const [round, loadMs] of plan.rounds.entries()) {
    const { cli, origin } = await startServe(dir, ['--quiet', ...plan.serveArgs]);
    if (round > 0) {
      // The store opened over a journal cut off by kill -9: everything acknowledged before is there.
      const stored = await listAll(origin);
      const lost = [...acknowledged.keys()].filter((id) => !stored.has(id));
      assert.deepEqual(lost, [], `round ${round}: acknowledged links missing after restart`);
      for (const [id, link] of acknowledged)
        assert.deepEqual(stored.get(id), link, `round ${round}: link ${id}`);
    }

    let killed = false;
    let acked = 0;
    let loadOver = false;
    const load = createLoad(origin, {
      loops: LOOPS,
      maxTotal: plan.maxPerRound,
      stop: () => killed,
      onAck: (count) => (acked = count),
    });
    void load.finally(() => (loadOver = true));
    // Let the load run and make sure it is really under way (bounded), then pull the plug mid-load:
    // after a while, or the moment a snapshot write creates its temp file.
    if (plan.killDuringSnapshotWriteAfter === undefined) await sleep(loadMs);
    else {
      const enough = plan.killDuringSnapshotWriteAfter;
      for (let waited = 0; acked < enough && !loadOver && waited < WAIT_MS; waited += 10) await sleep(10);
      await snapshotWriteStarts(dir, WAIT_MS);
    }
    for (let waited = 0; acked < 20 && !loadOver && waited < WAIT_MS; waited += 20) await sleep(20);
    cli.signal('SIGKILL');
    const status = await cli.waitForExit();
    killed = true;
    assert.equal(status.signal, 'SIGKILL', `round ${round}: the process died by kill -9${cli.transcript()}`);
    const result = await load;
    assert.ok(result.acked.length > 0, `round ${round}: some creates were acknowledged before the kill`);

    // The kill left the lock of a dead process behind; the next start must take it over.
    const lock = JSON.parse(await readFile(join(dir, 'sandbox.lock'), 'utf8')) as { pid: number };
    assert.equal(lock.pid, cli.pid, `round ${round}: the stale lock names the killed process`);

    for (const link of result.acked) acknowledged.set(link.id, link);
    t.diagnostic(
      `round ${round}: ${result.acked.length} acknowledged, ${result.failed} cut off by the kill, ${acknowledged.size} in all`,
    );
    const files = await readdir(dir);
    assert.ok(
      files.some((name) => name.startsWith('journal-')),
      `round ${round}: there is a journal`,
    );
    // A snapshot write the kill cut short leaves its temp file; the next start discards it.
    leftovers += files.filter((name) => name.endsWith('.tmp')).length;
  }

  // Final check: every link acknowledged in any round is retrievable, one by one, with identical fields.
  const { cli, origin } = await startServe(dir, ['--quiet', ...plan.serveArgs]);
  assert.deepEqual(await missingOrChanged(origin, [...acknowledged.values()]), []);
  const stored = await listAll(origin);
  assert.ok(stored.size >= acknowledged.size, `${stored.size} stored, ${acknowledged.size} acknowledged`);
  cli.signal('SIGTERM');
  assert.deepEqual(await cli.waitForExit(5_000), { code: 0, signal: null }, cli.transcript());
  assert.deepEqual(
    (await readdir(dir)).filter((name) => name.endsWith('.tmp')),
    [],
    'no unfinished snapshot write is left behind',
  );
  return { dir, leftovers };
}

test('kill -9 in the middle of a create load loses no acknowledged link, round after round', async (t) => {
  await crashRounds(t, { serveArgs: [], rounds: ROUNDS, maxPerRound: MAX_PER_ROUND });
});

test('kill -9 while the snapshot is being rewritten loses nothing either, and the store opens', async (t) => {
  // Compaction after every 100 records: with a load running a snapshot rewrite is nearly always
  // under way. Each round first puts 3,000 more links in (so a rewrite takes tens of ms), then
  // sends the kill the moment the next rewrite starts writing its temp file.
  const rounds = [0, 0, 0];
  const { dir, leftovers } = await crashRounds(t, {
    serveArgs: ['--compact-after', '100'],
    rounds,
    maxPerRound: 6000,
    killDuringSnapshotWriteAfter: 3000,
  });
  t.diagnostic(`${leftovers} of ${rounds.length} kills landed inside a snapshot write`);
  assert.ok(leftovers > 0, 'at least one kill landed inside a snapshot write');
  assert.ok((await readdir(dir)).includes('sandbox.json'), 'compaction wrote a snapshot');
});
