// The Links table's selection (store/selectionSlice.ts), run under Node without a DOM: picking rows,
// following links that change (a selected link the filter no longer shows leaves the selection),
// which bulk actions the selection allows, and bulk actions in parts of 1,000 against a real
// sandbox (the CLI, in memory), with their progress and Cancel.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { BulkResult, LinkStatus, PaymentLink } from '../../../shared/types';
import { useConsoleStore } from './consoleStore';
import { MAX_SELECTED, actionCounts, afterBulkPart, followChanges } from './selectionSlice';

const store = useConsoleStore.getState;
const initial = store();

const link = (n: number, status: LinkStatus = 'pending', title = `Link ${n}`): PaymentLink => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  reference_id: null,
  url: 'http://127.0.0.1:4545/pay/x',
  status,
  amount: 1000,
  fee: { total: 29, transaction: 29, instant_settlement: 0, paid_by: 'merchant' },
  payer_amount: 1000,
  net_amount: 971,
  title,
  note: null,
  payment_method: null,
  settlement_account_id: '00000000-0000-4000-8000-000000000000',
  expires_at: '2026-11-24T10:00:00.000Z',
  paid_at: null,
  settle_at: null,
  settled_at: null,
  created_at: '2026-11-23T10:00:00.000Z',
});

/** The table with `links` loaded as its first rows, under a status filter. */
function showRows(links: PaymentLink[], status: LinkStatus | 'all' = 'all') {
  useConsoleStore.setState({
    links: {
      ...store().links,
      status,
      rows: new Map(links.map((l, i) => [i, l.id])),
      byId: Object.fromEntries(links.map((l) => [l.id, l])),
      total: links.length,
      phase: 'ready',
    },
  });
}

const selectedIds = () => [...store().selection.links.keys()];
const filter = (status: LinkStatus | 'all') => ({ ...initial.links, status });

describe('picking rows', () => {
  beforeEach(() => useConsoleStore.setState(initial, true));

  test("a click selects the row's link and a second click lets it go", () => {
    const rows = [link(1), link(2)];
    showRows(rows);
    store().toggleLinkSelected(rows[1]!.id, 1, false);
    assert.deepEqual(selectedIds(), [rows[1]!.id]);
    assert.equal(store().selection.links.get(rows[1]!.id)?.status, 'pending');
    store().toggleLinkSelected(rows[1]!.id, 1, false);
    assert.deepEqual(selectedIds(), []);
  });

  test('a shift-click selects every loaded row from the last click to this one, and lets them go again', () => {
    const rows = Array.from({ length: 6 }, (_, n) => link(n));
    showRows(rows);
    store().toggleLinkSelected(rows[1]!.id, 1, false);
    store().toggleLinkSelected(rows[4]!.id, 4, true);
    assert.deepEqual(
      selectedIds().sort(),
      [1, 2, 3, 4].map((n) => rows[n]!.id),
    );
    store().toggleLinkSelected(rows[2]!.id, 2, true);
    assert.deepEqual(selectedIds(), [rows[1]!.id]);
  });

  test('more than 10,000 at once is refused, saying so, and the selection stays as it was', () => {
    const rows = Array.from({ length: MAX_SELECTED + 1 }, (_, n) => link(n));
    showRows(rows);
    store().toggleLinkSelected(rows[0]!.id, 0, false);
    store().toggleLinkSelected(rows[MAX_SELECTED]!.id, MAX_SELECTED, true);
    assert.deepEqual(selectedIds(), [rows[0]!.id]);
    assert.equal(store().toasts.at(-1)?.message, 'Select at most 10,000 links at once.');
  });
});

describe('the selection follows its links', () => {
  beforeEach(() => useConsoleStore.setState(initial, true));

  test('a selected link the filter no longer shows leaves; one it still shows stays, as it now is', () => {
    const rows = [link(1, 'failed'), link(2, 'failed'), link(3, 'failed')];
    showRows(rows, 'failed');
    store().toggleLinkSelected(rows[0]!.id, 0, false);
    store().toggleLinkSelected(rows[2]!.id, 2, true);
    store().followSelectedLinks([
      { ...rows[0]!, status: 'canceled' },
      { ...rows[1]!, title: 'Renamed' },
      { ...link(9), status: 'canceled' },
    ]);
    assert.deepEqual(selectedIds().sort(), [rows[1]!.id, rows[2]!.id]);
    assert.equal(store().selection.links.get(rows[1]!.id)?.title, 'Renamed');
  });

  test('under "All", a changed link stays selected with its new status', () => {
    const links = new Map([[link(1).id, link(1)]]);
    const next = followChanges(links, [link(1, 'succeeded')], filter('all'));
    assert.equal(next?.get(link(1).id)?.status, 'succeeded');
    assert.equal(
      followChanges(links, [link(2, 'succeeded')], filter('all')),
      null,
      'no selected link changed',
    );
  });

  test('a search the new state no longer matches lets it go too', () => {
    const links = new Map([[link(1).id, link(1, 'pending', 'Coffee')]]);
    const next = followChanges(links, [link(1, 'pending', 'Tea')], { ...filter('all'), q: 'coffee' });
    assert.equal(next?.size, 0);
  });

  test('a bulk part is followed from its answer: changed links take the status, skipped stay, unknown ones go', () => {
    const links = new Map(
      [link(1, 'failed'), link(2, 'failed'), link(3, 'succeeded'), link(4, 'failed')].map((l) => [l.id, l]),
    );
    const result: BulkResult = {
      action: 'cancel',
      requested: 4,
      changed: 2,
      skipped: 2,
      reasons: [
        {
          code: 'payment_link_not_cancelable',
          status: 'succeeded',
          message: 'x',
          count: 1,
          ids: [link(3).id],
        },
        { code: 'resource_not_found', status: null, message: 'no such link', count: 1, ids: [link(4).id] },
      ],
    };
    const ids = [...links.keys()];
    assert.deepEqual([...(afterBulkPart(links, ids, result, filter('failed'))?.keys() ?? [])], [link(3).id]);
    const underAll = afterBulkPart(links, ids, result, filter('all'));
    assert.deepEqual(
      [...(underAll?.values() ?? [])].map((l) => l.status),
      ['canceled', 'canceled', 'succeeded'],
    );
  });

  test('an action is allowed while some selected link takes it, and by none once none does', () => {
    const links = (statuses: LinkStatus[]) => new Map(statuses.map((s, n) => [link(n).id, link(n, s)]));
    assert.deepEqual(actionCounts(links(['pending', 'failed', 'succeeded'])), {
      paid: 1,
      failed: 1,
      expired: 1,
      cancel: 2,
    });
    assert.deepEqual(actionCounts(links(['succeeded', 'canceled'])), {
      paid: 0,
      failed: 0,
      expired: 0,
      cancel: 0,
    });
  });
});

/** The real sandbox, as the desktop app and `npx payment-links-sandbox serve` run it. */
async function launchSandbox() {
  const root = fileURLToPath(new URL('../../../..', import.meta.url));
  const child = spawn(
    process.execPath,
    ['src/cli/bin.mjs', 'serve', '--port', '0', '--in-memory', '--quiet'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const origin = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^Payment Links Sandbox listening on (\S+)$/.exec(line);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code} before listening`)));
  });
  return { origin, stop: () => child.kill('SIGTERM'), crash: () => child.kill('SIGKILL') };
}

describe('bulk actions against a real sandbox', () => {
  let sandbox: Awaited<ReturnType<typeof launchSandbox>>;
  const realFetch = globalThis.fetch;
  before(async () => {
    sandbox = await launchSandbox();
    // The console's requests name paths on its own origin, as a page's do: the page is the sandbox's.
    globalThis.fetch = (input, init) => realFetch(new URL(String(input), sandbox.origin), init);
  });
  after(() => {
    globalThis.fetch = realFetch;
    sandbox.stop();
  });
  beforeEach(() => useConsoleStore.setState(initial, true));

  /** `n` fresh pending links, all the "Pending" view shows: each is a sample of its own run. */
  async function pendingLinks(n: number): Promise<void> {
    const made = await realFetch(`${sandbox.origin}/_console/api/store/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(made.status, 200);
    // Four in every ten samples stay pending.
    for (let left = (n / 4) * 10; left > 0; left -= 10_000) {
      const res = await realFetch(`${sandbox.origin}/_console/api/links/samples`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count: Math.min(left, 10_000) }),
      });
      assert.equal(res.status, 201);
    }
    useConsoleStore.setState({ links: { ...store().links, status: 'pending', total: n } });
  }

  test('Paid on 2,400 pending links under "Pending": sent in three parts, and the selection ends empty', async () => {
    await pendingLinks(2_400);
    await store().selectAllMatching();
    assert.equal(store().selection.links.size, 2_400);
    const seen: number[] = [];
    const unsubscribe = useConsoleStore.subscribe((state) => {
      const done = state.selection.progress?.done;
      if (done !== undefined && done !== seen.at(-1)) seen.push(done);
    });
    const result = await store().runBulkAction('paid');
    unsubscribe();
    assert.deepEqual(seen, [0, 1_000, 2_000, 2_400]);
    assert.equal(result?.changed, 2_400);
    assert.equal(store().selection.links.size, 0, 'none of them is pending any more');
    assert.equal(store().selection.progress, null);
    assert.equal(store().toasts.at(-1)?.message, '2,400 of 2,400 changed.');
  });

  test('under "All" the paid links stay selected, and no action takes them any more', async () => {
    await pendingLinks(400);
    useConsoleStore.setState({ links: { ...store().links, status: 'all', total: 1_000 } });
    await store().selectAllMatching();
    assert.equal(store().selection.links.size, 1_000);
    await store().runBulkAction('paid');
    assert.equal(store().selection.links.size, 1_000);
    const counts = actionCounts(store().selection.links);
    assert.deepEqual(
      counts,
      { paid: 0, failed: 0, expired: 0, cancel: 100 },
      'only the failed ones can be canceled',
    );
  });

  test('Cancel stops after the part under way: what was done stays done and is said, the rest is untouched', async () => {
    await pendingLinks(2_400);
    await store().selectAllMatching();
    const unsubscribe = useConsoleStore.subscribe((state) => {
      if (state.selection.progress?.done === 1_000 && !state.selection.progress.cancelling)
        state.cancelBulkAction();
    });
    const result = await store().runBulkAction('expired');
    unsubscribe();
    assert.equal(result?.requested, 1_000);
    assert.equal(store().selection.links.size, 1_400, 'the 1,400 not sent are still selected');
    assert.equal(
      store().toasts.at(-1)?.message,
      'Expired cancelled after 1,000 of 2,400 links: 1,000 of 1,000 changed. The other 1,400 were not touched.',
    );
    const pending = await realFetch(`${sandbox.origin}/_console/api/links?status=pending&per_page=1`);
    assert.equal(((await pending.json()) as { pagination: { total: number } }).pagination.total, 1_400);
  });
  // Last: the sandbox does not come back.
  test('a part that fails ends the run, and what was done before it is still said', async () => {
    await pendingLinks(2_400);
    await store().selectAllMatching();
    const unsubscribe = useConsoleStore.subscribe((state) => {
      if (state.selection.progress?.done === 1_000) sandbox.crash();
    });
    const result = await store().runBulkAction('failed');
    unsubscribe();
    assert.equal(result, null);
    assert.equal(
      store().toasts.at(-1)?.message,
      'The sandbox is not answering. Is it still running? Failed stopped after 1,000 of 2,400 links: 1,000 of 1,000 changed.',
    );
    assert.equal(store().selection.links.size, 1_400, 'the thousand now failed left the Pending view');
  });
});
