// app/api/webhooks/route.ts in a Next.js App Router app (Node.js runtime): WEBHOOK_SECRET=whsec_…
import { Buffer } from 'node:buffer';
import { applyOnce, verify } from '../../../lib/receiver';

export async function POST(request: Request): Promise<Response> {
  // The bytes that were signed: request.json() would parse them, and re-serialising is not them.
  const body = Buffer.from(await request.arrayBuffer());
  try {
    verify(process.env.WEBHOOK_SECRET ?? '', (name) => request.headers.get(name), body);
  } catch (err) {
    // 4xx, never 5xx: a bad signature will not get better by being retried.
    return Response.json({ error: (err as Error).message }, { status: 400 });
  }
  let event;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    return Response.json({ error: 'the body is not JSON' }, { status: 400 });
  }
  applyOnce(request.headers.get('webhook-id') ?? '', event);
  // The work is light (memory); slow work (mail, fulfilment) belongs after the answer: next/server's after().
  return new Response(null, { status: 204 });
}
