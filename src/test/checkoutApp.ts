import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A shop's checkout, as an app under test would be: `POST /checkout {"cart": "c1", "total": 1500}`
 * (the total in major units) makes a payment link and retries once when the answer is lost.
 * Each flaw is one of the two broken apps of docs/scenarios.md, "Golden recordings".
 */
export type CheckoutFlaw = 'major-units' | 'fresh-key-per-retry';

export interface CheckoutApp {
  origin: string;
  close(): Promise<void>;
}

export async function startCheckoutApp(
  sandbox: string,
  key: string,
  flaw?: CheckoutFlaw,
): Promise<CheckoutApp> {
  const createLink = async (cart: string, total: number): Promise<Response> => {
    const amount = flaw === 'major-units' ? total : Math.round(total * 100);
    const idempotencyKey = flaw === 'fresh-key-per-retry' ? randomUUID() : `checkout-${cart}`;
    return fetch(`${sandbox}/payment-links`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify({ amount, title: `Cart ${cart}`, reference_id: cart }),
    });
  };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', async () => {
      const { cart, total } = JSON.parse(text) as { cart: string; total: number };
      let answer: Response;
      try {
        answer = await createLink(cart, total);
      } catch {
        answer = await createLink(cart, total);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
