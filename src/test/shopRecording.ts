import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { apiRequestEntry } from '../core/sandboxLog';
import type { RequestLogEntry } from '../shared/types';
import { startCheckoutApp, type CheckoutFlaw } from './checkoutApp';
import { startTestSandbox, type TestSandbox } from './harness';

const KEY = 'sk_test_shop';

/** The request log's entries with their bodies, newest first, as the console keeps them. */
async function requestLog(sandbox: TestSandbox): Promise<RequestLogEntry[]> {
  const list = await sandbox.consoleApi('GET', '/requests');
  const entries: RequestLogEntry[] = [];
  for (const { seq } of list.body.data as { seq: number }[])
    entries.push((await sandbox.consoleApi('GET', `/requests/${seq}`)).body.data);
  return entries;
}

/** An entry in the fixed shape `logs tail --json` and GET /sandbox/logs write: the log's own mapping. */
const logLine = (e: RequestLogEntry): string => JSON.stringify(apiRequestEntry(e, e));

/**
 * One test run of the shop against a fresh sandbox: a double click on "pay", then a payment whose
 * answer the sandbox loses (the app retries). Written as NDJSON, newest first, like GET /sandbox/logs.
 */
export async function recordShop(
  file: string,
  flaw?: CheckoutFlaw,
  as: 'ndjson' | 'console' = 'ndjson',
): Promise<void> {
  const sandbox = await startTestSandbox({ inMemory: true });
  const app = await startCheckoutApp(sandbox.origin, KEY, flaw);
  try {
    const checkout = async (cart: string, total: number) => {
      const res = await fetch(`${app.origin}/checkout`, {
        method: 'POST',
        body: JSON.stringify({ cart, total }),
      });
      assert.equal(res.status, 201, await res.text());
    };
    await checkout('c1', 1500);
    await checkout('c1', 1500);
    const rule = {
      match: { method: 'POST', path: '/payment-links' },
      action: { type: 'lose_response' },
      remaining: 1,
    };
    assert.equal((await sandbox.api('POST', '/sandbox/faults', { body: rule, key: KEY })).status, 201);
    await checkout('c2', 24);
    const entries = await requestLog(sandbox);
    await writeFile(
      file,
      as === 'console' ? JSON.stringify(entries) : entries.map(logLine).join('\n') + '\n',
    );
  } finally {
    await app.close();
    await sandbox.stop();
  }
}
