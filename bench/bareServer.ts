import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerCpuProbes, tell, waitFor } from './child';

/**
 * The baseline: plain node:http answering every request with the same small JSON. What the
 * sandbox adds (routing, host check, auth, validation, lookup, serialisation) is measured against it.
 */
const body = Buffer.from(JSON.stringify({ data: { ok: true }, meta: { request_id: 'req_bench' } }));

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
