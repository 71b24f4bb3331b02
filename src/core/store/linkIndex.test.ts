import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LinkStatus, PaymentLink } from '../../shared/types';
import { LinkIndex } from './linkIndex';

const link = (n: number, status: LinkStatus = 'pending', created = n): PaymentLink =>
  ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    status,
    created_at: new Date(Date.UTC(2026, 0, 1) + created * 1000).toISOString(),
  }) as PaymentLink;

const ids = (links: PaymentLink[]) => links.map((l) => Number(l.id.slice(-12)));

test('lists newest first, then by id descending on equal times, in pages', () => {
  const index = new LinkIndex();
  for (const n of [3, 1, 2, 5, 4]) index.put(link(n));
  index.put(link(6, 'pending', 5));
  assert.deepEqual(ids(index.list({ offset: 0, limit: 10 }).links), [6, 5, 4, 3, 2, 1]);
  assert.deepEqual(ids(index.list({ offset: 2, limit: 2 }).links), [4, 3]);
  assert.deepEqual(index.list({ offset: 10, limit: 2 }), { total: 6, links: [] });
});

test('a status change moves the link between status lists', () => {
  const index = new LinkIndex();
  for (let n = 1; n <= 5; n++) index.put(link(n));
  index.put(link(2, 'succeeded'));
  index.put(link(4, 'succeeded'));
  assert.deepEqual(ids(index.list({ status: 'succeeded', offset: 0, limit: 10 }).links), [4, 2]);
  assert.deepEqual(ids(index.list({ status: 'pending', offset: 0, limit: 10 }).links), [5, 3, 1]);
  assert.equal(index.list({ status: 'failed', offset: 0, limit: 10 }).total, 0);
  assert.equal(index.size, 5);
});

test('created_after and created_before are exclusive bounds', () => {
  const index = new LinkIndex();
  for (let n = 1; n <= 5; n++) index.put(link(n));
  const at = (n: number) => link(n).created_at;
  const window = index.list({ createdAfter: at(1), createdBefore: at(5), offset: 0, limit: 10 });
  assert.deepEqual(ids(window.links), [4, 3, 2]);
  assert.equal(window.total, 3);
  assert.equal(index.list({ createdAfter: at(5), createdBefore: at(1), offset: 0, limit: 10 }).total, 0);
});

test('a link changed without changing status is listed, and captured, in its newest version', () => {
  const index = new LinkIndex();
  for (let n = 1; n <= 3; n++) index.put(link(n));
  index.put({ ...link(2), title: 'renamed' } as PaymentLink);
  assert.equal(index.list({ offset: 1, limit: 1 }).links[0]?.title, 'renamed');
  assert.equal(index.list({ status: 'pending', offset: 1, limit: 1 }).links[0]?.title, 'renamed');
  assert.equal(index.inCreationOrder()[1]?.title, 'renamed');
  index.put({ ...link(2), status: 'succeeded', title: 'paid' } as PaymentLink);
  assert.equal(index.inCreationOrder()[1]?.title, 'paid');
  assert.equal(index.list({ status: 'succeeded', offset: 0, limit: 1 }).links[0]?.title, 'paid');
});
