// docs/contract.md §6: GET /payment-links — order, filters, exclusive time bounds, pagination and its errors.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PaymentLink } from '../shared/types';
import { createLink, startTestSandbox, TestClock, type TestSandbox } from './harness';

/** Time stands still unless the test moves it, so links made in one burst share a created_at. */
class StillClock extends TestClock {
  private readonly start = Date.now();
  override now(): number {
    return this.start + this.offsetMs;
  }
}

let sandbox: TestSandbox;
/** Every link this file's sandbox holds, in the order they were made. */
const made: PaymentLink[] = [];

before(async () => {
  sandbox = await startTestSandbox({ inMemory: true, clock: new StillClock() });
  // Bursts of links made at one instant (so only the id orders them), separated by clock steps
  // so the time bounds have distinct values to cut at.
  for (let burst = 0; burst < 6; burst++) {
    for (let i = 0; i < 6; i++) made.push(await createLink(sandbox, { amount: 1000 + made.length }));
    sandbox.clock.advance(1000);
  }
  // 36 links: some canceled, some paid, some failed, the rest pending.
  for (const link of made.slice(0, 4)) await act(`/payment-links/${link.id}/cancel`);
  for (const link of made.slice(4, 7))
    await act('/sandbox/simulate', { payment_link_id: link.id, event: 'paid' });
  for (const link of made.slice(7, 9))
    await act('/sandbox/simulate', { payment_link_id: link.id, event: 'failed' });
});
after(() => sandbox.stop());

async function act(path: string, body?: unknown) {
  const res = await sandbox.api('POST', path, { body });
  assert.equal(res.status, 200, res.text);
}

/** The contract's order: created_at descending, then id descending. */
const newestFirst = (a: PaymentLink, b: PaymentLink) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;

async function list(query = '') {
  const res = await sandbox.api('GET', `/payment-links${query}`);
  assert.equal(res.status, 200, res.text);
  return res.body as {
    data: PaymentLink[];
    pagination: Record<string, number>;
    meta: { request_id: string };
  };
}

async function listError(query: string, param: string, code = 'parameter_invalid') {
  const res = await sandbox.api('GET', `/payment-links${query}`);
  assert.equal(res.status, 400, `${query} → ${res.status} ${res.text}`);
  assert.equal(res.body.error.code, code, query);
  assert.equal(res.body.error.type, 'invalid_request_error');
  assert.equal(res.body.error.param, param, query);
  assert.ok(res.body.error.message.includes(param), res.body.error.message);
  assert.equal(res.headers.get('x-request-id'), res.body.meta.request_id);
}

const ids = (links: PaymentLink[]) => links.map((l) => l.id);

describe('order', () => {
  test('newest first: created_at desc, then id desc', async () => {
    const body = await list('?per_page=100');
    const expected = [...made].sort(newestFirst);
    assert.deepEqual(ids(body.data), ids(expected));
    assert.equal(new Set(made.map((l) => l.created_at)).size, 6, 'six bursts, each sharing one created_at');
  });

  test('ties in created_at are ordered by id, descending', async () => {
    const body = await list('?per_page=100');
    for (let i = 1; i < body.data.length; i++) {
      const [a, b] = [body.data[i - 1] as PaymentLink, body.data[i] as PaymentLink];
      assert.ok(a.created_at >= b.created_at, `${a.created_at} before ${b.created_at}`);
      if (a.created_at === b.created_at) assert.ok(a.id > b.id, `${a.id} before ${b.id} at ${a.created_at}`);
    }
  });

  test('the listed links are the current ones, equal to retrieve', async () => {
    const body = await list('?per_page=100');
    const one = body.data.find((l) => l.id === made[0]?.id) as PaymentLink;
    assert.equal(one.status, 'canceled');
    assert.deepEqual(one, (await sandbox.api('GET', `/payment-links/${one.id}`)).body.data);
  });
});

describe('status filter', () => {
  for (const [status, count] of [
    ['canceled', 4],
    ['succeeded', 3],
    ['failed', 2],
    ['pending', 27],
    ['expired', 0],
  ] as const) {
    test(`status=${status}`, async () => {
      const body = await list(`?status=${status}&per_page=100`);
      assert.equal(body.pagination.total, count);
      assert.equal(body.data.length, count);
      assert.ok(body.data.every((l) => l.status === status));
      const expected = body.data.map((l) => l.id);
      assert.deepEqual(expected, ids([...body.data].sort(newestFirst)), 'filtered list keeps the order');
    });
  }

  test('an unknown status is 400 naming status', () => listError('?status=paid', 'status'));
  test('status is case-sensitive', () => listError('?status=PENDING', 'status'));
  test('an empty status is 400', () => listError('?status=', 'status'));
});

describe('created_after / created_before', () => {
  test('created_after is exclusive', async () => {
    const bound = made[14] as PaymentLink;
    const body = await list(`?created_after=${encodeURIComponent(bound.created_at)}&per_page=100`);
    const expected = made.filter((l) => l.created_at > bound.created_at).sort(newestFirst);
    assert.ok(expected.length > 0 && expected.length < made.length);
    assert.deepEqual(ids(body.data), ids(expected));
    assert.ok(!ids(body.data).includes(bound.id), 'the bound itself is excluded');
    assert.equal(body.pagination.total, expected.length);
  });

  test('created_before is exclusive', async () => {
    const bound = made[20] as PaymentLink;
    const body = await list(`?created_before=${encodeURIComponent(bound.created_at)}&per_page=100`);
    const expected = made.filter((l) => l.created_at < bound.created_at).sort(newestFirst);
    assert.ok(expected.length > 0 && expected.length < made.length);
    assert.deepEqual(ids(body.data), ids(expected));
    assert.ok(!ids(body.data).includes(bound.id));
  });

  test('both bounds together, with a status', async () => {
    const low = made[2] as PaymentLink;
    const high = made[33] as PaymentLink;
    const q = `?created_after=${encodeURIComponent(low.created_at)}&created_before=${encodeURIComponent(high.created_at)}`;
    const body = await list(`${q}&per_page=100`);
    const expected = made
      .filter((l) => l.created_at > low.created_at && l.created_at < high.created_at)
      .sort(newestFirst);
    assert.deepEqual(ids(body.data), ids(expected));
    const pending = await list(`${q}&status=pending&per_page=100`);
    const current = new Map((await list('?per_page=100')).data.map((l) => [l.id, l.status]));
    assert.deepEqual(ids(pending.data), ids(expected.filter((l) => current.get(l.id) === 'pending')));
  });

  test('a bound with another zone means the same instant', async () => {
    const bound = made[14] as PaymentLink;
    const shifted = new Date(Date.parse(bound.created_at) + 7 * 3600_000)
      .toISOString()
      .replace('Z', '+07:00');
    const a = await list(`?created_after=${encodeURIComponent(bound.created_at)}&per_page=100`);
    const b = await list(`?created_after=${encodeURIComponent(shifted)}&per_page=100`);
    assert.deepEqual(ids(b.data), ids(a.data));
  });

  test('bounds that leave nothing: empty data, total 0, last_page 1', async () => {
    const future = new Date(sandbox.clock.now() + 3600_000).toISOString();
    const body = await list(`?created_after=${encodeURIComponent(future)}`);
    assert.deepEqual(body.data, []);
    assert.deepEqual(body.pagination, { current_page: 1, per_page: 25, total: 0, last_page: 1 });
  });

  test('a date-time without a zone is rejected', async () => {
    const noZone = (made[3] as PaymentLink).created_at.slice(0, 23);
    await listError(`?created_after=${noZone}`, 'created_after');
    await listError(`?created_before=${noZone}`, 'created_before');
  });

  test('a leap-second bound (valid RFC 3339 that Date cannot read) is not a 500', async () => {
    for (const name of ['created_after', 'created_before']) {
      const res = await fetch(`${sandbox.origin}/payment-links?${name}=2026-06-30T23:59:60Z`, {
        headers: { authorization: 'Bearer sk_test_x' },
      });
      const text = await res.text();
      assert.ok(res.status === 200 || res.status === 400, `${name}: ${res.status} ${text}`);
      if (res.status === 400) assert.equal(JSON.parse(text).error.param, name);
    }
  });

  for (const value of ['yesterday', '2026-13-01T00:00:00Z', '2026-01-01', '1700000000', '']) {
    test(`created_after=${JSON.stringify(value)} is rejected`, () =>
      listError(`?created_after=${encodeURIComponent(value)}`, 'created_after'));
  }
});

describe('pagination', () => {
  test('defaults: page 1, per_page 25', async () => {
    const body = await list();
    assert.deepEqual(body.pagination, { current_page: 1, per_page: 25, total: made.length, last_page: 2 });
    assert.deepEqual(ids(body.data), ids([...made].sort(newestFirst).slice(0, 25)));
  });

  test('page 2 holds the rest', async () => {
    const body = await list('?page=2');
    assert.deepEqual(ids(body.data), ids([...made].sort(newestFirst).slice(25)));
    assert.equal(body.pagination.current_page, 2);
  });

  test('per_page=1 walks every link once, in order', async () => {
    const first = await list('?per_page=1');
    assert.equal(first.data.length, 1);
    assert.deepEqual(first.pagination, {
      current_page: 1,
      per_page: 1,
      total: made.length,
      last_page: made.length,
    });
    const walked: string[] = [];
    for (let page = 1; page <= made.length; page++)
      walked.push(...ids((await list(`?per_page=1&page=${page}`)).data));
    assert.deepEqual(walked, ids([...made].sort(newestFirst)));
  });

  test('per_page=7: pages are disjoint and last_page = ceil(total / per_page)', async () => {
    const walked: string[] = [];
    const lastPage = Math.ceil(made.length / 7);
    for (let page = 1; page <= lastPage; page++) {
      const body = await list(`?per_page=7&page=${page}`);
      assert.equal(body.pagination.last_page, lastPage);
      assert.equal(body.data.length, page < lastPage ? 7 : made.length - 7 * (lastPage - 1));
      walked.push(...ids(body.data));
    }
    assert.deepEqual(walked, ids([...made].sort(newestFirst)));
  });

  test('per_page=100', async () => {
    const body = await list('?per_page=100');
    assert.equal(body.data.length, made.length);
    assert.deepEqual(body.pagination, { current_page: 1, per_page: 100, total: made.length, last_page: 1 });
  });

  test('a page past the last: 200, data [] and the true total', async () => {
    const body = await list('?page=9&per_page=10');
    assert.deepEqual(body.data, []);
    assert.deepEqual(body.pagination, { current_page: 9, per_page: 10, total: made.length, last_page: 4 });
  });

  test('a page of 16 or more digits is a page past the last too, not a bad integer', async () => {
    const body = await list('?page=1000000000000000&per_page=10');
    assert.deepEqual(body.data, []);
    assert.equal(body.pagination.current_page, 1_000_000_000_000_000);
    assert.equal(body.pagination.total, made.length);
  });

  test('an empty filter result has last_page 1', async () => {
    const body = await list('?status=expired&per_page=5');
    assert.deepEqual(body.pagination, { current_page: 1, per_page: 5, total: 0, last_page: 1 });
    const later = await list('?status=expired&page=3');
    assert.deepEqual(later.data, []);
    assert.deepEqual(later.pagination, { current_page: 3, per_page: 25, total: 0, last_page: 1 });
  });

  test('per_page=0 and per_page=101 are rejected (no clamping)', async () => {
    await listError('?per_page=0', 'per_page');
    await listError('?per_page=101', 'per_page');
    await listError('?per_page=-1', 'per_page');
  });

  test('page=0 and negative pages are rejected', async () => {
    await listError('?page=0', 'page');
    await listError('?page=-1', 'page');
  });

  for (const value of ['1.5', 'abc', '', 'two', '1,2', 'null', 'true']) {
    test(`non-integer page=${JSON.stringify(value)} / per_page are rejected`, async () => {
      await listError(`?page=${encodeURIComponent(value)}`, 'page');
      await listError(`?per_page=${encodeURIComponent(value)}`, 'per_page');
    });
  }

  // A query integer is decimal digits; JavaScript's Number() reads more than that.
  for (const value of ['1e1', '0x10', 'Infinity', '1e400', ' 5', '5 ']) {
    test(`page=${JSON.stringify(value)} is malformed, not read as a number`, async () => {
      await listError(`?page=${encodeURIComponent(value)}`, 'page');
      await listError(`?per_page=${encodeURIComponent(value)}`, 'per_page');
    });
  }

  test('a repeated parameter is rejected, not merged', async () => {
    await listError('?page=1&page=2', 'page');
    await listError('?status=pending&status=failed', 'status');
  });
});

describe('unknown query parameters', () => {
  for (const name of ['limit', 'offset', 'sort', 'Status', 'created_at']) {
    test(`${name} is 400 parameter_unknown`, () => listError(`?${name}=1`, name, 'parameter_unknown'));
  }
});
