import { operations, type Json } from './schemaWalk';

/** The headers responses carry (docs/security.md lists the security ones, sent on everything). */
export const HEADERS: Record<string, Json> = {
  XRequestId: {
    description:
      "The id of this request (req_…), also in meta.request_id; a replayed response carries the first request's id.",
    schema: { type: 'string', examples: ['req_3f9a2c71d0e40000002a'] },
  },
  IdempotentReplayed: {
    description: 'true when this is the stored response to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  WWWAuthenticate: {
    description: 'Bearer: send Authorization: Bearer sk_test_…',
    schema: { type: 'string', enum: ['Bearer'] },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'string', pattern: '^\\d+$', examples: ['1'] },
  },
  Allow: {
    description: 'The methods this path answers, e.g. GET, POST, HEAD.',
    schema: { type: 'string', examples: ['GET, POST, HEAD'] },
  },
};

const ref = (name: string): Json => ({ $ref: `#/components/headers/${name}` });

const takesIdempotencyKey = (op: Json): boolean =>
  (op.parameters ?? []).some(
    (p: Json) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key',
  );

/** Outcomes an Idempotency-Key stores, and so replays (docs/contract.md §5): success, 404 and 409. */
const isReplayable = (status: string): boolean => /^2/.test(status) || status === '404' || status === '409';

/**
 * Documents each response's headers from what the server does: X-Request-Id everywhere,
 * Idempotent-Replayed where a key replays, WWW-Authenticate on an API key's 401, Retry-After on
 * 429 and on a 503 that says so, Allow on 405. A route added later gets the same by its status.
 */
export function documentResponseHeaders(doc: Json): void {
  for (const { op, webhook } of operations(doc)) {
    if (webhook) continue;
    const idempotent = takesIdempotencyKey(op);
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      const headers: Json = { ...(response.headers ?? {}), 'X-Request-Id': ref('XRequestId') };
      if (idempotent && isReplayable(status)) headers['Idempotent-Replayed'] = ref('IdempotentReplayed');
      if (status === '401' && /api_key_/.test(response.description ?? ''))
        headers['WWW-Authenticate'] = ref('WWWAuthenticate');
      if (status === '429' || (status === '503' && /Retry-After/i.test(response.description ?? '')))
        headers['Retry-After'] = ref('RetryAfter');
      if (status === '405') headers.Allow = ref('Allow');
      response.headers = headers;
    }
  }
  const used = new Set(JSON.stringify(doc.paths).match(/#\/components\/headers\/\w+/g) ?? []);
  const headers = Object.entries(HEADERS).filter(([name]) => used.has(`#/components/headers/${name}`));
  doc.components = {
    ...doc.components,
    headers: { ...doc.components?.headers, ...Object.fromEntries(headers) },
  };
}
