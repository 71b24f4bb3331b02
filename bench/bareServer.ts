import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentLink } from '../src/shared/types';
import { answerCpuProbes, tell, waitFor } from './child';

/**
 * The baseline: plain node:http answering every request with one fixed JSON — a retrieve
 * response of the same shape and size as the sandbox's, serialised once at start. What the
 * sandbox adds (routing, host check, auth, validation, lookup, serialisation) is measured against
 * it; a smaller fixed reply would mostly measure the cost of sending the link's ~700 bytes.
 */
const id = '8f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const link: PaymentLink = {
  id,
  reference_id: 'INV-1001',
  url: `http://127.0.0.1:4545/pay/${id}`,
  status: 'pending',
  amount: 150_000,
  fee: { total: 4350, transaction: 4350, instant_settlement: 0, paid_by: 'merchant' },
  payer_amount: 150_000,
  net_amount: 145_650,
  title: 'Order #1001',
  note: null,
  payment_method: null,
  settlement_account_id: 'e22d5f16-ebf1-4396-b695-74847c2f7bda',
  expires_at: '2026-11-23T21:03:59.526Z',
  paid_at: null,
  settle_at: null,
  settled_at: null,
  created_at: '2026-11-22T21:03:59.526Z',
};
const body = Buffer.from(JSON.stringify({ data: link, meta: { request_id: 'req_0123456789ab00000001' } }));

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});

answerCpuProbes();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  tell({ type: 'ready', origin: `http://127.0.0.1:${port}` });
});

await waitFor('stop');
server.closeAllConnections();
server.close(() => {
  tell({ type: 'closed' });
  process.disconnect?.();
});
