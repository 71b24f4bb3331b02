// Issue 33's slices under Node, against a real sandbox (src/test/consolePage.ts): the deliveries'
// and the Inbox's search over what webhooks carry, kept true to the search as webhooks arrive
// live, a search that cannot run said in words without asking the server, and Compare's picks
// and comparison.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { openConsolePage, stateReaches, type ConsolePage } from '../../../test/consolePage';
import { consoleClient } from '../api/consoleClient';
import { createConsoleStore, type ConsoleState } from './consoleStore';

type Store = ReturnType<typeof createConsoleStore>;

let page: ConsolePage;
let store: Store;

const until = (check: (state: ConsoleState) => boolean) => stateReaches(store, check);

/** The history's loaded rows, top first, each by its link. */
const shownLinks = (state = store.getState()) =>
  [...state.deliveries.rows].sort(([a], [b]) => a - b).map(([, id]) => state.deliveryRecords[id]?.link_id);

/** A link with this reference, taken to `event`: one delivery to the inbox endpoint. Its id. */
async function linkWith(reference: string, event: 'paid' | 'failed' = 'paid'): Promise<string> {
  const link = await page.api('POST', '/payment-links', {
    amount: 1_500,
    title: `Order ${reference}`,
    reference_id: reference,
  });
  assert.equal(link.status, 201);
  const simulated = await page.api('POST', '/sandbox/simulate', {
    payment_link_id: link.body.data.id,
    event,
  });
  assert.equal(simulated.status, 200);
  return link.body.data.id;
}

/** Settles once the inbox holds `count` messages: every delivery so far was sent and received. */
async function received(count: number): Promise<void> {
  for (;;) {
    if ((await consoleClient.listInboxMessages('default')).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeEach(async () => {
  page = await openConsolePage();
  store = createConsoleStore();
  await consoleClient.createEndpoint({ url: `${page.sandbox.origin}/_inbox/default` });
  // What the page does with the stream (hooks/useLiveEvents.ts), for the deliveries and the inbox.
  await page.listen((event) => {
    if (event.type === 'delivery.changed') store.getState().applyDeliveryChange(event.delivery);
    if (event.type === 'delivery.deleted') store.getState().applyDeliveryDeleted(event.id);
    if (event.type === 'inbox.received') store.getState().applyInboxReceived([event.message]);
  });
});

afterEach(() => page.close());

describe('searching what webhooks carry', { timeout: 30_000 }, () => {
  test('the deliveries: by free text and by path = value, over every one kept; live ones only if they match', async () => {
    const first = await linkWith('INV-1001');
    const failed = await linkWith('INV-2002', 'failed');
    await store.getState().loadDeliveries();
    assert.equal(store.getState().deliveries.total, 2);

    store.getState().setDeliveryFilter({ q: 'inv-2002' });
    await until((s) => s.deliveries.phase === 'ready');
    assert.deepEqual(shownLinks(), [failed]);

    store.getState().setDeliveryFilter({ q: 'data.reference_id = INV-1001' });
    await until((s) => s.deliveries.phase === 'ready');
    assert.deepEqual(shownLinks(), [first]);

    await linkWith('INV-9999');
    const again = await linkWith('INV-1001');
    await until((s) => s.deliveries.total === 2);
    assert.deepEqual(shownLinks(), [again, first]);
  });

  test('a search that cannot run says what is allowed, shows no rows and asks the server nothing', async () => {
    await linkWith('INV-1001');
    await store.getState().loadDeliveries();
    store.getState().setDeliveryFilter({ q: 'data..x = 1' });
    await until((s) => s.deliveries.searchProblem !== null);
    assert.match(store.getState().deliveries.searchProblem ?? '', /"data\.\.x" is not a path/);
    assert.equal(store.getState().deliveries.total, 0);
    assert.equal(store.getState().deliveries.rows.size, 0);
    assert.equal(store.getState().toasts.length, 0, 'no server error: it was not asked');

    store.getState().setDeliveryFilter({ q: '' });
    await until((s) => s.deliveries.phase === 'ready' && s.deliveries.total === 1);
    assert.equal(store.getState().deliveries.searchProblem, null);
  });

  test('the inbox: searched by path = value; a message arriving live shows only if it matches', async () => {
    const first = await linkWith('INV-7001');
    await linkWith('INV-7002');
    await received(2);
    await store.getState().loadInbox();
    assert.equal(store.getState().inbox.messages.length, 2);

    store.getState().setInboxQuery('data.reference_id = INV-7001');
    await until((s) => s.inbox.phase === 'ready');
    assert.deepEqual(
      store.getState().inbox.messages.map((m) => m.link_id),
      [first],
    );

    await linkWith('INV-7003');
    const again = await linkWith('INV-7001');
    await until((s) => s.inbox.messages.length === 2);
    assert.deepEqual(
      store.getState().inbox.messages.map((m) => m.link_id),
      [again, first],
    );

    store.getState().setInboxQuery('= INV-7001');
    await until((s) => s.inbox.phase === 'ready' && s.inbox.searchProblem !== null);
    assert.match(store.getState().inbox.searchProblem ?? '', /has no path before =/);
    assert.deepEqual(store.getState().inbox.messages, []);
  });
});

describe('Compare', { timeout: 30_000 }, () => {
  test('two picks at most, each removable; a delivery and an inbox message compared by path and header', async () => {
    await linkWith('INV-1001');
    await linkWith('INV-2002', 'failed');
    await linkWith('INV-3003');
    await received(3);
    const deliveries = (await consoleClient.listDeliveries({ per_page: 3 })).data;
    const messages = await consoleClient.listInboxMessages('default');
    const [newest, middle, oldest] = deliveries as [
      (typeof deliveries)[0],
      (typeof deliveries)[0],
      (typeof deliveries)[0],
    ];
    const message = messages.find((m) => m.link_id === middle.link_id);
    assert.ok(message);

    const s = () => store.getState();
    s().togglePick({ kind: 'delivery', id: oldest.id, label: 'INV-1001 paid' });
    s().togglePick({ kind: 'inbox', inbox: 'default', id: message.id, label: 'INV-2002 failed' });
    s().togglePick({ kind: 'delivery', id: newest.id, label: 'a third' });
    assert.deepEqual(
      s().compare.picks.map((p) => p.label),
      ['INV-1001 paid', 'INV-2002 failed'],
      'a third pick is refused',
    );

    await s().openCompare();
    const view = s().compare.view;
    assert.equal(view.phase, 'ready');
    assert.ok(view.phase === 'ready' && view.result?.body.json);
    const changes = view.result.body.json ? view.result.body.changes : [];
    assert.deepEqual(
      changes.find((c) => c.path === 'data.reference_id'),
      { path: 'data.reference_id', kind: 'changed', before: 'INV-1001', after: 'INV-2002' },
    );
    assert.ok(view.result.headers.some((c) => c.path === 'webhook-id' && c.kind === 'changed'));

    s().closeCompare();
    assert.equal(s().compare.view.phase, 'closed');
    s().unpick(message.id);
    s().togglePick({ kind: 'delivery', id: newest.id, label: 'INV-3003 paid' });
    assert.deepEqual(
      s().compare.picks.map((p) => p.label),
      ['INV-1001 paid', 'INV-3003 paid'],
    );
    s().togglePick({ kind: 'delivery', id: oldest.id, label: 'INV-1001 paid' });
    assert.deepEqual(
      s().compare.picks.map((p) => p.label),
      ['INV-3003 paid'],
      'a second click unpicks',
    );
  });

  test('a delivery not sent yet is said to have nothing to compare', async () => {
    await consoleClient.setQueuePaused(true);
    await linkWith('INV-1001');
    await linkWith('INV-2002');
    const [a, b] = (await consoleClient.listDeliveries({ per_page: 2 })).data;
    assert.ok(a && b);
    store.getState().togglePick({ kind: 'delivery', id: a.id, label: 'first' });
    store.getState().togglePick({ kind: 'delivery', id: b.id, label: 'second' });
    await store.getState().openCompare();
    const view = store.getState().compare.view;
    assert.ok(view.phase === 'ready');
    assert.equal(view.result, null);
    assert.deepEqual(view.left, { sent: false, label: 'first' });
  });
});
