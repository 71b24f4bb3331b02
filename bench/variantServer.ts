import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { SandboxCore, startSandbox } from '../src/core/index';
import { newRequestId } from '../src/core/domain/ids';
import { authenticate } from '../src/core/http/auth';
import { dataBody } from '../src/core/http/envelope';
import { createHostCheck } from '../src/core/http/hostCheck';
import { requestLogEntry } from '../src/core/http/requestLog';
import { createValidatorCompiler } from '../src/core/http/validation';
import { LinkIdParamsSchema, type PaymentLink } from '../src/shared/types';
import { answerCpuProbes, tell, waitFor } from './child';

/**
 * One rung of a ladder from bare node:http to the full sandbox, all answering
 * GET /payment-links/{id} for the same in-memory links, so the difference between two rungs is
 * the cost of what the upper one adds. Used by bench/variants.ts only.
 */
const variant = process.argv[2] ?? 'sandbox';
const count = Number(process.argv[3] ?? 10_000);

// The same link records the sandbox would hold, made by the domain code.
const core = await SandboxCore.open({ schedulerIntervalMs: 3_600_000 });
const links = new Map<string, PaymentLink>();
for (let i = 0; i < count; i++) {
  const change = core.links.create(
    { amount: 1000 + i, title: `Bench link ${i}` },
    core.settings,
    'http://127.0.0.1:4545',
    core.settlementAccountId,
  );
  links.set(change.link.id, change.link);
  await core.store.commit(change.ops);
}
const ids = [...links.keys()];

const JSON_TYPE = 'application/json; charset=utf-8';
const settings = core.settings;
const hostAllowed = createHostCheck([]);

async function listen(): Promise<{ origin: string; close: () => Promise<void> }> {
  if (variant === 'node-small' || variant === 'node-link') {
    const small = Buffer.from(JSON.stringify({ data: { ok: true }, meta: { request_id: 'req_bench' } }));
    const server = createServer((req, res) => {
      let body: string | Buffer = small;
      if (variant === 'node-link') {
        const id = (req.url ?? '').slice('/payment-links/'.length);
        const requestId = newRequestId();
        body = dataBody(links.get(id), requestId);
        res.setHeader('x-request-id', requestId);
      }
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      origin: `http://127.0.0.1:${port}`,
      close: () =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }
  if (variant === 'sandbox') {
    // The real app over the same core (in memory): every hook, check and schema of the product.
    await core.close();
    const sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
    for (const link of links.values()) await sandbox.core.store.commit([{ op: 'link', v: link }]);
    return { origin: sandbox.origin, close: sandbox.close };
  }
  // fastify-plain, fastify-host, fastify-auth, fastify-hooks, fastify-schema: each adds to the one before
  const rung = ['fastify-plain', 'fastify-host', 'fastify-auth', 'fastify-hooks', 'fastify-schema'].indexOf(
    variant,
  );
  if (rung < 0) throw new Error(`unknown variant ${variant}`);
  const app = Fastify({ logger: false, genReqId: newRequestId });
  app.decorateRequest('apiKey', null);
  app.decorateRequest('replayed', false);
  if (rung >= 4) app.setValidatorCompiler(createValidatorCompiler(() => false));
  if (rung >= 1) {
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('x-request-id', request.id);
      if (!hostAllowed(request.headers.host)) throw new Error('host');
    });
  }
  if (rung >= 3) {
    app.addHook('onResponse', async (request, reply) => {
      core.emit({ type: 'request.logged', entry: requestLogEntry(request, reply, Date.now()) });
    });
  }
  const auth = async (request: FastifyRequest): Promise<void> => {
    request.apiKey = authenticate(request.headers.authorization, settings);
  };
  app.get<{ Params: { id: string } }>(
    '/payment-links/:id',
    {
      ...(rung >= 2 ? { onRequest: auth } : {}),
      ...(rung >= 4 ? { schema: { params: LinkIdParamsSchema } } : {}),
    },
    async (request, reply) =>
      reply
        .code(200)
        .type(JSON_TYPE)
        .send(dataBody(links.get(request.params.id), request.id)),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => app.close() };
}

const server = await listen();
answerCpuProbes();
tell({ type: 'ready', origin: server.origin, ids });
await waitFor('stop');
await server.close();
tell({ type: 'closed' });
process.disconnect?.();
