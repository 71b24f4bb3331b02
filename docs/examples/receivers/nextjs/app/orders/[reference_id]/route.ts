// app/orders/[reference_id]/route.ts: what the webhooks did to an order, as {status, events}.
import { orderOf } from '../../../lib/receiver';

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ reference_id: string }> },
): Promise<Response> {
  const { reference_id } = await params;
  const order = orderOf(reference_id);
  if (!order) return Response.json({ error: `no webhook has named order ${reference_id}` }, { status: 404 });
  return Response.json(order);
}
