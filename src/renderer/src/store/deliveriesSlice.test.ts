// The delivery history's slice under Node, against a real sandbox (src/test/consolePage.ts): the
// console's own store and consoleClient, the changes read from the sandbox's event stream as the
// page reads them. The queue is paused, so every delivery waits where the test put it.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { openConsolePage, stateReaches, type ConsolePage } from '../../../test/consolePage';
import { consoleClient } from '../api/consoleClient';
import { createConsoleStore, type ConsoleState } from './consoleStore';

type Store = ReturnType<typeof createConsoleStore>;

let page: ConsolePage;
let store: Store;

const until = (check: (state: ConsoleState) => boolean) => stateReaches(store, check);

/** The history's loaded ids, top first. */
const shownIds = (state = store.getState()) =>
  [...state.deliveries.rows].sort(([a], [b]) => a - b).map(([, id]) => id);

/** A paid link: one delivery to each endpoint. Its id. */
async function paidLink(title: string): Promise<string> {
  const link = await page.api('POST', '/payment-links', { amount: 1_500, title });
  assert.equal(link.status, 201);
  assert.equal(
    (await page.api('POST', '/sandbox/simulate', { payment_link_id: link.body.data.id, event: 'paid' }))
      .status,
    200,
  );
  return link.body.data.id;
}

/** The newest delivery's id (the history puts the last change first). */
const newest = async () =>
  (await consoleClient.listDeliveries({ order: 'updated', per_page: 1 })).data[0]?.id as string;

beforeEach(async () => {
  page = await openConsolePage();
  store = createConsoleStore();
  await consoleClient.setQueuePaused(true);
  await consoleClient.createEndpoint({ url: 'http://127.0.0.1:9/orders' });
  // What the page does with the stream (hooks/useLiveEvents.ts), for the deliveries.
  await page.listen((event) => {
    if (event.type === 'delivery.changed') store.getState().applyDeliveryChange(event.delivery);
    if (event.type === 'delivery.deleted') store.getState().applyDeliveryDeleted(event.id);
  });
});

afterEach(() => page.close());

describe('the delivery history', { timeout: 30_000 }, () => {
  test('loads the newest first and counts every delivery the filter keeps', async () => {
    const links = [await paidLink('First'), await paidLink('Second'), await paidLink('Third')];
    await store.getState().loadDeliveries();
    const state = store.getState();
    assert.equal(state.deliveries.phase, 'ready');
    assert.equal(state.deliveries.total, 3);
    assert.deepEqual(
      shownIds().map((id) => state.deliveryRecords[id]?.link_id),
      [...links].reverse(),
    );

    store.getState().setDeliveryFilter({ status: 'delivered' });
    await until((s) => s.deliveries.phase === 'ready');
    assert.equal(store.getState().deliveries.total, 0);
    assert.deepEqual(shownIds(), []);
    store.getState().setDeliveryFilter({ status: 'paused' });
    await until((s) => s.deliveries.phase === 'ready' && s.deliveries.total === 3);
  });

  test('a live batch writes each delivery’s record once', async () => {
    await paidLink('Loaded');
    await store.getState().loadDeliveries();
    const writes = new Map<string, number>();
    const stop = store.subscribe((state, before) => {
      for (const id of Object.keys(state.deliveryRecords))
        if (state.deliveryRecords[id] !== before.deliveryRecords[id])
          writes.set(id, (writes.get(id) ?? 0) + 1);
    });
    const links = [await paidLink('Live one'), await paidLink('Live two'), await paidLink('Live three')];
    await until((s) => s.deliveries.total === 4);
    stop();
    const live = shownIds().slice(0, 3);
    assert.deepEqual(
      live.map((id) => store.getState().deliveryRecords[id]?.link_id),
      [...links].reverse(),
    );
    // Each new delivery is one streamed change: its record is put once, not put and then put again.
    assert.deepEqual(
      live.map((id) => writes.get(id)),
      [1, 1, 1],
    );
  });

  test('a resent delivery comes to the top, a deleted one goes, and the count follows', async () => {
    const [oldest] = [await paidLink('Oldest'), await paidLink('Middle'), await paidLink('Newest')];
    await store.getState().loadDeliveries();
    const [top, middle, bottom] = shownIds();
    assert.equal(store.getState().deliveryRecords[bottom as string]?.link_id, oldest);

    await store.getState().runDeliveryAction(bottom as string, 'resend');
    await until((s) => shownIds(s)[0] === bottom);
    assert.deepEqual(shownIds(), [bottom, top, middle]);
    assert.equal(store.getState().deliveries.total, 3);

    await store.getState().runDeliveryAction(top as string, 'delete');
    await until((s) => s.deliveries.total === 2);
    assert.deepEqual(shownIds(), [bottom, middle]);
    assert.equal(store.getState().deliveryRecords[top as string], undefined, 'its record goes with it');
    assert.deepEqual(store.getState().deliveries.busy, {});
    assert.ok(store.getState().toasts.some((toast) => toast.message === 'Delivery deleted.'));
  });

  test('a delivery made as the history is read shows once, with its record, whichever the server saw first', async () => {
    await paidLink('Before');
    const reading = store.getState().loadDeliveries();
    await paidLink('During');
    await reading;
    const during = await newest();
    await until((s) => shownIds(s)[0] === during);
    assert.equal(store.getState().deliveries.total, 2);
    assert.deepEqual(
      shownIds().filter((id) => id === during),
      [during],
      'once',
    );
    for (const id of shownIds()) assert.ok(store.getState().deliveryRecords[id], `${id} has its record`);
  });

  test('clearing the history keeps the waiting deliveries and says how many went', async () => {
    await paidLink('Waiting');
    await store.getState().loadDeliveries();
    await store.getState().clearDeliveryHistory();
    assert.ok(
      store.getState().toasts.some((toast) => toast.message.startsWith('Cleared 0 finished deliveries')),
    );
    assert.equal(store.getState().deliveries.total, 1);
  });
});
