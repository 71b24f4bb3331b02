import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { UnnumberedEntry } from '../src/core/requestHistory';

/**
 * What the request log itself costs a request, alone in one process: RequestHistory.record as the
 * core calls it (the entry written to requests.jsonl in the data folder, the summary kept, the
 * entry handed to /sandbox/logs), for an entry the size of a retrieve's and of a list's (25 links,
 * ~13 KB answer), 50 a turn of the event loop as under a load of 50 connections. Prints CPU µs per
 * record (user + system, the batched writes included).
 *   node --import tsx bench/requestLogCost.ts [records=50000] [checkout=.]
 * With another checkout (a git worktree of an earlier revision), that checkout's request log is
 * measured: before /sandbox/logs (df5edd2) it is RequestHistory(announce, limit), in memory.
 * SHAPES=retrieve (or list) measures one shape. Not part of `npm run bench`.
 */
const records = Number(process.argv[2] ?? 50_000);
const checkout = process.argv[3] ?? '.';
const load = (file: string) => import(pathToFileURL(join(checkout, file)).href);
interface History {
  record(entry: UnnumberedEntry): void;
  load?(): Promise<void>;
  close?(): void;
  size?: { entries: number; bytes: number };
}
const { RequestHistory } = (await load('src/core/requestHistory.ts')) as {
  RequestHistory: new (announce: (e: unknown) => void, ...rest: unknown[]) => History;
};
const sandboxLog = await load('src/core/sandboxLog.ts').then(
  (m: { SandboxLog: new () => { request(e: unknown): void } }) => new m.SandboxLog(),
  () => null,
);

const PER_TURN = 50;

const link = {
  id: '8f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  reference_id: 'INV-1001',
  url: 'http://127.0.0.1:4545/pay/8f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
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
const meta = { request_id: 'req_0123456789ab00000001' };
const answers = {
  retrieve: { path: `/payment-links/${link.id}`, body: JSON.stringify({ data: link, meta }) },
  list: {
    path: '/payment-links?status=pending&per_page=25',
    body: JSON.stringify({ data: Array.from({ length: 25 }, () => link), meta }),
  },
};

const entry = (i: number, path: string, body: string): UnnumberedEntry => ({
  request_id: `req_0123456789ab${String(i).padStart(8, '0')}`,
  method: 'GET',
  path,
  status: 200,
  duration_ms: 0.42,
  key_prefix: 'sk_test_benc…',
  idempotency_key: null,
  replayed: false,
  at: new Date().toISOString(),
  api: true,
  request_body_length: null,
  response_body_length: body.length,
  request_body: null,
  // A fresh string each time, as each answer is serialised anew.
  response_body: body.slice(0, -1) + body.slice(-1),
  request_headers: {
    host: '127.0.0.1:4545',
    authorization: 'Bearer sk_test_benc…',
    connection: 'keep-alive',
  },
  response_headers: {
    'x-request-id': `req_0123456789ab${String(i).padStart(8, '0')}`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
  },
  ...(path.startsWith('/payment-links/') ? { link_id: link.id } : {}),
});

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const root = await mkdtemp(join(tmpdir(), 'pls-request-log-cost-'));
try {
  for (const round of [1, 2]) {
    for (const [name, { path, body }] of Object.entries(answers).filter(([n]) =>
      (process.env.SHAPES ?? n).includes(n),
    )) {
      const dir = join(root, `${name}-${round}`);
      await mkdir(dir);
      const announce = (e: unknown) => sandboxLog?.request(e);
      // Constructor.length: the parameters before the first with a default.
      const history =
        RequestHistory.length >= 2
          ? new RequestHistory(announce, () => 64 * 1024 * 1024, dir)
          : new RequestHistory(announce);
      await history.load?.();
      const built = Array.from({ length: PER_TURN }, (_, i) => entry(i, path, body));
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < records; i += PER_TURN) {
        for (const e of built) history.record(e);
        await turn();
      }
      history.close?.();
      const cpu = process.cpuUsage(cpu0);
      const ms = performance.now() - t0;
      console.log(
        `round ${round} ${name.padEnd(8)} (${body.length} B answer): ${(((cpu.user + cpu.system) / records) as number).toFixed(2)} µs CPU per record (${((cpu.system / records) as number).toFixed(2)} system), ${((ms * 1000) / records).toFixed(2)} µs wall; ${history.size ? `${history.size.entries} kept, ${(history.size.bytes / 1e6).toFixed(1)} MB` : 'in memory'}`,
      );
    }
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
