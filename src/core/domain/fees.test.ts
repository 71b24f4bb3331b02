import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_SETTINGS } from '../settings';
import { percentOf, priceLink } from './fees';

test('percentOf rounds half up in exact arithmetic', () => {
  assert.equal(percentOf(50, 2.9), 1); // 1.45
  assert.equal(percentOf(150, 1), 2); // 1.5 rounds up
  assert.equal(percentOf(149, 1), 1); // 1.49
  assert.equal(percentOf(100_000_000_000, 2.9), 2_900_000_000);
  assert.equal(percentOf(1, 0), 0);
  assert.equal(percentOf(10_000, 0.0001), 0); // 0.01
  assert.equal(percentOf(5_000_000, 0.0001), 5);
});

test('priceLink: merchant pays by default; payer pays on top when set', () => {
  const merchant = priceLink(10_000, DEFAULT_SETTINGS.fees);
  assert.deepEqual(merchant, {
    fee: { total: 290, transaction: 290, instant_settlement: 0, paid_by: 'merchant' },
    payer_amount: 10_000,
    net_amount: 9_710,
  });
  const payer = priceLink(10_000, { ...DEFAULT_SETTINGS.fees, paid_by: 'payer', instant_settlement: true });
  assert.deepEqual(payer, {
    fee: { total: 340, transaction: 290, instant_settlement: 50, paid_by: 'payer' },
    payer_amount: 10_340,
    net_amount: 10_000,
  });
});
