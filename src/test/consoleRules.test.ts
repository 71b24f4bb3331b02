// The console's pure rules (src/renderer/src/lib), run under Node: the Created filter's bounds and the
// link timeline (live rows: consoleRows.test.ts; the amount typed: formsWording.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createdBounds, rangeProblem } from '../renderer/src/lib/createdRange';
import { linkTimeline } from '../renderer/src/lib/linkTimeline';
import type { WebhookEvent } from '../shared/types';
import { link } from './linkFixture';

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
