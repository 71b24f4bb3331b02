import { startChild, type ChildMessage } from './child';
import { measure, randomRetrieve, type Measurement } from './measure';

/**
 * Where a retrieve's cost comes from: the same GET /payment-links/{id} load against a ladder of
 * servers, from bare node:http to the full sandbox (bench/variantServer.ts), with each server's
 * CPU time per request. Not part of `npm run bench`:
 *   node --import tsx bench/variants.ts [variant ...]
 */
const LADDER: [string, string][] = [
  ['node-small', 'node:http, fixed small JSON (the bench baseline)'],
  ['node-link', 'node:http + lookup + envelope JSON.stringify + request id'],
  ['fastify-plain', 'Fastify route, no hooks, no schema'],
  ['fastify-host', '+ async onRequest hook: x-request-id header, Host check'],
  ['fastify-auth', '+ async route onRequest: API key check'],
  ['fastify-hooks', '+ async onResponse hook: request log entry'],
  ['fastify-schema', '+ params schema (sandbox ajv compiler: pattern + uuid format)'],
  ['sandbox', 'the full sandbox app (in memory)'],
];
const wanted = process.argv.slice(2);
const rows: [string, string, Measurement][] = [];

for (const [variant, what] of LADDER) {
  if (wanted.length > 0 && !wanted.includes(variant)) continue;
  const child = startChild('./variantServer.ts', [variant]);
  const ready = await child.next<ChildMessage & { origin: string; ids: string[] }>('ready');
  const m = await measure(variant, ready.origin, randomRetrieve(ready.ids), async () => {
    child.send({ type: 'cpu' });
    return (await child.next<ChildMessage & { us: number }>('cpu')).us;
  });
  rows.push([variant, what, m]);
  child.send({ type: 'stop' });
  await child.next('closed');
  await child.exited;
}

console.log('\n| Variant | What it adds | req/s | p99 ms | server CPU µs/req |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const [variant, what, m] of rows) {
  console.log(
    `| ${variant} | ${what} | ${Math.round(m.rps).toLocaleString('en-US')} | ${m.p99.toFixed(1)} | ${m.cpuPerRequestUs.toFixed(1)} |`,
  );
}
