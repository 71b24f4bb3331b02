// The console's pure rules (src/renderer/src/lib), run under Node: how live links merge into the
// table in its order, the Created filter's bounds, the link timeline and the amount precision check.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { amountPrecisionProblem } from '../renderer/src/lib/money';
import { createdBounds, rangeProblem } from '../renderer/src/lib/createdRange';
import { mergeChanges, type LinkFilter } from '../renderer/src/lib/linkList';
import { DEFAULT_ORDER } from '../renderer/src/lib/linkOrder';
import { linkTimeline } from '../renderer/src/lib/linkTimeline';
import type { PaymentLink, WebhookEvent } from '../shared/types';

const link = (id: string, over: Partial<PaymentLink> = {}): PaymentLink => ({
  id,
  reference_id: null,
  url: `http://127.0.0.1:4545/pay/${id}`,
  status: 'pending',
  amount: 1000,
  fee: { total: 29, transaction: 29, instant_settlement: 0, paid_by: 'merchant' },
  payer_amount: 1000,
  net_amount: 971,
  title: `Link ${id}`,
  note: null,
  payment_method: null,
  settlement_account_id: '00000000-0000-4000-8000-000000000000',
  expires_at: '2026-11-24T10:00:00.000Z',
  paid_at: null,
  settle_at: null,
  settled_at: null,
  created_at: '2026-11-23T10:00:00.000Z',
  ...over,
});

const filter = (over: Partial<LinkFilter> = {}): LinkFilter => ({
  status: 'all',
  q: '',
  created: { preset: 'any', from: '', to: '' },
  bounds: {},
  ...DEFAULT_ORDER,
  ...over,
});

const loaded = (links: PaymentLink[], hasMore = false) => ({
  ids: links.map((l) => l.id),
  byId: Object.fromEntries(links.map((l) => [l.id, l])),
  total: links.length + (hasMore ? 100 : 0),
  hasMore,
});

describe('live links merge into the table in its order', () => {
  test('by amount, ascending: a new link lands between its neighbours, ties broken by id', () => {
    const rows = [link('a', { amount: 100 }), link('c', { amount: 300 }), link('d', { amount: 300 })];
    const merged = mergeChanges(
      loaded(rows),
      [link('b', { amount: 300 })],
      filter({ sort: 'amount', order: 'asc' }),
    );
    assert.deepEqual(merged.ids, ['a', 'b', 'c', 'd']);
    assert.equal(merged.total, 4);
  });

  test('a known row is replaced in place even when its sort key changes', () => {
    const rows = [link('a', { amount: 100 }), link('b', { amount: 200 })];
    const merged = mergeChanges(
      loaded(rows),
      [link('a', { amount: 999 })],
      filter({ sort: 'amount', order: 'asc' }),
    );
    assert.deepEqual(merged.ids, ['a', 'b']);
    assert.equal(merged.byId.a?.amount, 999);
  });

  test('a new link beyond the last loaded row waits for its page; outside the created range it is left out', () => {
    const rows = [link('a', { amount: 100 }), link('b', { amount: 200 })];
    const sorted = filter({ sort: 'amount', order: 'asc' });
    assert.deepEqual(mergeChanges(loaded(rows, true), [link('z', { amount: 500 })], sorted).ids, ['a', 'b']);
    const ranged = filter({ bounds: { before: '2026-11-23T00:00:00.000Z' } });
    const merged = mergeChanges(loaded([]), [link('n')], ranged);
    assert.deepEqual(merged.ids, []);
    assert.equal(merged.total, 0);
  });

  test('newest first by default: a newer link goes on top', () => {
    const rows = [link('old', { created_at: '2026-11-23T09:00:00.000Z' })];
    const merged = mergeChanges(
      loaded(rows),
      [link('new', { created_at: '2026-11-23T11:00:00.000Z' })],
      filter(),
    );
    assert.deepEqual(merged.ids, ['new', 'old']);
  });
});

describe('the Created filter', () => {
  test('a custom range covers both whole days, as exclusive bounds', () => {
    const { after, before } = createdBounds(
      { preset: 'custom', from: '2026-11-20', to: '2026-11-21' },
      Date.now(),
    );
    assert.equal(new Date(Date.parse(after as string) + 1).getTime(), new Date(2026, 10, 20).getTime());
    assert.equal(Date.parse(before as string), new Date(2026, 10, 22).getTime());
  });

  test('the last hour ends now; any time has no bounds; an end before the start is named', () => {
    const now = Date.parse('2026-11-23T12:00:00.000Z');
    assert.equal(createdBounds({ preset: 'hour', from: '', to: '' }, now).after, '2026-11-23T10:59:59.999Z');
    assert.deepEqual(createdBounds({ preset: 'any', from: '', to: '' }, now), {});
    assert.equal(
      rangeProblem({ preset: 'custom', from: '2026-11-21', to: '2026-11-20' }),
      'The end date is before the start date.',
    );
    assert.equal(rangeProblem({ preset: 'custom', from: '2026-11-20', to: '2026-11-20' }), null);
  });
});

describe('the link timeline', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');

  test('pending: created, then its expiry as upcoming', () => {
    const steps = linkTimeline(link('p'), [], now);
    assert.deepEqual(
      steps.map((s) => [s.label, s.upcoming]),
      [
        ['Created', false],
        ['Expires', true],
      ],
    );
  });

  test('paid: created, paid with its method at the event time, then settlement', () => {
    const paid = link('q', {
      status: 'succeeded',
      payment_method: 'bank_transfer',
      paid_at: '2026-11-23T11:00:00.000Z',
      settle_at: '2026-11-24T11:00:00.000Z',
    });
    const event: WebhookEvent = {
      id: 'evt_1',
      type: 'payment_link.paid',
      timestamp: paid.paid_at as string,
      data: paid,
    };
    const steps = linkTimeline(paid, [event], now);
    assert.deepEqual(
      steps.map((s) => [s.label, s.at, s.upcoming, s.detail]),
      [
        ['Created', paid.created_at, false, undefined],
        ['Paid', '2026-11-23T11:00:00.000Z', false, 'by bank_transfer'],
        ['Settles', '2026-11-24T11:00:00.000Z', true, undefined],
      ],
    );
    const settled = linkTimeline({ ...paid, settled_at: paid.settle_at }, [event], now);
    assert.equal(settled.at(-1)?.label, 'Settled');
  });
});

describe('amounts typed in the New link form', () => {
  test('more decimals than the currency has is refused, naming the currency', () => {
    assert.equal(
      amountPrecisionProblem('250.75', 'IDR'),
      'IDR amounts are whole: enter it without decimals.',
    );
    assert.equal(amountPrecisionProblem('1,500', 'IDR'), null);
    assert.equal(amountPrecisionProblem('12.345', 'USD'), 'USD amounts have at most 2 decimals.');
    assert.equal(amountPrecisionProblem('12.34', 'USD'), null);
  });
});
