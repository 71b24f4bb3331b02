import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
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

type Link = Record<string, unknown> & { id: string };

let dir: string | undefined;
after(async () => {
  await killLeftoverClis();
  if (dir) await rm(dir, { recursive: true, force: true });
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

test('kill -9 in the middle of a create load loses no acknowledged link, round after round', async (t) => {
  dir = await mkdtemp(join(tmpdir(), 'pls-crash-'));
  const acknowledged = new Map<string, Link>();

  for (const [round, loadMs] of ROUNDS.entries()) {
    const { cli, origin } = await startServe(dir, ['--quiet']);
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
      maxTotal: MAX_PER_ROUND,
      stop: () => killed,
      onAck: (count) => (acked = count),
    });
    void load.finally(() => (loadOver = true));
    // Let the load run and make sure it is really under way (bounded), then pull the plug mid-load.
    await sleep(loadMs);
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
    const segments = (await readdir(dir)).filter((name) => name.startsWith('journal-'));
    assert.ok(segments.length > 0, `round ${round}: there is a journal`);
  }

  // Final check: every link acknowledged in any round is retrievable, one by one, with identical fields.
  const { cli, origin } = await startServe(dir, ['--quiet']);
  assert.deepEqual(await missingOrChanged(origin, [...acknowledged.values()]), []);
  const stored = await listAll(origin);
  assert.ok(stored.size >= acknowledged.size, `${stored.size} stored, ${acknowledged.size} acknowledged`);
  cli.signal('SIGTERM');
  assert.deepEqual(await cli.waitForExit(5_000), { code: 0, signal: null }, cli.transcript());
});
