import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LINK_STATUSES, type LinkStatus, type PaymentLink } from '../../shared/types';
import { Store } from '../store/store';
import { compareBy, LINK_SORTS, type LinkSort } from '../../shared/linkOrder';
import { inView } from '../../shared/linkView';
import type { LinkView } from './linkView';
import { LinkViews } from './linkViews';

// A deterministic pseudo-random sequence, so a failure can be replayed.
let seed = 42;
const random = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed % n;
};
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

function makeLink(n: number): PaymentLink {
  return {
    id: `${hex(random(2 ** 30), 8)}-${hex(random(65536), 4)}-4000-8000-${hex(n, 12)}`,
    status: 'pending',
    // Few distinct amounts and titles, so ties (broken by id) are common.
    amount: 100 * (1 + random(20)),
    title: `Link ${random(30)}`,
    reference_id: n % 3 === 0 ? `order-${n}` : null,
    created_at: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    expires_at: new Date(Date.UTC(2026, 0, 2) + random(50) * 1000).toISOString(),
  } as PaymentLink;
}

/** What a view should hold: every link filtered, then sorted, the slow and obvious way. */
function expected(store: Store, view: LinkView): PaymentLink[] {
  const all = [...store.state.links.values()].filter((link) => inView(link, view));
  all.sort(compareBy(view.sort));
  return view.order === 'asc' ? all : all.reverse();
}

/** Four filters in both orders: four cached orders per sort field, within the cache's bound. */
const viewsSortedBy = (sort: LinkSort): LinkView[] =>
  (['asc', 'desc'] as const).flatMap((order) => [
    { sort, order },
    { sort, order, status: 'pending' as LinkStatus },
    { sort, order, status: 'failed' as LinkStatus, q: 'order' },
    { sort, order, q: 'link 1', createdAfter: new Date(Date.UTC(2026, 0, 1) + 50_000).toISOString() },
  ]);

function checkViews(store: Store, views: LinkViews, sort: LinkSort): void {
  for (const view of viewsSortedBy(sort)) {
    const want = expected(store, view).map((l) => l.id);
    const whole = views.window(view, 0, 10_000);
    assert.equal(whole.total, want.length, JSON.stringify(view));
    assert.deepEqual(
      whole.links.map((l) => l.id),
      want,
      JSON.stringify(view),
    );
    const middle = views.window(view, Math.floor(want.length / 2), 7);
    assert.deepEqual(
      middle.links.map((l) => l.id),
      want.slice(Math.floor(want.length / 2), Math.floor(want.length / 2) + 7),
    );
    for (const at of [0, Math.floor(want.length / 3), want.length - 1]) {
      const id = want[at];
      if (id === undefined) continue;
      const link = store.state.links.get(id) as PaymentLink;
      assert.deepEqual(views.position(view, link), { index: at, total: want.length }, JSON.stringify(view));
    }
  }
}

async function changeStatuses(store: Store, count: number): Promise<void> {
  const links = [...store.state.links.values()];
  for (let i = 0; i < count; i++) {
    const link = links[random(links.length)] as PaymentLink;
    const status = LINK_STATUSES[random(LINK_STATUSES.length)] as LinkStatus;
    await store.commit([{ op: 'link', v: { ...(store.state.links.get(link.id) as PaymentLink), status } }]);
  }
}

for (const sort of LINK_SORTS) {
  test(`sorted by ${sort}: every window and position matches a plain filter and sort, through live changes`, async () => {
    const store = await Store.open();
    const views = new LinkViews(store);
    let n = 0;
    const create = async (count: number) => {
      for (let i = 0; i < count; i++) await store.commit([{ op: 'link', v: makeLink(n++) }]);
    };
    await create(300);
    checkViews(store, views, sort);
    // A few changes are patched in one by one.
    await create(10);
    await changeStatuses(store, 30);
    checkViews(store, views, sort);
    // A burst is merged in one pass.
    await create(2_100);
    await changeStatuses(store, 60);
    checkViews(store, views, sort);
    // An import or a reset replaces everything.
    await store.replace({
      settlement_account_id: null,
      settings: null,
      links: [makeLink(n++), makeLink(n++)],
      events: [],
      idempotency: [],
      endpoints: [],
    });
    checkViews(store, views, sort);
    views.close();
    await store.close();
  });
}

test('a window past the end is empty, and a link outside the view has no position', async () => {
  const store = await Store.open();
  const views = new LinkViews(store);
  const link = makeLink(1);
  await store.commit([{ op: 'link', v: link }]);
  assert.deepEqual(views.window({ sort: 'amount', order: 'asc' }, 5, 10), { total: 1, links: [] });
  assert.deepEqual(views.window({ sort: 'created_at', order: 'asc' }, 5, 10), { total: 1, links: [] });
  assert.equal(views.position({ sort: 'amount', order: 'desc', status: 'failed' }, link), null);
  assert.equal(views.position({ sort: 'created_at', order: 'desc', q: 'nothing like it' }, link), null);
  views.close();
  await store.close();
});
