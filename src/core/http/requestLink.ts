// The payment link a logged request is about, so the console can go from a request to its link
// and back in one click: the id in its path (the API's or the console's), the link a create
// answered with, or the one a simulate named, answered or refused. Read once, when it is logged.
const LINK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const IN_PATH = /^\/(?:payment-links|_console\/api\/links)\/([^/?#]+)/;
// Our own answer to a create starts with the link's id: no need to parse the whole body.
const CREATED = /^\{"data":\{"id":"([0-9a-f-]{36})"/;

export function linkNamedBy(
  method: string,
  url: string,
  status: number,
  /** As Fastify parsed it: read, not parsed again. */
  requestBody: unknown,
  responseBody: string | undefined,
): string | undefined {
  const path = url.split('?')[0] ?? '';
  const inPath = IN_PATH.exec(path)?.[1]?.toLowerCase();
  if (inPath && LINK_ID.test(inPath)) return inPath;
  if (method !== 'POST') return undefined;
  // A refused simulate is still about its link (a 409 says why it could not change).
  if (path === '/sandbox/simulate') return simulated(requestBody);
  // A refused create made no link.
  if (status >= 200 && status < 300 && /^\/payment-links\/?$/.test(path))
    return CREATED.exec(responseBody ?? '')?.[1];
  return undefined;
}

function simulated(body: unknown): string | undefined {
  const named = (body as { payment_link_id?: unknown } | null | undefined)?.payment_link_id;
  return typeof named === 'string' && LINK_ID.test(named.toLowerCase()) ? named.toLowerCase() : undefined;
}
