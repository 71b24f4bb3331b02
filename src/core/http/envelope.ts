import type { Pagination, PaymentLink } from '../../shared/types';
import { ERROR_CATALOG, type SandboxError } from '../errors';

// Records are immutable (a change replaces the object), so a link's JSON is computed once and
// reused by every read of that version. The cache keeps the newest CACHED entries only: one entry
// per link ever answered would add ~580 bytes a link, 40 % of the memory at a million links. And a
// version's JSON is cached from its second answer on: a create's answer, or one read among a
// million links, is seldom asked for again, and cached it lived just long enough to be moved to
// the old generation and pile up there as garbage (at a million creates, a peak RSS of 1.2 GB
// rather than 1.55; issue 28). List pages and polled links are asked for again.
const CACHED = 20_000;
const linkJsonCache = new Map<PaymentLink, string>();

/** The versions answered once, the newest CACHED of them: a second answer caches the JSON. */
const answeredOnce = new Set<PaymentLink>();

function linkJson(link: PaymentLink): string {
  const cached = linkJsonCache.get(link);
  if (cached !== undefined) return cached;
  const json = JSON.stringify(link);
  if (answeredOnce.delete(link)) {
    linkJsonCache.set(link, json);
    if (linkJsonCache.size > CACHED) linkJsonCache.delete(linkJsonCache.keys().next().value as PaymentLink);
  } else {
    answeredOnce.add(link);
    if (answeredOnce.size > CACHED) answeredOnce.delete(answeredOnce.values().next().value as PaymentLink);
  }
  return json;
}

const meta = (requestId: string): string => `"meta":{"request_id":${JSON.stringify(requestId)}}`;

// Bodies are serialised here, once, so the idempotency store keeps the exact bytes it replays.
export const dataBody = (link: PaymentLink, requestId: string): string =>
  `{"data":${linkJson(link)},${meta(requestId)}}`;

/** Any other data in the success envelope (the console API). */
export const envelopeBody = (data: unknown, requestId: string): string =>
  `{"data":${JSON.stringify(data)},${meta(requestId)}}`;

export const listBody = (links: PaymentLink[], pagination: Pagination, requestId: string): string =>
  `{"data":[${links.map(linkJson).join(',')}],"pagination":${JSON.stringify(pagination)},${meta(requestId)}}`;

export const errorBody = (err: SandboxError, requestId: string): string =>
  JSON.stringify({
    error: {
      type: ERROR_CATALOG[err.code].type,
      code: err.code,
      message: err.message,
      ...(err.param === undefined ? {} : { param: err.param }),
    },
    meta: { request_id: requestId },
  });
