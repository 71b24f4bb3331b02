// Diagnosis tool: what a link's detail costs (GET /_console/api/links/:id walks every kept event and
// delivery) at N kept events and N deliveries, in one process; not part of `npm run bench`.
// node --import tsx bench/linkDetail.ts 1000000
import { StoreState } from '../src/core/store/storeState';
import type { WebhookDelivery, WebhookEvent } from '../src/shared/types';

const N = Number(process.argv[2] ?? 1_000_000);
const link = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const state = new StoreState();
const events: WebhookEvent[] = [];
const deliveries: WebhookDelivery[] = [];
for (let i = 0; i < N; i++) {
  const id = `evt_${String(i).padStart(32, '0')}`;
  events.push({ id, type: 'payment_link.paid', timestamp: '', data: { id: link(i) } } as WebhookEvent);
  deliveries.push({
    id: `dlv_${String(i).padStart(24, '0')}`,
    event_id: id,
    link_id: link(i),
    status: 'delivered',
    seq: i + 1,
    attempts: [],
  } as unknown as WebhookDelivery);
}
state.load({
  settlement_account_id: null,
  settings: null,
  links: [],
  events,
  idempotency: [],
  endpoints: [],
  deliveries,
});

// The same walk as WebhookService.linkDetail.
const detail = (id: string) => [
  [...state.events.values()].filter((e) => e.data.id === id),
  [...state.deliveries.values()].filter((d) => d.link_id === id),
];
const runs: number[] = [];
for (let r = 0; r < 7; r++) {
  const started = performance.now();
  detail(link(r * Math.floor(N / 7)));
  runs.push(performance.now() - started);
}
runs.sort((a, b) => a - b);
console.log(
  `${N.toLocaleString('en')} events + ${N.toLocaleString('en')} deliveries: a link's detail takes ${runs[3]?.toFixed(1)} ms (median of 7; ${runs[0]?.toFixed(1)}–${runs[6]?.toFixed(1)})`,
);
