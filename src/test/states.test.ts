import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_SETTINGS } from '../core/settings';
import type { LinkStatus, SandboxEvent } from '../shared/types';
import { createLink, eventually, simulate, fileSandbox } from './harness';

const sandbox = fileSandbox();

const cancel = (id: string) => sandbox.api('POST', `/payment-links/${id}/cancel`);
const retrieve = (id: string) => sandbox.api('GET', `/payment-links/${id}`);

/** A fresh link brought to `status` through the API. */
async function linkIn(status: LinkStatus) {
  const link = await createLink(sandbox);
  const how: Record<LinkStatus, (() => Promise<unknown>) | null> = {
    pending: null,
    succeeded: () => simulate(sandbox, link.id, 'paid'),
    failed: () => simulate(sandbox, link.id, 'failed'),
    expired: () => simulate(sandbox, link.id, 'expired'),
    canceled: () => cancel(link.id),
  };
  await how[status]?.();
  assert.equal((await retrieve(link.id)).body.data.status, status);
  return link;
}

const webhookTypes = (id: string) =>
  [...sandbox.core.store.state.events.values()].filter((e) => e.data.id === id).map((e) => e.type);

describe('from pending (docs/contract.md §7)', () => {
  test('cancel → canceled, with a payment_link.canceled event', async () => {
    const link = await linkIn('pending');
    const res = await cancel(link.id);
    assert.equal(res.status, 200);
    assert.equal(res.body.data.status, 'canceled');
    assert.deepEqual(webhookTypes(link.id), ['payment_link.canceled']);
  });

  test('simulate paid → succeeded with paid_at, card, settle_at = paid_at + 1 day', async () => {
    const link = await linkIn('pending');
    const res = await simulate(sandbox, link.id, 'paid');
    assert.equal(res.status, 200);
    const paid = res.body.data;
    assert.equal(paid.status, 'succeeded');
    assert.equal(paid.payment_method, 'card');
    assert.ok(paid.paid_at);
    assert.equal(Date.parse(paid.settle_at) - Date.parse(paid.paid_at), 86_400_000);
    assert.equal(paid.settled_at, null);
    assert.deepEqual(webhookTypes(link.id), ['payment_link.paid']);
  });

  test('simulate paid takes an optional payment_method', async () => {
    const link = await linkIn('pending');
    const res = await simulate(sandbox, link.id, 'paid', { payment_method: 'qris' });
    assert.equal(res.body.data.payment_method, 'qris');
  });

  test('simulate failed → failed, expired → expired, each with its event', async () => {
    for (const [event, status, type] of [
      ['failed', 'failed', 'payment_link.failed'],
      ['expired', 'expired', 'payment_link.expired'],
    ] as const) {
      const link = await linkIn('pending');
      const res = await simulate(sandbox, link.id, event);
      assert.equal(res.body.data.status, status);
      assert.equal(res.body.data.paid_at, null);
      assert.deepEqual(webhookTypes(link.id), [type]);
    }
  });
});

describe('from failed', () => {
  test('cancel → canceled', async () => {
    const link = await linkIn('failed');
    const res = await cancel(link.id);
    assert.equal(res.status, 200);
    assert.equal(res.body.data.status, 'canceled');
  });

  test('every simulate is 409 invalid_state_transition', async () => {
    const link = await linkIn('failed');
    for (const event of ['paid', 'failed', 'expired']) {
      const res = await simulate(sandbox, link.id, event);
      assert.equal(res.status, 409, event);
      assert.equal(res.body.error.code, 'invalid_state_transition');
    }
  });
});

for (const status of ['succeeded', 'expired', 'canceled'] as const) {
  describe(`from ${status}`, () => {
    test('cancel is 409 payment_link_not_cancelable and changes nothing', async () => {
      const link = await linkIn(status);
      const before = (await retrieve(link.id)).body.data;
      const res = await cancel(link.id);
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'payment_link_not_cancelable');
      assert.match(res.body.error.message, new RegExp(status));
      assert.deepEqual((await retrieve(link.id)).body.data, before);
    });

    test('every simulate is 409 invalid_state_transition', async () => {
      const link = await linkIn(status);
      for (const event of ['paid', 'failed', 'expired']) {
        const res = await simulate(sandbox, link.id, event);
        assert.equal(res.status, 409, event);
        assert.equal(res.body.error.code, 'invalid_state_transition');
      }
    });
  });
}

describe('time passing', () => {
  test('a pending link expires by itself once expires_at passes, with the expired event', async () => {
    const link = await linkIn('pending');
    sandbox.clock.advance(24 * 3600 * 1000 + 1);
    const changes: string[] = [];
    const listener = (e: SandboxEvent) => {
      if (e.type === 'link.changed' && e.link.id === link.id) changes.push(e.link.status);
    };
    sandbox.core.events.on('event', listener);
    try {
      // The scheduler, not a read, moves it: wait for the change without reading the link.
      await eventually(async () => (changes.includes('expired') ? true : undefined), 'automatic expiry');
    } finally {
      sandbox.core.events.off('event', listener);
    }
    assert.equal((await retrieve(link.id)).body.data.status, 'expired');
    assert.deepEqual(webhookTypes(link.id), ['payment_link.expired']);
  });

  test('a read right after expires_at already shows the link expired', async () => {
    const link = await createLink(sandbox, {
      expires_at: new Date(sandbox.clock.now() + 120_000).toISOString(),
    });
    sandbox.core.scheduler.stop();
    try {
      sandbox.clock.advance(121_000);
      assert.equal((await retrieve(link.id)).body.data.status, 'expired');
    } finally {
      sandbox.core.scheduler.start(50);
    }
  });

  test('a link that is not pending does not expire', async () => {
    const link = await linkIn('succeeded');
    sandbox.clock.advance(2 * 24 * 3600 * 1000);
    assert.equal((await retrieve(link.id)).body.data.status, 'succeeded');
  });

  test('a paid link settles when the clock passes settle_at', async () => {
    const link = await linkIn('pending');
    const paid = (await simulate(sandbox, link.id, 'paid')).body.data;
    sandbox.clock.advance(86_400_000 + 1);
    const settled = await eventually(async () => {
      const now = (await retrieve(link.id)).body.data;
      return now.settled_at ? now : undefined;
    }, 'settlement');
    assert.equal(settled.settled_at, paid.settle_at);
    assert.equal(settled.status, 'succeeded');
  });
});

describe('fees (docs/contract.md §4)', () => {
  test('2.9 % paid by the merchant by default, rounded half up', async () => {
    const link = await createLink(sandbox, { amount: 50 });
    assert.deepEqual(link.fee, { total: 1, transaction: 1, instant_settlement: 0, paid_by: 'merchant' });
    assert.equal(link.payer_amount, 50);
    assert.equal(link.net_amount, 49);
    const big = await createLink(sandbox, { amount: 150_000 });
    assert.equal(big.fee.total, 4350);
    assert.equal(big.net_amount, 145_650);
  });

  test('payer-paid fees with instant settlement and a fixed part', async () => {
    await sandbox.core.updateSettings({
      fees: {
        transaction_percent: 2.9,
        transaction_fixed: 100,
        instant_settlement: true,
        instant_settlement_percent: 0.5,
        paid_by: 'payer',
      },
    });
    try {
      const link = await createLink(sandbox, { amount: 10_000 });
      assert.deepEqual(link.fee, { total: 440, transaction: 390, instant_settlement: 50, paid_by: 'payer' });
      assert.equal(link.payer_amount, 10_440);
      assert.equal(link.net_amount, 10_000);
      const paid = (await simulate(sandbox, link.id, 'paid')).body.data;
      assert.equal(paid.settle_at, paid.paid_at, 'instant settlement settles at once');
    } finally {
      await sandbox.core.updateSettings({ fees: DEFAULT_SETTINGS.fees });
    }
  });

  test('fees are fixed at creation', async () => {
    const link = await createLink(sandbox, { amount: 10_000 });
    await sandbox.core.updateSettings({ fees: { ...sandbox.core.settings.fees, transaction_percent: 10 } });
    try {
      assert.deepEqual((await retrieve(link.id)).body.data.fee, link.fee);
    } finally {
      await sandbox.core.updateSettings({
        fees: { ...sandbox.core.settings.fees, transaction_percent: 2.9 },
      });
    }
  });
});

describe('a new link (docs/contract.md §2, §4)', () => {
  test('every field is present, unknowns are null, url is the checkout page', async () => {
    const link = await createLink(sandbox, { reference_id: 'INV-7', note: 'Thanks!' });
    assert.equal(link.status, 'pending');
    assert.equal(link.url, `${sandbox.origin}/pay/${link.id}`);
    assert.match(link.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.match(link.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(Date.parse(link.expires_at) - Date.parse(link.created_at), 86_400_000);
    for (const field of ['payment_method', 'paid_at', 'settle_at', 'settled_at'])
      assert.equal(link[field], null, field);
    assert.equal(link.reference_id, 'INV-7');
    assert.equal(link.note, 'Thanks!');
    assert.equal(link.settlement_account_id, sandbox.core.settlementAccountId);
  });

  test('the public_url setting is the base of checkout URLs', async () => {
    await sandbox.core.updateSettings({ public_url: 'https://pay.example.test/' });
    try {
      const link = await createLink(sandbox);
      assert.equal(link.url, `https://pay.example.test/pay/${link.id}`);
    } finally {
      await sandbox.core.updateSettings({ public_url: null });
    }
  });
});
