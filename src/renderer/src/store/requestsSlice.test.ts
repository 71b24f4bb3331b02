// The request log's slice under Node, against a real sandbox (src/test/consolePage.ts): the
// console's own store and consoleClient, logged requests read from the sandbox's event stream as
// the page reads them.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { openConsolePage, stateReaches, type ConsolePage } from '../../../test/consolePage';
import { consoleClient } from '../api/consoleClient';
import { createConsoleStore, type ConsoleState } from './consoleStore';

let page: ConsolePage;
let store: ReturnType<typeof createConsoleStore>;

const until = (check: (state: ConsoleState) => boolean) => stateReaches(store, check);

/** The loaded rows' paths, top first. */
const paths = (state = store.getState()) =>
  [...state.requests.rows].sort(([a], [b]) => a - b).map(([, id]) => state.requests.byId[id]?.path);

/** A GET the API answers 400 (not a link id): one logged request with this path. */
async function logged(path: string): Promise<void> {
  assert.equal((await page.api('GET', path)).status, 400);
}

/** The newest API request's number. */
const newestSeq = async () =>
  (await consoleClient.listRequests({ scope: 'api', per_page: 1 })).data[0]?.seq as number;

const listenLive = () =>
  page.listen((event) => {
    if (event.type === 'request.logged') store.getState().applyRequestsLogged([event.entry]);
  });

beforeEach(async () => {
  page = await openConsolePage();
  store = createConsoleStore();
});

afterEach(() => page.close());

describe('the request log', { timeout: 30_000 }, () => {
  test('loads the newest API requests first and counts the whole log; the console’s own only when asked', async () => {
    for (const path of ['/payment-links/one', '/payment-links/two', '/payment-links/three'])
      await logged(path);
    await store.getState().loadRequests();
    assert.equal(store.getState().requests.phase, 'ready');
    assert.equal(store.getState().requests.total, 3);
    assert.deepEqual(paths(), ['/payment-links/three', '/payment-links/two', '/payment-links/one']);

    store.getState().setShowAllRequests(true);
    await until((s) => s.requests.phase === 'ready');
    const all = store.getState().requests;
    assert.ok(all.total > 3, 'the console’s own reads are counted too');
    assert.ok(Object.values(all.byId).some((row) => !row.api && row.path.startsWith('/_console/api/')));
  });

  test('the filter is the server’s, over the whole log, not only the rows loaded', async () => {
    await logged('/payment-links/needle-early');
    for (let i = 0; i < 150; i++) await logged(`/payment-links/hay-${i}`);
    await logged('/payment-links/needle-late');
    await store.getState().loadRequests();
    assert.equal(store.getState().requests.total, 152);
    assert.equal(store.getState().requests.rows.size, 100, 'one block of the newest');

    store.getState().setRequestQuery('needle');
    await until((s) => s.requests.phase === 'ready' && s.requests.query === 'needle');
    assert.equal(store.getState().requests.total, 2);
    assert.deepEqual(paths(), ['/payment-links/needle-late', '/payment-links/needle-early']);
    store.getState().setRequestQuery('4xx');
    await until((s) => s.requests.phase === 'ready' && s.requests.query === '4xx');
    assert.equal(store.getState().requests.total, 152);
  });

  test('live requests go on top and count; those the filter or the scope leave out do not', async () => {
    await logged('/payment-links/match-0');
    await listenLive();
    store.getState().setRequestQuery('match');
    await until((s) => s.requests.phase === 'ready');
    assert.equal(store.getState().requests.total, 1);

    await logged('/payment-links/other');
    await logged('/payment-links/match-1');
    await until((s) => s.requests.total === 2);
    assert.deepEqual(paths(), ['/payment-links/match-1', '/payment-links/match-0']);
    // The console's own requests are logged too, and left out of the API scope.
    await consoleClient.listRequests({ scope: 'all', q: 'match' });
    await logged('/payment-links/match-2');
    await until((s) => s.requests.total === 3);
    assert.deepEqual(paths(), ['/payment-links/match-2', '/payment-links/match-1', '/payment-links/match-0']);

    // The same request told twice (the stream and a replay's answer) is one row.
    const row = store.getState().requests.byId[String(await newestSeq())];
    assert.ok(row);
    store.getState().applyRequestsLogged([row]);
    assert.equal(store.getState().requests.total, 3);
  });

  test('a request logged as the log is read shows once, whichever the server saw first', async () => {
    await logged('/payment-links/before');
    await listenLive();
    const reading = store.getState().loadRequests();
    await logged('/payment-links/during');
    await reading;
    await until((s) => s.requests.total === 2);
    assert.deepEqual(paths(), ['/payment-links/during', '/payment-links/before']);
  });

  test('a request opened by its number is read from the server when not loaded; a number now naming another is gone', async () => {
    await logged('/payment-links/first');
    const first = await newestSeq();
    const { request_id } = await consoleClient.getRequest(first);
    store.getState().setRequestQuery('nothing-matches-this');
    await until((s) => s.requests.phase === 'ready');

    await store.getState().openRequest(first, request_id);
    assert.equal(store.getState().requests.selected?.path, '/payment-links/first');
    await until((s) => s.requests.bodies.phase === 'ready');
    const bodies = store.getState().requests.bodies;
    assert.ok(bodies.phase === 'ready' && bodies.response_body?.includes('must be a UUID'));

    await store.getState().openRequest(first, 'req_from_before_a_restart');
    assert.equal(store.getState().requests.selected, null);
    assert.ok(
      store
        .getState()
        .toasts.some((toast) => toast.message.startsWith(`Request ${first} is no longer in the log.`)),
    );
    await store.getState().openRequest(first + 10_000);
    assert.ok(
      store
        .getState()
        .toasts.some((toast) =>
          toast.message.startsWith(`Request ${first + 10_000} is no longer in the log.`),
        ),
    );
  });

  test('a selected request whose entry has gone says so', async () => {
    await logged('/payment-links/soon-gone');
    await store.getState().loadRequests();
    const row = Object.values(store.getState().requests.byId)[0];
    assert.ok(row);
    await consoleClient.resetStore({});
    store.getState().selectRequest(row);
    await until((s) => s.requests.bodies.phase !== 'loading');
    assert.equal(store.getState().requests.bodies.phase, 'gone');
  });

  test('ticks for the export come and go by request number', async () => {
    store.getState().toggleRequestChecked(4);
    store.getState().toggleRequestChecked(9);
    store.getState().toggleRequestChecked(4);
    assert.deepEqual(store.getState().requests.checked, [9]);
  });

  test('Replay sends the request again, puts its entry on top and opens it', async () => {
    assert.equal(
      (await page.api('POST', '/payment-links', { amount: 2_500, title: 'Replayed' })).status,
      201,
    );
    const seq = await newestSeq();
    await listenLive();
    await store.getState().loadRequests();
    await store.getState().replayRequest(seq);
    const { requests, toasts } = store.getState();
    assert.equal(requests.selected?.replay_of, seq);
    assert.equal(requests.total, 2);
    assert.equal(requests.rows.get(0), String(requests.selected?.seq));
    assert.ok(toasts.some((toast) => toast.message === `Replayed request ${seq}: 201 POST /payment-links`));
  });

  test('a log that cannot be read shows no rows of the filter before, and says why', async () => {
    await logged('/payment-links/kept');
    await store.getState().loadRequests();
    store.getState().setConnection('live');
    await page.stopSandbox();
    store.getState().setRequestQuery('kept');
    await until((s) => s.requests.phase === 'error');
    const { requests, toasts } = store.getState();
    assert.equal(requests.total, 0);
    assert.equal(requests.rows.size, 0);
    assert.ok(toasts.some((toast) => toast.message.startsWith('Could not load the request log: ')));
  });
});
