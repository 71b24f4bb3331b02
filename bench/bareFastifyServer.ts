import Fastify from 'fastify';
import { newRequestId } from '../src/core/domain/ids';
import { dataBody } from '../src/core/http/envelope';
import { loadStore } from '../src/core/store/storeLoader';
import { StoreState } from '../src/core/store/storeState';
import type { PaymentLink } from '../src/shared/types';
import { answerCpuProbes, answerMemoryProbes, tell, waitFor } from './child';

/**
 * The Fastify floor for retrieve: a Fastify app with one GET route that looks the id up in a Map
 * of the same links the sandbox serves and sends the same bytes (the product's envelope, which
 * caches each link's JSON, and a request id of the same form). No hooks, no schema, no Host check,
 * no auth, no scheduler: what the sandbox costs above this is its own request path.
 *
 * The links are read from the data directory without taking it (snapshot plus journal, the
 * store's own loader; nothing is written), so the directory must not be in use.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: bareFastifyServer.ts <dataDir>');

const state = new StoreState();
await loadStore(dataDir, state);
const links = new Map<string, PaymentLink>();
for (const link of state.links.values()) links.set(link.id, link);
state.links.clear();

const app = Fastify({ logger: false, genReqId: newRequestId });
app.get<{ Params: { id: string } }>('/payment-links/:id', (request, reply) => {
  const link = links.get(request.params.id);
  if (!link) return reply.code(404).send();
  return reply.type('application/json; charset=utf-8').send(dataBody(link, request.id));
});
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

answerCpuProbes();
answerMemoryProbes();
tell({ type: 'ready', origin, links: links.size });

await waitFor('stop');
await app.close();
tell({ type: 'closed' });
process.disconnect?.();
