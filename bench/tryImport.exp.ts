import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { startTestSandbox, TestClock } from '../src/test/harness';
import { link } from '../src/test/linkFixture';

const n = Number(process.argv[2] ?? 300000);
const kind = process.argv[3] ?? 'expire';
const clock = new TestClock();
const sb = await startTestSandbox({ clock, schedulerIntervalMs: 250 });
await sb.consoleApi('PATCH', '/settings', { event_retention: 1_000_000 });
const doc = JSON.parse((await sb.api('GET', '/_console/api/store/export', { key: null })).text);
const now = clock.now();
doc.links = Array.from({ length: n }, (_, i) => {
  const created = new Date(now - 3 * 86400000 + i).toISOString();
  const paidAt = new Date(now - 2 * 86400000).toISOString();
  return link(randomUUID(), {
    settlement_account_id: doc.settlement_account_id,
    created_at: created,
    expires_at: new Date(now - 2 * 86400000 + i).toISOString(),
    ...(kind === 'settle'
      ? {
          status: 'succeeded',
          paid_at: paidAt,
          payment_method: 'card',
          settle_at: new Date(now - 86400000 + i).toISOString(),
        }
      : {}),
  });
});
const text = JSON.stringify(doc);
const h = monitorEventLoopDelay({ resolution: 5 });
h.enable();
const t0 = performance.now();
const res = await fetch(`${sb.origin}/_console/api/store/import`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: text,
});
console.log(
  'import',
  res.status,
  (performance.now() - t0).toFixed(0),
  'ms; loop max so far',
  (h.max / 1e6).toFixed(0),
);
h.reset();
const t1 = performance.now();
for (;;) {
  const r = await sb.api(
    'GET',
    kind === 'settle' ? '/payment-links?per_page=1' : '/payment-links?status=pending&per_page=1',
  );
  const state = sb.core.scheduler as unknown as { run: unknown };
  if (
    kind === 'expire'
      ? r.body.pagination.total === 0
      : state.run === null && [...sb.core.store.state.links.values()].every((l) => l.settled_at)
  )
    break;
  await new Promise((r) => setTimeout(r, 50));
}
console.log(
  kind,
  'all applied after',
  (performance.now() - t1).toFixed(0),
  'ms; loop max',
  (h.max / 1e6).toFixed(0),
  'ms; rss',
  (process.memoryUsage().rss / 1e6).toFixed(0),
  'MB',
);
await sb.stop();
